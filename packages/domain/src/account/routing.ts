import { INVITATION_ACTIVITY_NAME } from './labels';
/** Routes an unregistered user (isAuth not 1) may open; everything else redirects to registration. */
export const UNREGISTERED_WHITELIST = [
  '/mall/goodsList',
  '/',
  '/register/register',
  /** Getting an account back (issue 15 D) is for a visitor who cannot register that phone. */
  '/register/recover',
  '/articleShareDetails',
  '/shareGoodsDetail',
  '/mall/goodsDetail',
  '/addProduct',
  '/serviceCenter',
  '/usageGuide',
  '/usageGuiDeList',
  '/usageGuideDetail',
  '/operationGuideList',
  '/instructionDetail',
  '/commonFaults',
  '/dealerProcurement',
  '/authorizationShop',
  '/productUseSkill',
  '/guaranteeDetail',
] as const;

/** Public share pages that skip sign-in entirely. */
export const SKIP_SIGN_IN_ROUTES = ['/shareBloodSugarReportTable', '/shareBloodPressureTable', '/sharePage'] as const;
/** Pages that skip the follow-the-official-account check. */
export const SKIP_FOLLOW_CHECK_ROUTES = ['/shareGoodsDetail', '/articleShareDetails'] as const;
/** Pages kept alive when the user navigates away. */
export const KEEP_ALIVE_ROUTES = ['/', '/mall/goodsList'] as const;
/** Where unregistered users are sent (by replace, remembering the wanted address). */
export const REGISTER_PATH = '/register/register';
/** The AI assistant's route; the product also links it as /ai/AIAssistant. */
export const AI_ASSISTANT_PATH = '/ai/AiAssistant';

/** The path part of an address, without query or hash, with the AI assistant's two spellings unified. */
export function normalisePath(address: string): string {
  const path = address.split(/[?#]/)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase() === AI_ASSISTANT_PATH.toLowerCase() ? AI_ASSISTANT_PATH : trimmed || '/';
}

function listed(list: readonly string[], address: string): boolean {
  return list.includes(normalisePath(address));
}

/** Whether an unregistered user may open the address. */
export function isWhitelistedForUnregistered(address: string): boolean {
  return listed(UNREGISTERED_WHITELIST, address);
}

/** Whether the address is a share page that needs no sign-in. */
export function skipsSignIn(address: string): boolean {
  return listed(SKIP_SIGN_IN_ROUTES, address);
}

/** Whether the address skips the follow-the-account check. */
export function skipsFollowCheck(address: string): boolean {
  return listed(SKIP_FOLLOW_CHECK_ROUTES, address);
}

/**
 * Pages the spec sends an unregistered user to a page of its own rather than to registration:
 * /productList "without a cid goes to /addProduct" (spec 3 §2.8). The wanted address is kept all
 * the same, so registering later lands on it (docs/adr/0206-warranty-registration-pages.md).
 */
export const UNREGISTERED_REDIRECTS: Readonly<Record<string, string>> = Object.freeze({
  '/productList': '/addProduct',
});

/** The guard's decision for a navigation. */
export type RouteDecision =
  | { readonly action: 'allow' }
  | {
      readonly action: 'redirect';
      /** Registration, or the page of {@link UNREGISTERED_REDIRECTS}. */
      readonly to: string;
      readonly replace: true;
      readonly returnTo: string;
    };

/**
 * The shell's guard: share pages always open; registered users (isAuth '1') go anywhere;
 * others only to the whitelist, and are otherwise replaced to registration (or the page of
 * {@link UNREGISTERED_REDIRECTS}) with the wanted address kept.
 */
export function routeDecision(address: string, isAuth: string | number | null | undefined): RouteDecision {
  if (skipsSignIn(address) || String(isAuth) === '1' || isWhitelistedForUnregistered(address)) {
    return { action: 'allow' };
  }
  const to = UNREGISTERED_REDIRECTS[normalisePath(address)] ?? REGISTER_PATH;
  return { action: 'redirect', to, replace: true, returnTo: address };
}

/** Source ids: 3 the health brand, 4 (the default) the medical brand. */
export const SOURCE_ID = { health: 3, medical: 4 } as const;
/** A brand variant. */
export type Brand = keyof typeof SOURCE_ID;

/** The brand for a source id: 3 is the health brand, anything else (default 4) the medical brand. */
export function brandFromSourceId(sourceId: string | number | null | undefined): Brand {
  return Number(sourceId) === SOURCE_ID.health ? 'health' : 'medical';
}

/** A menu entry of the mine page. */
export type MineMenuItem = { readonly id: string; readonly path: string; readonly healthOnly: boolean };

/**
 * The mine page's menu in display order. The help centre is an external link configured by the
 * app, so it has no path here.
 */
export const MINE_MENU: readonly MineMenuItem[] = Object.freeze([
  { id: 'orders', path: '/order/orderList', healthOnly: false },
  { id: 'healthFile', path: '/healthTarget/healthInfo', healthOnly: false },
  { id: 'weight', path: '/weightDetails', healthOnly: false },
  { id: 'addresses', path: '/address/addressManage', healthOnly: false },
  { id: 'coupons', path: '/coupon/myCoupon?canUseCoupon=0', healthOnly: false },
  { id: 'consultations', path: '/findDoctor/myConsultList', healthOnly: false },
  { id: 'prescriptions', path: '/prescription', healthOnly: false },
  { id: 'healthTarget', path: '/healthTarget/healthTarget', healthOnly: false },
  { id: 'monitoringPlan', path: '/monitoringPlan', healthOnly: true },
  { id: 'medicationRecord', path: '/calendar', healthOnly: true },
  { id: 'onlinePharmacy', path: '/drugMain', healthOnly: true },
  { id: 'servicePackage', path: '/service', healthOnly: true },
  /** After-sales (spec 3 §2.8): warranty, guides, repairs; the spec's mine menu does not place it. */
  { id: 'afterSales', path: '/serviceCenter', healthOnly: false },
  { id: 'settings', path: '/set/set', healthOnly: false },
]);

/** The mine menu for a brand: the health brand adds monitoring plan, medication record, online pharmacy and service package. */
export function mineMenuFor(brand: Brand): readonly MineMenuItem[] {
  return MINE_MENU.filter((item) => brand === 'health' || !item.healthOnly);
}

/** The brand-dependent switches of the shell, points, registration and contact pages. */
export type BrandFeatures = {
  /** The ranking link (points home, /rankPage) is hidden for the health brand. */
  readonly showRanking: boolean;
  /** Registration step 2 shows the 6-character invite code (our assumption: the medical brand, where patients link to doctors). */
  readonly showInviteCode: boolean;
  /** Registration step 2 offers Skip in the brand without invite codes. */
  readonly showSkip: boolean;
  /** Source id 4 opens the customer-service chat link directly; others show a QR overlay. */
  readonly customerService: 'chatLink' | 'qrOverlay';
  readonly invitationActivityName: string;
};

/** The brand-dependent switches for a source id. */
export function brandFeatures(sourceId: string | number | null | undefined): BrandFeatures {
  const brand = brandFromSourceId(sourceId);
  return {
    showRanking: brand !== 'health',
    showInviteCode: brand === 'medical',
    showSkip: brand !== 'medical',
    customerService: brand === 'medical' ? 'chatLink' : 'qrOverlay',
    invitationActivityName: INVITATION_ACTIVITY_NAME[brand],
  };
}

/**
 * Each brand's 400 customer-service hotline, as dialled and shown: the web's contact pages (through
 * its brand table) and the after-sales service policy the API serves until staff save their own.
 */
export const BRAND_HOTLINES: Readonly<Record<Brand, string>> = Object.freeze({
  health: '400-826-0303',
  medical: '400-826-0404',
});

/** Session `userType`: 1 a registered customer, 0 a visitor. */
export const USER_TYPE = { visitor: 0, registered: 1 } as const;

/**
 * Whether a user may use the features reserved to registered customers (urine-analysis partner
 * site, invitation, buying, consultation purchase); the others are sent to registration.
 */
export function isRegisteredUser(userType: string | number | null | undefined): boolean {
  return Number(userType) === USER_TYPE.registered;
}

/**
 * Whether the page runs inside the messaging app's own browser (its user agent carries
 * `MicroMessenger`), where share cards and mini-program launches are available. Only for what the
 * page offers; sign-in never depends on it.
 */
export function isMessagingAppBrowser(userAgent: string | null | undefined): boolean {
  return /MicroMessenger\//i.test(userAgent ?? '');
}

/** Home banner auto-play interval, in ms (spec §2.3, §9). */
export const HOME_BANNER_AUTOPLAY_MS = 3000;
