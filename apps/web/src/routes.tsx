import { AI_ASSISTANT_PATH, NO_REPORT_PATH, REGISTER_PATH, REPORT_DETAIL_PATH } from '@glucoguard/domain';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { RouteError } from './components/RouteError';
import { lazyPage } from './lazyPage';
import type { PreloadHandle } from './lazyPage';
import { mainPagePreload } from './pages/main/tabPages';
import { repairRoutes } from './pages/repair/routes';
import { AUTHORIZED_APPS_PATH, CONSENT_PATH } from './pages/oauth/paths';

// Every page is its own chunk, loaded when its route is first opened, or at start-up when the
// visit begins on it (main.tsx, preloadRoute).
const MainPage = lazyPage(() => import(/* webpackChunkName: "page-main" */ './pages/main/MainPage'));
const AiAssistantRedirect = lazyPage(
  () => import(/* webpackChunkName: "page-ai-redirect" */ './pages/ai/AiAssistantRedirect'),
);
const RegisterPage = lazyPage(() => import(/* webpackChunkName: "page-register" */ './pages/register/RegisterPage'));
const EditUserInfoPage = lazyPage(
  () => import(/* webpackChunkName: "page-edit-user-info" */ './pages/register/EditUserInfoPage'),
);
const EditPhonePage = lazyPage(
  () => import(/* webpackChunkName: "page-edit-phone" */ './pages/register/EditPhonePage'),
);
const RecoverAccountPage = lazyPage(
  () => import(/* webpackChunkName: "page-recover-account" */ './pages/register/RecoverAccountPage'),
);
const SetPage = lazyPage(() => import(/* webpackChunkName: "page-set" */ './pages/set/SetPage'));
const AboutUsPage = lazyPage(() => import(/* webpackChunkName: "page-about-us" */ './pages/set/AboutUsPage'));
const PaymentPage = lazyPage(() => import(/* webpackChunkName: "page-payment" */ './pages/payment/PaymentPage'));
const C2CChatPage = lazyPage(() => import(/* webpackChunkName: "page-c2c-chat" */ './pages/chat/C2CChatPage'));
const MyConsultListPage = lazyPage(
  () => import(/* webpackChunkName: "page-my-consult-list" */ './pages/chat/MyConsultListPage'),
);
const ConsultMorePage = lazyPage(
  () => import(/* webpackChunkName: "page-consult-more" */ './pages/consult/ConsultMorePage'),
);
const ConsultationDetailsPage = lazyPage(
  () => import(/* webpackChunkName: "page-consultation-details" */ './pages/consult/ConsultationDetailsPage'),
);
const SubConsultPage = lazyPage(
  () => import(/* webpackChunkName: "page-sub-consult" */ './pages/consultSubmit/SubConsultPage'),
);
const CheckPatientInfoPage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-check" */ './pages/consultSubmit/CheckPatientInfoPage'),
);
const FillInformationPage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-fill-information" */ './pages/consultSubmit/FillInformationPage'),
);
const DiscripIllnessPage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-illness" */ './pages/consultSubmit/DiscripIllnessPage'),
);
const AllergicHistoryPage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-allergy" */ './pages/consultSubmit/AllergicHistoryPage'),
);
const ChooseDrugStorePage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-drug-store" */ './pages/consultSubmit/ChooseDrugStorePage'),
);
const FindDoctorPage = lazyPage(
  () => import(/* webpackChunkName: "page-find-doctor" */ './pages/findDoctor/FindDoctorPage'),
);
const DoctorDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-doctor-detail" */ './pages/findDoctor/DoctorDetailPage'),
);
const ServiceDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-service-detail" */ './pages/findDoctor/ServiceDetailPage'),
);
const DrugMainPage = lazyPage(() => import(/* webpackChunkName: "page-drug-main" */ './pages/pharmacy/DrugMainPage'));
const FindDrugstorePage = lazyPage(
  () => import(/* webpackChunkName: "page-find-drugstore" */ './pages/pharmacy/FindDrugstorePage'),
);
const PurchaseDrugPage = lazyPage(
  () => import(/* webpackChunkName: "page-purchase-drug" */ './pages/pharmacy/PurchaseDrugPage'),
);
const ProtocolPage = lazyPage(() => import(/* webpackChunkName: "page-protocol" */ './pages/protocol/ProtocolPage'));
const ContactUsPage = lazyPage(() => import(/* webpackChunkName: "page-contact-us" */ './pages/contact/ContactUsPage'));
const InvitationCodePage = lazyPage(
  () => import(/* webpackChunkName: "page-invitation-code" */ './pages/invitation/InvitationCodePage'),
);
const SharePage = lazyPage(() => import(/* webpackChunkName: "page-share" */ './pages/invitation/SharePage'));
const InvitationActivityPage = lazyPage(
  () => import(/* webpackChunkName: "page-invitation" */ './pages/invitation/InvitationActivityPage'),
);
const PaperDetailsPage = lazyPage(
  () => import(/* webpackChunkName: "page-paper-details" */ './pages/invitation/PaperDetailsPage'),
);
const RewardPage = lazyPage(() => import(/* webpackChunkName: "page-reward" */ './pages/invitation/RewardPage'));
const CloseAccountPage = lazyPage(
  () => import(/* webpackChunkName: "page-close-account" */ './pages/set/CloseAccountPage'),
);
const MiniProgramPage = lazyPage(
  () => import(/* webpackChunkName: "page-miniprogram" */ './pages/miniprogram/MiniProgramPage'),
);
const ReportCenterPage = lazyPage(
  () => import(/* webpackChunkName: "page-report-center" */ './pages/reportCenter/ReportCenterPage'),
);
const AddSugarPage = lazyPage(
  () => import(/* webpackChunkName: "page-add-sugar" */ './pages/reportCenter/sugar/AddSugarPage'),
);
const AddBpPage = lazyPage(
  () => import(/* webpackChunkName: "page-add-blood-pressure" */ './pages/reportCenter/bp/AddBpPage'),
);
const ReportDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-report-detail" */ './pages/reportCenter/report/ReportDetailPage'),
);
const NoReportPage = lazyPage(
  () => import(/* webpackChunkName: "page-no-report" */ './pages/reportCenter/report/NoReportPage'),
);
const WeightPage = lazyPage(() => import(/* webpackChunkName: "page-weight" */ './pages/weight/WeightPage'));
const HealthInfoPage = lazyPage(
  () => import(/* webpackChunkName: "page-health-info" */ './pages/healthRecord/HealthInfoPage'),
);
const TreatmentPage = lazyPage(
  () => import(/* webpackChunkName: "page-treatment" */ './pages/healthRecord/TreatmentPage'),
);
const ShareManagePage = lazyPage(
  () => import(/* webpackChunkName: "page-share-manage" */ './pages/share/ShareManagePage'),
);
const ShareBloodSugarPage = lazyPage(
  () => import(/* webpackChunkName: "page-share-sugar" */ './pages/share/ShareBloodSugarPage'),
);
const ShareBloodPressurePage = lazyPage(
  () => import(/* webpackChunkName: "page-share-pressure" */ './pages/share/ShareBloodPressurePage'),
);
const MedicalReportPage = lazyPage(
  () => import(/* webpackChunkName: "page-medical-report" */ './pages/medicalReport/MedicalReportPage'),
);
const HealthTargetPage = lazyPage(
  () => import(/* webpackChunkName: "page-health-target" */ './pages/healthTarget/HealthTargetPage'),
);
const HealthTargetDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-health-target-detail" */ './pages/healthTarget/HealthTargetDetailPage'),
);
const PointsHomePage = lazyPage(() => import(/* webpackChunkName: "page-points" */ './pages/points/PointsHomePage'));
const RulePage = lazyPage(() => import(/* webpackChunkName: "page-points-rule" */ './pages/points/RulePage'));
const TaskPage = lazyPage(() => import(/* webpackChunkName: "page-points-task" */ './pages/points/TaskPage'));
const RankPage = lazyPage(() => import(/* webpackChunkName: "page-rank" */ './pages/points/RankPage'));
const CheckInPage = lazyPage(() => import(/* webpackChunkName: "page-check-in" */ './pages/checkIn/CheckInPage'));
const ArticleDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-article" */ './pages/article/ArticleDetailPage'),
);
const ArticleSharePage = lazyPage(
  () => import(/* webpackChunkName: "page-article-share" */ './pages/article/ArticleSharePage'),
);
const FollowingListPage = lazyPage(
  () => import(/* webpackChunkName: "page-follow-list" */ './pages/follow/FollowingListPage'),
);
const FollowSearchPage = lazyPage(
  () => import(/* webpackChunkName: "page-follow-search" */ './pages/follow/FollowSearchPage'),
);
const FollowResultPage = lazyPage(
  () => import(/* webpackChunkName: "page-follow-result" */ './pages/follow/FollowResultPage'),
);
const FollowingDetailsPage = lazyPage(
  () => import(/* webpackChunkName: "page-follow-details" */ './pages/follow/FollowingDetailsPage'),
);
const FollowingReportPage = lazyPage(
  () => import(/* webpackChunkName: "page-follow-report" */ './pages/follow/FollowingReportPage'),
);
const FollowersPage = lazyPage(() => import(/* webpackChunkName: "page-followers" */ './pages/follow/FollowersPage'));
const FeedPage = lazyPage(() => import(/* webpackChunkName: "page-feed" */ './pages/feed/FeedPage'));
const NewMessageListPage = lazyPage(
  () => import(/* webpackChunkName: "page-feed-messages" */ './pages/feed/NewMessageListPage'),
);
const NewMessageDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-feed-post" */ './pages/feed/NewMessageDetailPage'),
);
const NoticeListPage = lazyPage(() => import(/* webpackChunkName: "page-notices" */ './pages/notice/NoticeListPage'));
const UrineDoctorPage = lazyPage(() => import(/* webpackChunkName: "page-urine" */ './pages/urine/UrineDoctorPage'));
const DeviceListPage = lazyPage(() => import(/* webpackChunkName: "page-devices" */ './pages/devices/DeviceListPage'));
const BindDevicePage = lazyPage(
  () => import(/* webpackChunkName: "page-devices-bind" */ './pages/devices/BindDevicePage'),
);
const BindErrorPage = lazyPage(
  () => import(/* webpackChunkName: "page-devices-bind-error" */ './pages/devices/BindErrorPage'),
);
const RecipeListPage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-list" */ './pages/recipe/RecipeListPage'),
);
const PrescriptionPage = lazyPage(
  () => import(/* webpackChunkName: "page-prescription" */ './pages/recipe/PrescriptionPage'),
);
const RecipeDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-recipe-detail" */ './pages/recipe/RecipeDetailPage'),
);
const ProposalPage = lazyPage(() => import(/* webpackChunkName: "page-proposal" */ './pages/recipe/ProposalPage'));
const AdviceAndSuggestionsPage = lazyPage(
  () => import(/* webpackChunkName: "page-advice" */ './pages/recipe/AdviceAndSuggestionsPage'),
);
const DiagnosisPlanPage = lazyPage(
  () => import(/* webpackChunkName: "page-diagnosis-plan" */ './pages/recipe/DiagnosisPlanPage'),
);
const MonitoringPlanPage = lazyPage(
  () => import(/* webpackChunkName: "page-monitoring-plan" */ './pages/monitoring/MonitoringPlanPage'),
);
const MonitoringPlanListPage = lazyPage(
  () => import(/* webpackChunkName: "page-monitoring-plan-list" */ './pages/monitoring/MonitoringPlanListPage'),
);
const CalendarPage = lazyPage(
  () => import(/* webpackChunkName: "page-medication-calendar" */ './pages/medication/CalendarPage'),
);
const MedicationRecordListPage = lazyPage(
  () => import(/* webpackChunkName: "page-medication-list" */ './pages/medication/MedicationRecordListPage'),
);
const AddMedicationPage = lazyPage(
  () => import(/* webpackChunkName: "page-medication-add" */ './pages/medication/AddMedicationPage'),
);
const SelectDrugPage = lazyPage(
  () => import(/* webpackChunkName: "page-medication-select-drug" */ './pages/medication/SelectDrugPage'),
);
const GoodsListPage = lazyPage(() => import(/* webpackChunkName: "page-goods-list" */ './pages/mall/GoodsListPage'));
const CategoryGoodsPage = lazyPage(
  () => import(/* webpackChunkName: "page-category-goods" */ './pages/mall/CategoryGoodsPage'),
);
const GoodsDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-goods-detail" */ './pages/mall/GoodsDetailPage'),
);
const SendOrderPage = lazyPage(() => import(/* webpackChunkName: "page-send-order" */ './pages/mall/SendOrderPage'));
const AddressManagePage = lazyPage(
  () => import(/* webpackChunkName: "page-address-manage" */ './pages/address/AddressManagePage'),
);
const AddAddressPage = lazyPage(
  () => import(/* webpackChunkName: "page-address-add" */ './pages/address/AddAddressPage'),
);
const MyCouponPage = lazyPage(() => import(/* webpackChunkName: "page-my-coupon" */ './pages/coupon/MyCouponPage'));
const OrderListPage = lazyPage(() => import(/* webpackChunkName: "page-order-list" */ './pages/order/OrderListPage'));
const OrderDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-order-detail" */ './pages/order/OrderDetailPage'),
);
const LogisticsPage = lazyPage(
  () => import(/* webpackChunkName: "page-order-logistics" */ './pages/order/LogisticsPage'),
);
const ServicePage = lazyPage(() => import(/* webpackChunkName: "page-service" */ './pages/order/ServicePage'));
// After-sales: the service centre and the guides (spec 3 §2.8; docs/adr/0203-after-sales-guide-routes.md).
const ServiceCenterPage = lazyPage(
  () => import(/* webpackChunkName: "page-service-center" */ './pages/serviceCenter/ServiceCenterPage'),
);
const ServicePolicyPage = lazyPage(
  () => import(/* webpackChunkName: "page-service-policy" */ './pages/serviceCenter/ServicePolicyPage'),
);
const AuthorizationShopPage = lazyPage(
  () => import(/* webpackChunkName: "page-authorization-shop" */ './pages/serviceCenter/AuthorizationShopPage'),
);
const UsageGuidePage = lazyPage(
  () => import(/* webpackChunkName: "page-usage-guide" */ './pages/serviceCenter/UsageGuidePage'),
);
const UsageGuideDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-usage-guide-detail" */ './pages/serviceCenter/UsageGuideDetailPage'),
);
const FactoryWarrantyPage = lazyPage(
  () => import(/* webpackChunkName: "page-factory-warranty" */ './pages/serviceCenter/FactoryWarrantyPage'),
);
const GuideListPage = lazyPage(
  () => import(/* webpackChunkName: "page-guide-list" */ './pages/serviceCenter/GuideListPage'),
);
const InstructionDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-instruction-detail" */ './pages/serviceCenter/InstructionDetailPage'),
);
const ProductUseSkillPage = lazyPage(
  () => import(/* webpackChunkName: "page-product-use-skill" */ './pages/serviceCenter/ProductUseSkillPage'),
);
const GuaranteeListPage = lazyPage(
  () => import(/* webpackChunkName: "page-guarantee-list" */ './pages/serviceCenter/GuaranteeListPage'),
);
const GuaranteeDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-guarantee-detail" */ './pages/serviceCenter/GuaranteeDetailPage'),
);
const CredentialPage = lazyPage(
  () => import(/* webpackChunkName: "page-credential" */ './pages/serviceCenter/CredentialPage'),
);
const PdfDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-pdf-detail" */ './pages/serviceCenter/PdfDetailPage'),
);
// After-sales: warranty registration and the customer's products (docs/adr/0206-warranty-registration-pages.md).
const AddProductPage = lazyPage(
  () => import(/* webpackChunkName: "page-add-product" */ './pages/warranty/AddProductPage'),
);
const ProductListPage = lazyPage(
  () => import(/* webpackChunkName: "page-product-list" */ './pages/warranty/ProductListPage'),
);
const ProductDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-product-detail" */ './pages/warranty/ProductDetailPage'),
);
// Open to integrators (issue 23): the consent page and 设置 → 授权管理 (docs/adr/0229-consent-and-authorized-apps-pages.md).
const ConsentPage = lazyPage(() => import(/* webpackChunkName: "page-oauth-consent" */ './pages/oauth/ConsentPage'));
const AuthorizedAppsPage = lazyPage(
  () => import(/* webpackChunkName: "page-authorized-apps" */ './pages/oauth/AuthorizedAppsPage'),
);
const NotFoundPage = lazyPage(() => import(/* webpackChunkName: "page-not-found" */ './pages/NotFoundPage'));

/**
 * The route table. Later issues add their pages here (spec 2.1 lists them all); until then
 * their addresses show the 404 page. Every route passes the start-up guard in AppLayout. Matching is case-insensitive, so /ai/AIAssistant and
 * /ai/AiAssistant both match.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <MainPage />, handle: mainPagePreload },
      { path: AI_ASSISTANT_PATH, element: <AiAssistantRedirect /> },
      { path: REGISTER_PATH, element: <RegisterPage /> },
      { path: '/register/editUserInfo', element: <EditUserInfoPage /> },
      { path: '/register/editPhone', element: <EditPhonePage /> },
      { path: '/register/recover', element: <RecoverAccountPage /> },
      { path: '/set/set', element: <SetPage /> },
      { path: '/set/aboutUs', element: <AboutUsPage /> },
      { path: '/set/closeAccount', element: <CloseAccountPage /> },
      { path: '/payment/:intentId', element: <PaymentPage /> },
      { path: '/findDoctor/C2CChat', element: <C2CChatPage /> },
      { path: '/findDoctor/myConsultList', element: <MyConsultListPage /> },
      { path: '/findDoctor/findDoctor', element: <FindDoctorPage /> },
      { path: '/findDoctor/doctorDetail', element: <DoctorDetailPage /> },
      { path: '/findDoctor/serviceDetail', element: <ServiceDetailPage /> },
      { path: '/findDoctor/subConsult', element: <SubConsultPage /> },
      { path: '/subConsult', element: <SubConsultPage /> },
      { path: '/recipe/checkPatientInfo', element: <CheckPatientInfoPage /> },
      { path: '/recipe/fillInformation', element: <FillInformationPage /> },
      { path: '/recipe/discripIllness', element: <DiscripIllnessPage /> },
      { path: '/recipe/allergicHistory', element: <AllergicHistoryPage /> },
      { path: '/recipe/chooseDrugStore', element: <ChooseDrugStorePage /> },
      { path: '/consult/more', element: <ConsultMorePage /> },
      { path: '/consultationDetails', element: <ConsultationDetailsPage /> },
      { path: '/myRecipe/recipeList', element: <RecipeListPage /> },
      { path: '/prescription', element: <PrescriptionPage /> },
      { path: '/myRecipe/recipeDetail', element: <RecipeDetailPage /> },
      { path: '/proposal', element: <ProposalPage /> },
      { path: '/adviceAndSuggestions', element: <AdviceAndSuggestionsPage /> },
      { path: '/diagnosisPlan/diagnosisPlan', element: <DiagnosisPlanPage /> },
      { path: '/drugMain', element: <DrugMainPage /> },
      { path: '/findDrugstore', element: <FindDrugstorePage /> },
      { path: '/purchaseDrug', element: <PurchaseDrugPage /> },
      { path: '/protocolPage', element: <ProtocolPage /> },
      { path: '/contactUs', element: <ContactUsPage /> },
      { path: '/invitationCode/invitationCode', element: <InvitationCodePage /> },
      { path: '/sharePage', element: <SharePage /> },
      { path: '/invitation', element: <InvitationActivityPage /> },
      { path: '/paperDetails', element: <PaperDetailsPage /> },
      { path: '/reward', element: <RewardPage /> },
      { path: '/miniprogram', element: <MiniProgramPage /> },
      { path: '/address/addressManage', element: <AddressManagePage /> },
      { path: '/address/addAddress', element: <AddAddressPage /> },
      { path: '/coupon/myCoupon', element: <MyCouponPage /> },
      {
        path: '/reportCenter/reportCenter',
        element: <ReportCenterPage />,
        // The default tab's view (血糖) comes with the page.
        handle: {
          preload: () => {
            import(/* webpackChunkName: "report-sugar" */ './pages/reportCenter/sugar/SugarView').catch(() => {});
          },
        } satisfies PreloadHandle,
      },
      { path: '/reportCenter/bloodSugar/addBloodSugarReport/:reportId?', element: <AddSugarPage /> },
      { path: '/reportCenter/bloodPressure/addBloodPressureReport/:hyperReportId', element: <AddBpPage /> },
      { path: REPORT_DETAIL_PATH, element: <ReportDetailPage /> },
      { path: NO_REPORT_PATH, element: <NoReportPage /> },
      { path: '/weightDetails', element: <WeightPage /> },
      { path: '/healthTarget/healthInfo', element: <HealthInfoPage /> },
      { path: '/treatment', element: <TreatmentPage /> },
      { path: '/share/manage', element: <ShareManagePage /> },
      { path: '/shareBloodSugarReportTable', element: <ShareBloodSugarPage /> },
      { path: '/shareBloodPressureTable', element: <ShareBloodPressurePage /> },
      { path: '/examiningReport/uploadExaminingReport', element: <MedicalReportPage /> },
      { path: '/healthTarget/healthTarget', element: <HealthTargetPage /> },
      { path: '/healthTarget/healthTargetDetail', element: <HealthTargetDetailPage /> },
      { path: '/integral', element: <PointsHomePage /> },
      { path: '/integralRule', element: <RulePage kind="points" /> },
      { path: '/pointRule', element: <RulePage kind="points" /> },
      { path: '/rankRule', element: <RulePage kind="ranking" /> },
      { path: '/integralTask', element: <TaskPage /> },
      { path: '/rankPage', element: <RankPage /> },
      { path: '/signIn', element: <CheckInPage /> },
      { path: '/articleDetails', element: <ArticleDetailPage /> },
      { path: '/articleShareDetails', element: <ArticleSharePage /> },
      { path: '/friend/friendList', element: <FollowingListPage /> },
      { path: '/friend/searchFriend', element: <FollowSearchPage /> },
      { path: '/friend/sucess', element: <FollowResultPage /> },
      { path: '/friendDetails', element: <FollowingDetailsPage /> },
      { path: '/friend/friendReportList', element: <FollowingReportPage /> },
      { path: '/friend/followers', element: <FollowersPage /> },
      { path: '/tangyouCircle/tangyouCircle', element: <FeedPage /> },
      { path: '/tangyouCircle/newMessageList', element: <NewMessageListPage /> },
      { path: '/tangyouCircle/newMessageDetail', element: <NewMessageDetailPage /> },
      { path: '/devices/unbindDevices', element: <DeviceListPage /> },
      { path: '/devices/bindDevices/:type', element: <BindDevicePage /> },
      { path: '/devices/bindError', element: <BindErrorPage /> },
      { path: '/notice/noticeList', element: <NoticeListPage /> },
      { path: '/urineDoctor', element: <UrineDoctorPage /> },
      { path: '/calendar', element: <CalendarPage /> },
      { path: '/medicationRecordList', element: <MedicationRecordListPage /> },
      { path: '/addMedication', element: <AddMedicationPage /> },
      { path: '/selectDrug', element: <SelectDrugPage /> },
      { path: '/monitoringPlan', element: <MonitoringPlanPage /> },
      { path: '/monitoringPlanList', element: <MonitoringPlanListPage /> },
      // The mall (spec 3 §2.7); /mall/goodsList is kept alive by AppLayout's KeepAliveOutlet.
      { path: '/mall/goodsList', element: <GoodsListPage /> },
      { path: '/categorysGoods', element: <CategoryGoodsPage /> },
      { path: '/serviceList', element: <CategoryGoodsPage /> },
      { path: '/mall/goodsDetail', element: <GoodsDetailPage /> },
      { path: '/shareGoodsDetail', element: <GoodsDetailPage shared /> },
      { path: '/mall/sendOrder', element: <SendOrderPage /> },
      { path: '/order/orderList', element: <OrderListPage /> },
      { path: '/order/orderDetail', element: <OrderDetailPage /> },
      { path: '/order/logistics', element: <LogisticsPage /> },
      { path: '/service', element: <ServicePage /> },
      // After-sales repairs and the dealer form (spec 3 §2.8; docs/adr/0208-repair-pages.md).
      ...repairRoutes,
      // The third-party shop of the old product is our own mall now (docs/adr/0186-mini-program-and-youzan-pages.md).
      { path: '/home/youzanMallPage', element: <Navigate to="/mall/goodsList" replace /> },
      // After-sales (spec 3 §2.8): the service centre and the guides.
      { path: '/serviceCenter', element: <ServiceCenterPage /> },
      { path: '/servicePolicy', element: <ServicePolicyPage /> },
      { path: '/authorizationShop', element: <AuthorizationShopPage /> },
      { path: '/usageGuide', element: <UsageGuidePage /> },
      { path: '/usageGuideDetail', element: <UsageGuideDetailPage /> },
      { path: '/factoryWarranty', element: <FactoryWarrantyPage /> },
      { path: '/commonFaults', element: <GuideListPage kind="faults" /> },
      { path: '/usageGuiDeList', element: <GuideListPage kind="guides" /> },
      { path: '/operationGuideList', element: <GuideListPage kind="operation" /> },
      { path: '/instructionDetail', element: <InstructionDetailPage /> },
      { path: '/productUseSkill', element: <ProductUseSkillPage /> },
      { path: '/guaranteeList', element: <GuaranteeListPage /> },
      { path: '/guaranteeDetail', element: <GuaranteeDetailPage /> },
      { path: '/credential', element: <CredentialPage /> },
      { path: '/pdfDetail', element: <PdfDetailPage /> },
      { path: '/addProduct', element: <AddProductPage /> },
      { path: '/productList', element: <ProductListPage /> },
      { path: '/productDetail', element: <ProductDetailPage /> },
      { path: CONSENT_PATH, element: <ConsentPage /> },
      { path: AUTHORIZED_APPS_PATH, element: <AuthorizedAppsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
