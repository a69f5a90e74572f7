/** The consent page: the address integrators send the browser to, with the standard query. */
export const CONSENT_PATH = '/oauth/authorize';
/** 设置 → 授权管理: the apps the patient allowed. */
export const AUTHORIZED_APPS_PATH = '/authorizedApps';
