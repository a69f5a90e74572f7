// The start-up flow of spec 1 §4: sign in (messaging-app OAuth or the local device key) → user
// auth (subscribe, customerId, isAuth) → the customer; silent renewal before the token expires
// and one fresh sign-in when a call answers 40100.
import { ACCOUNT_MESSAGES, DEVICE_KEY_PARAM, isDeviceKey, launchDeviceKey } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { api, setResignIn } from '../api';
import { showToast } from '../ui/toast';
import { useDeviceKeySwitch } from '../store/deviceKeySwitch';
import { useSession } from '../store/session';

export const DEVICE_KEY_STORAGE_KEY = 'glucoguard.deviceKey';
/** The key used before the last confirmed account switch (issue 15 B). */
export const PREVIOUS_DEVICE_KEY_STORAGE_KEY = 'glucoguard.previousDeviceKey';
export const DOCTOR_OPENID_STORAGE_KEY = 'glucoguard.doctorOpenid';
/** The query parameter carrying a doctor's openid when a patient scanned the doctor's code. */
export const DOCTOR_OPENID_PARAM = 'doctorOpenid';
/** Renew at most this long before expiry (or after three quarters of a shorter lifetime). */
const RENEW_MARGIN_MS = 24 * 3600 * 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The login code and state the messaging app put in the address, taken once at start-up. */
let loginCallback: { code: string; state: string } | null = null;

/**
 * `?deviceKey=` (the embedded, local-provider mode's way to open a demo account). A browser without
 * a key of its own adopts a well-formed one at once, so a demo link works in a fresh browser. A
 * browser that has its own key never switches silently: a link holding someone else's key would
 * otherwise sign the user into that account and lose their own key for good (issue 15 B). The key
 * waits in memory until the user confirms the dialog that names the account
 * (`DeviceKeySwitchPrompt`), and the own key is then kept to switch back. The messaging-app
 * provider never reads the device key. Returns whether the address changed.
 */
function takeDeviceKey(url: URL): boolean {
  const launch = launchDeviceKey(url.search);
  if (launch.kind === 'absent') {
    return false;
  }
  // Malformed or not, a credential never stays in the address bar, the history or a shared link.
  url.searchParams.delete(DEVICE_KEY_PARAM);
  const own = readDeviceKey();
  if (launch.kind === 'switch' && own !== launch.key) {
    if (own === null) {
      try {
        window.localStorage.setItem(DEVICE_KEY_STORAGE_KEY, launch.key);
        useSession.getState().signOut();
      } catch {
        // Storage blocked: the key could not be kept for the sign-in, so the browser stays who it was.
      }
    } else {
      useDeviceKeySwitch.getState().setPending(launch.key);
    }
  }
  return true;
}

/** The key this browser used before it last switched accounts, kept so the user can switch back. */
export function previousDeviceKey(): string | null {
  try {
    const stored = window.localStorage.getItem(PREVIOUS_DEVICE_KEY_STORAGE_KEY);
    return isDeviceKey(stored) && stored !== readDeviceKey() ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Switches this browser to another device key after the user confirmed it: the current key is kept
 * as the previous one (to switch back), the session is dropped and the start-up flow signs in
 * afresh with the new key (pages wait behind the start-up loader, so none shows the old account).
 */
export async function switchDeviceKey(key: string): Promise<void> {
  const own = readDeviceKey();
  try {
    if (own !== null && own !== key) {
      window.localStorage.setItem(PREVIOUS_DEVICE_KEY_STORAGE_KEY, own);
    }
    window.localStorage.setItem(DEVICE_KEY_STORAGE_KEY, key);
  } catch {
    // Storage blocked: nothing was switched.
    useDeviceKeySwitch.getState().setPending(null);
    return;
  }
  // The flow is under way with the new key before the gate stops holding, so it never starts one with the old key.
  const restarted = restartSession({ freshSignIn: true });
  useDeviceKeySwitch.getState().setPending(null);
  await restarted;
}

/**
 * Reads what arrives in the address before the router starts: the messaging app's `code` and
 * `state` (removed from the address with history.replaceState, so a reload or a shared link never
 * reuses them), a device key to switch to, and a scanned-in doctor's openid (kept for the
 * registration page).
 */
export function takeLaunchParams(): void {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  // The messaging app appends its code and state to the return address. A `state` that was there
  // before is the page's own (an integrator's on the consent page, /oauth/authorize) and stays.
  const states = url.searchParams.getAll('state');
  const state = states.at(-1) ?? null;
  let changed = takeDeviceKey(url);
  if (code !== null && state !== null) {
    loginCallback = { code, state };
    url.searchParams.delete('code');
    url.searchParams.delete('state');
    for (const own of states.slice(0, -1)) {
      url.searchParams.append('state', own);
    }
    changed = true;
  }
  if (changed) {
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  const doctorOpenid = url.searchParams.get(DOCTOR_OPENID_PARAM);
  if (doctorOpenid !== null && doctorOpenid !== '') {
    try {
      window.sessionStorage.setItem(DOCTOR_OPENID_STORAGE_KEY, doctorOpenid);
    } catch {
      // Without storage the registration page still reads the parameter from its own address.
    }
  }
}

/** The doctor openid remembered from the launch address, if any. */
export function rememberedDoctorOpenid(): string | null {
  try {
    return window.sessionStorage.getItem(DOCTOR_OPENID_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored device key when it is well-formed (domain `DEVICE_KEY_PATTERN`, as the API checks it). */
function readDeviceKey(): string | null {
  try {
    const stored = window.localStorage.getItem(DEVICE_KEY_STORAGE_KEY);
    return isDeviceKey(stored) ? stored : null;
  } catch {
    // Storage blocked: a key for this page load only.
    return null;
  }
}

/**
 * The browser's device key for the local provider: 43 random URL-safe characters made once and
 * kept in localStorage. Whoever holds it is this user, so it never leaves the device except as
 * the sign-in code.
 */
export function deviceKey(): string {
  const stored = readDeviceKey();
  if (stored !== null) {
    return stored;
  }
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    window.localStorage.setItem(DEVICE_KEY_STORAGE_KEY, key);
  } catch {
    // See above.
  }
  return key;
}

/** When to renew a token that expires at `expiresAt`, received at `now`. */
export function renewTime(expiresAt: string, now: number): number {
  const expires = Date.parse(expiresAt);
  const lifetime = Math.max(0, expires - now);
  return expires - Math.min(RENEW_MARGIN_MS, lifetime / 4);
}

function redirectUri(): string {
  return window.location.href;
}

/** Exchanges a login code (the messaging app's, or the device key) for a session and keeps it. */
async function exchangeCode(code: string, state: string | undefined): Promise<void> {
  const { sourceId } = useSession.getState();
  const data = await api().GET('/wechat/v1/getHtmlAccessToken', {
    params: { query: state === undefined ? { code, sourceId } : { code, sourceId, state } },
  });
  useSession.getState().setSignedIn({
    token: data.token,
    expiresAt: data.expiresAt,
    renewAt: renewTime(data.expiresAt, Date.now()),
    identity: {
      openid: data.openid,
      unionid: data.unionid,
      nickname: data.nickname,
      headimgurl: data.headimgurl,
      sex: data.sex,
    },
    imgDomain: data.imgDomain,
  });
  scheduleRenewal();
}

function forgetDeviceKey(): void {
  try {
    window.localStorage.removeItem(DEVICE_KEY_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/**
 * Signs in; 'redirecting' when the browser is on its way to the messaging app's authorisation.
 * A device key already on this device (kept from an earlier sign-in, or brought by a `?deviceKey=`
 * link) is only ever made or used by the local provider, so it signs in at once, as the messaging
 * app's code does on its way back: one call instead of asking getAuthorizeUrl first. The server
 * refuses a code without the messaging app's signed state when it uses the messaging app (without
 * asking it), and then the usual way follows: getAuthorizeUrl, and its redirect
 * (docs/adr/0134-first-screen-without-waits.md).
 */
export async function signIn(): Promise<'signedIn' | 'redirecting'> {
  if (loginCallback !== null) {
    const { code, state } = loginCallback;
    loginCallback = null;
    await exchangeCode(code, state);
    return 'signedIn';
  }
  const known = readDeviceKey();
  if (known !== null) {
    try {
      await exchangeCode(known, undefined);
      return 'signedIn';
    } catch (error) {
      // Only the refusal of the code itself (400, as the messaging app's mode answers a code without
      // its state) goes the usual way below; no answer, a limit or a fault is the sign-in's failure.
      if (!isApiError(error) || error.status !== 400) {
        throw error;
      }
    }
  }
  const authorize = await api().GET('/wechat/v1/getAuthorizeUrl', {
    params: { query: { redirectUri: redirectUri() } },
  });
  if (authorize.provider === 'wechat') {
    // The messaging app signs this browser in from now on: a key left from a local deployment is of no use.
    forgetDeviceKey();
    window.location.replace(authorize.url);
    return 'redirecting';
  }
  await exchangeCode(deviceKey(), undefined);
  return 'signedIn';
}

function fetchCurrent() {
  return api().GET('/login/v1/getCurrent', { params: { query: { ratio: 'yes' } } });
}

function applyCurrent(current: Awaited<ReturnType<typeof fetchCurrent>>): void {
  useSession.setState({ imgDomain: current.imgDomain });
  useSession.getState().setCustomer(current.customerVo, current.ratio);
}

/** The customer with the completion ratio (getCurrent ratio=yes). */
export async function loadCurrent(): Promise<void> {
  applyCurrent(await fetchCurrent());
}

/**
 * The user-auth call (subscribe, customerId, isAuth) and the customer. getCurrent needs only the
 * session, so it goes out alongside auth instead of after it (docs/adr/0099-parallel-first-screen.md);
 * its answer is used when auth names a customer, as before.
 */
export async function authenticate(): Promise<void> {
  const { sourceId, identity } = useSession.getState();
  const current = fetchCurrent();
  // Its failure is reported below when the customer is wanted, and is of no interest otherwise.
  current.catch(() => {});
  const status = await api().POST('/login/v1/auth', {
    body: {
      isGetCid: true,
      sourceId,
      ...(identity === null ? {} : { openid: identity.openid, unionid: identity.unionid }),
    },
  });
  useSession.setState({ subscribe: status.subscribe, isAuth: status.isAuth, customerId: status.customerId });
  if (status.customerId !== null) {
    try {
      applyCurrent(await current);
    } catch (error) {
      showToast({ content: ACCOUNT_MESSAGES.userInfoFailed, position: 'center' });
      reportQuietly(error);
    }
  }
}

function signInFailureMessage(error: unknown): string {
  if (isApiError(error) && error.kind === 'server') {
    return error.errMsg || ACCOUNT_MESSAGES.signInUnknown;
  }
  return ACCOUNT_MESSAGES.signInRequestError;
}

function reportQuietly(error: unknown): void {
  if (!isApiError(error)) {
    console.warn(error);
  }
}

let running: Promise<void> | null = null;
/** Whether a start-up flow has ended once in this page load (until then the page shows index.html's skeleton). */
let settledOnce = false;

/** Whether the first start-up of this page load has ended (signed in, or failed and let through). */
export function startupSettled(): boolean {
  return settledOnce;
}

async function run(): Promise<void> {
  const session = useSession.getState();
  useSession.setState({ phase: 'pending' });
  try {
    if (session.token === null) {
      if ((await signIn()) === 'redirecting') {
        return;
      }
    } else if (session.renewAt !== null && Date.now() >= session.renewAt) {
      await renewSession();
    }
    await authenticate();
    scheduleRenewal();
    settledOnce = true;
    useSession.setState({ phase: 'done' });
  } catch (error) {
    // A failed sign-in still lets the navigation go on (spec §4).
    showToast({ content: signInFailureMessage(error), position: 'center' });
    reportQuietly(error);
    settledOnce = true;
    useSession.setState({ phase: 'failed' });
  }
}

/** Runs the start-up flow once per page load; later calls share the first. */
export function startSession(): Promise<void> {
  installResignIn();
  if (running === null && useSession.getState().phase !== 'pending') {
    // Already settled for this page load (or set up by a test).
    return Promise.resolve();
  }
  running ??= run();
  return running;
}

/** Runs the flow again from scratch (after registering, or on error 10001). */
export async function restartSession(options: { freshSignIn: boolean }): Promise<void> {
  if (options.freshSignIn) {
    useSession.getState().signOut();
  }
  running = run();
  await running;
}

/** Replaces the token with a fresh one (silent re-auth). */
export async function renewSession(): Promise<void> {
  const renewed = await api().POST('/login/v1/slinceAuth', { body: {} });
  useSession.getState().setToken(renewed.token, renewed.expiresAt, renewTime(renewed.expiresAt, Date.now()));
}

let renewTimer: ReturnType<typeof setTimeout> | null = null;

/** Renews the token shortly before it expires, also when the page comes back from the background. */
export function scheduleRenewal(): void {
  if (renewTimer !== null) {
    clearTimeout(renewTimer);
    renewTimer = null;
  }
  const { renewAt, token } = useSession.getState();
  if (renewAt === null || token === null) {
    return;
  }
  const delay = Math.min(Math.max(0, renewAt - Date.now()), MAX_TIMER_MS);
  renewTimer = setTimeout(() => {
    renewTimer = null;
    if (Date.now() >= (useSession.getState().renewAt ?? Infinity)) {
      renewSession().then(scheduleRenewal, reportQuietly);
    } else {
      scheduleRenewal();
    }
  }, delay);
}

let installed = false;

function installResignIn(): void {
  if (installed) {
    return;
  }
  installed = true;
  setResignIn(async () => {
    try {
      return (await signIn()) === 'signedIn';
    } catch (error) {
      reportQuietly(error);
      return false;
    }
  });
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') {
        scheduleRenewal();
      }
    });
  }
}

/** For tests: forget the running flow. */
export function resetSessionFlow(): void {
  running = null;
  settledOnce = false;
  loginCallback = null;
  useDeviceKeySwitch.getState().setPending(null);
  if (renewTimer !== null) {
    clearTimeout(renewTimer);
    renewTimer = null;
  }
}

/** Signs in afresh and repeats the auth call, without showing the start-up loader (error 10001, re-authorisation). */
export async function reauthenticate(): Promise<void> {
  if ((await signIn()) === 'signedIn') {
    await authenticate();
  }
}
