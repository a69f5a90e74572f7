import type { operations } from '@glucoguard/sdk';

/**
 * Types of openapi.yaml's operations, from the generated SDK, for services and routes: a service
 * takes `BodyOf<'addBloodPressure'>` rather than restating the body by hand.
 */
export type OperationId = keyof operations;
type Op<Id extends OperationId> = operations[Id];
type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON request body of an operation. */
export type BodyOf<Id extends OperationId> =
  Op<Id> extends { requestBody: infer R } ? JsonBody<NonNullable<R>> : unknown;
/** The query parameters of an operation. */
export type QueryOf<Id extends OperationId> =
  Op<Id> extends { parameters: { query?: infer Q } } ? ([Q] extends [never] ? unknown : NonNullable<Q>) : unknown;
/** The path parameters of an operation. */
export type ParamsOf<Id extends OperationId> =
  Op<Id> extends { parameters: { path?: infer P } } ? ([P] extends [never] ? unknown : NonNullable<P>) : unknown;
/** The whole JSON body of an operation's 200 answer (the envelope, or another system's shape). */
export type SuccessOf<Id extends OperationId> = Op<Id> extends { responses: { 200: infer R } } ? JsonBody<R> : never;

/**
 * The operations whose openapi.yaml `security` lets a caller without a session in (`security: []`
 * or an optional `{}`); every other operation needs a signed-in session (the document's default).
 * The generated types do not carry `security`, so this list states it for the type checker, and
 * the openapi plugin refuses to start when it disagrees with the document (checked per operation
 * at registration, and for the whole document in openapi-document.test.ts).
 */
export const PUBLIC_OPERATIONS = [
  'articleImage',
  'articleList',
  'articleTypes',
  'bannerImage',
  'goodsImage',
  'productImage',
  'productManualFile',
  'bannerList',
  'chatSocket',
  'consoleSignIn',
  'deviceKeyAccount',
  'emqxAuthenticate',
  'emqxAuthorize',
  'fhirCapabilities',
  'getAuthorizeUrl',
  'getBloodPressureDictionary',
  'getDictionariesByCodes',
  'getFile',
  'getHealth',
  'getHtmlAccessToken',
  'getRegisterConfig',
  'getScoreRule',
  'getServerTime',
  'getSmsOutbox',
  'getWxJsConfig',
  'meterAuth',
  'oauthRevoke',
  'oauthToken',
  'paymentNotify',
  'queryDicAll',
  'queryDicByTypeCode',
  'queryLegal',
  'querySugarDic',
  'reportFrontLog',
  'shareBloodPressureTable',
  'shareBloodSugarTable',
  'storeMeterReadings',
] as const satisfies readonly OperationId[];

/**
 * The integrators' open operations (issue 23): `security: [{ oauth2: [scope…] }]` in openapi.yaml.
 * They take an access token (`oat_…`), never a patient's session; the openapi plugin resolves the
 * caller into `request.client` (lib/client-context.ts), refuses a missing or bad token (401), a
 * token without the operation's scopes (403) and a client over its rate limit (429), and refuses to
 * start when this list disagrees with the document.
 */
export const OPEN_OPERATIONS = [
  'openListReadings',
  'openCreateReading',
  'openGetProfile',
  'openGetReport',
  'openProvisionDevices',
  'openListChanges',
  'openListWebhooks',
  'openCreateWebhook',
  'openUpdateWebhook',
  'openDeleteWebhook',
  'openWebhookDeliveries',
  'openRotateWebhookSecret',
  'fhirReadPatient',
  'fhirSearchPatient',
  'fhirSearchObservation',
  'fhirReadObservation',
  'fhirSearchDevice',
  'fhirReadDevice',
] as const satisfies readonly OperationId[];

/** An open operation for integrators. */
export type OpenOperation = (typeof OPEN_OPERATIONS)[number];

/** An operation a caller may reach without a session. */
export type PublicOperation = (typeof PUBLIC_OPERATIONS)[number];

/**
 * The console's operations (`security: staffAuth` in openapi.yaml): they need a staff token, never a
 * customer's session, and the role their `x-permission` names. The openapi plugin checks this list
 * against the document at start-up.
 */
export const STAFF_OPERATIONS = [
  'consoleAfterSalesProductCategorys',
  'consoleAfterSalesCreateProductCategory',
  'consoleAfterSalesUpdateProductCategory',
  'consoleAfterSalesProducts',
  'consoleAfterSalesCreateProduct',
  'consoleAfterSalesProduct',
  'consoleAfterSalesUpdateProduct',
  'consoleAfterSalesGuides',
  'consoleAfterSalesCreateGuide',
  'consoleAfterSalesGuide',
  'consoleAfterSalesUpdateGuide',
  'consoleAfterSalesBanners',
  'consoleAfterSalesCreateBanner',
  'consoleAfterSalesUpdateBanner',
  'consoleAfterSalesGuaranteePlatforms',
  'consoleAfterSalesCreateGuaranteePlatform',
  'consoleAfterSalesUpdateGuaranteePlatform',
  'consoleAfterSalesGuarantees',
  'consoleAfterSalesCreateGuarantee',
  'consoleAfterSalesUpdateGuarantee',
  'consoleAfterSalesShops',
  'consoleAfterSalesCreateShop',
  'consoleAfterSalesUpdateShop',
  'consoleAfterSalesPolicies',
  'consoleAfterSalesUpdatePolicy',
  'consoleAfterSalesUploadImage',
  'consoleAfterSalesUploadManual',
  'consoleWarranties',
  'consoleRepairs',
  'consoleRepair',
  'consoleAssignRepair',
  'consoleRepairResult',
  'consoleCompleteRepair',
  'consoleRepairAssignees',
  'consoleDealerEnquiries',
  'consoleDealerEnquiry',
  'consoleHandleDealerEnquiry',
  'browseAudit',
  'changeStaffPassword',
  'changeStaffRole',
  'consoleAcceptConsult',
  'consoleChatMessages',
  'consoleChatRead',
  'consoleChatSend',
  'consoleChatSessions',
  'consoleChatSig',
  'consoleChatUploadImage',
  'consoleChatUploadVoice',
  'consoleConsult',
  'consoleConsults',
  'consoleEndConsult',
  'consoleConsultReadings',
  'consoleConsultMonitorPlans',
  'consoleIssueMonitorPlan',
  'consoleConsultRx',
  'consoleRxMedicines',
  'consoleCreateAdvice',
  'consoleCreatePrescription',
  'consoleMe',
  'consolePaymentIntent',
  'consoleRefundPayment',
  'consoleRejectConsult',
  'consoleRedeemPrescription',
  'consoleReviewPrescription',
  'consoleRxPrescription',
  'consoleRxReviews',
  'consoleSignOut',
  'createStaff',
  'createOwnDoctorService',
  'disableStaff',
  'findDirectoryDoctors',
  'listOwnDoctorServices',
  'listStaff',
  'updateOwnDoctorService',
  'consoleCreateOnlineStore',
  'consoleCreatePharmacy',
  'consoleOnlineStores',
  'consolePharmacies',
  'consolePharmacy',
  'consolePharmacyStock',
  'consoleSetPharmacyStock',
  'consoleUpdateOnlineStore',
  'consoleUpdatePharmacy',
  'consoleGoodsContainers',
  'consoleCreateGoodsContainer',
  'consoleUpdateGoodsContainer',
  'consoleGoodsCategories',
  'consoleCreateGoodsCategory',
  'consoleUpdateGoodsCategory',
  'consoleGoodsList',
  'consoleCreateGoods',
  'consoleGoodsUploadImage',
  'consoleGoods',
  'consoleUpdateGoods',
  'consoleGoodsStock',
  'consoleGoodsShelf',
  'consoleGoodsFlags',
  'consoleCoupons',
  'consoleCreateCoupon',
  'consoleIssueCoupon',
  'consoleCouponRecipients',
  'consoleOrders',
  'consoleOrder',
  'consoleAuditOrder',
  'consoleShipOrder',
  'consoleSignOrder',
  'consoleRefundOrder',
  'consoleDeclineOrderRefund',
  'consoleSalesReport',
  'consoleOpenClients',
  'consoleOpenClientCreate',
  'consoleOpenClient',
  'consoleOpenClientUpdate',
  'consoleOpenClientRotateSecret',
  'consoleOpenClientGrants',
  'consoleOpenWebhooks',
  'consoleOpenWebhookDeliveries',
  'consoleReplayOpenDelivery',
] as const satisfies readonly OperationId[];

export type StaffOperation = (typeof STAFF_OPERATIONS)[number];
