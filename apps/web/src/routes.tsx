import { AI_ASSISTANT_PATH, REGISTER_PATH } from '@glucoguard/domain';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { RouteError } from './components/RouteError';

// Every page is its own chunk, loaded when its route is first opened.
const MainPage = lazy(() => import(/* webpackChunkName: "page-main" */ './pages/main/MainPage'));
const AiAssistantRedirect = lazy(() => import(/* webpackChunkName: "page-ai-redirect" */ './pages/ai/AiAssistantRedirect'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "page-register" */ './pages/register/RegisterPage'));
const EditUserInfoPage = lazy(() => import(/* webpackChunkName: "page-edit-user-info" */ './pages/register/EditUserInfoPage'));
const EditPhonePage = lazy(() => import(/* webpackChunkName: "page-edit-phone" */ './pages/register/EditPhonePage'));
const SetPage = lazy(() => import(/* webpackChunkName: "page-set" */ './pages/set/SetPage'));
const AboutUsPage = lazy(() => import(/* webpackChunkName: "page-about-us" */ './pages/set/AboutUsPage'));
const ProtocolPage = lazy(() => import(/* webpackChunkName: "page-protocol" */ './pages/protocol/ProtocolPage'));
const ContactUsPage = lazy(() => import(/* webpackChunkName: "page-contact-us" */ './pages/contact/ContactUsPage'));
const InvitationCodePage = lazy(() => import(/* webpackChunkName: "page-invitation-code" */ './pages/invitation/InvitationCodePage'));
const SharePage = lazy(() => import(/* webpackChunkName: "page-share" */ './pages/invitation/SharePage'));
const MiniProgramPage = lazy(() => import(/* webpackChunkName: "page-miniprogram" */ './pages/miniprogram/MiniProgramPage'));
const ReportCenterPage = lazy(() => import(/* webpackChunkName: "page-report-center" */ './pages/reportCenter/ReportCenterPage'));
const AddSugarPage = lazy(() => import(/* webpackChunkName: "page-add-sugar" */ './pages/reportCenter/sugar/AddSugarPage'));
const AddBpPage = lazy(() => import(/* webpackChunkName: "page-add-blood-pressure" */ './pages/reportCenter/bp/AddBpPage'));
const WeightPage = lazy(() => import(/* webpackChunkName: "page-weight" */ './pages/weight/WeightPage'));
const ShareManagePage = lazy(() => import(/* webpackChunkName: "page-share-manage" */ './pages/share/ShareManagePage'));
const ShareBloodSugarPage = lazy(() => import(/* webpackChunkName: "page-share-sugar" */ './pages/share/ShareBloodSugarPage'));
const ShareBloodPressurePage = lazy(() => import(/* webpackChunkName: "page-share-pressure" */ './pages/share/ShareBloodPressurePage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './pages/NotFoundPage'));

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
      { path: '/', element: <MainPage /> },
      { path: AI_ASSISTANT_PATH, element: <AiAssistantRedirect /> },
      { path: REGISTER_PATH, element: <RegisterPage /> },
      { path: '/register/editUserInfo', element: <EditUserInfoPage /> },
      { path: '/register/editPhone', element: <EditPhonePage /> },
      { path: '/set/set', element: <SetPage /> },
      { path: '/set/aboutUs', element: <AboutUsPage /> },
      { path: '/protocolPage', element: <ProtocolPage /> },
      { path: '/contactUs', element: <ContactUsPage /> },
      { path: '/invitationCode/invitationCode', element: <InvitationCodePage /> },
      { path: '/sharePage', element: <SharePage /> },
      { path: '/miniprogram', element: <MiniProgramPage /> },
      { path: '/reportCenter/reportCenter', element: <ReportCenterPage /> },
      { path: '/reportCenter/bloodSugar/addBloodSugarReport/:reportId?', element: <AddSugarPage /> },
      { path: '/reportCenter/bloodPressure/addBloodPressureReport/:hyperReportId', element: <AddBpPage /> },
      { path: '/weightDetails', element: <WeightPage /> },
      { path: '/share/manage', element: <ShareManagePage /> },
      { path: '/shareBloodSugarReportTable', element: <ShareBloodSugarPage /> },
      { path: '/shareBloodPressureTable', element: <ShareBloodPressurePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
