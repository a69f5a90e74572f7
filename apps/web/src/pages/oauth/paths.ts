/** The consent page: the address integrators send the browser to, with the standard query. */
export const CONSENT_PATH = '/oauth/authorize';
/** 设置 → 授权管理: the apps the patient allowed. */
export const AUTHORIZED_APPS_PATH = '/authorizedApps';

/** Whether an in-app address is the consent page (with its query). */
export function isConsentAddress(address: string): boolean {
  return address === CONSENT_PATH || address.startsWith(`${CONSENT_PATH}?`);
}

/** Told on registration to a visitor who came from the consent page. */
export const CONSENT_RETURN_NOTE = '注册完成后，会回到应用的授权页面，由您决定是否授权。';
