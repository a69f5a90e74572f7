import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { setApiFetch } from './api';
import { DEFAULT_SOURCE_ID } from './brand';
import { resetDictionaries } from './hooks/useDictionaries';
import { routes } from './routes';
import { resetSessionFlow } from './session/flow';
import { useSession } from './store/session';
import { reloadElderMode } from './store/elderMode';
import type { SessionCustomer, SessionState } from './store/session';
import { useUnread } from './store/unread';

/** Calls to the fake API still answering; each test waits for them so none outlives its file. */
const inFlight = new Set<Promise<unknown>>();

/** Waits until every fake API call has answered and its follow-ups (state updates, toasts) ran. */
export async function apiIdle(): Promise<void> {
  while (inFlight.size > 0) {
    await Promise.allSettled([...inFlight]);
  }
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(async () => {
  await apiIdle();
});

/**
 * Waits until no antd-mobile dialog is showing, then takes away the transparent remains of the
 * closed ones. In jsdom a dialog's close animation can reach opacity 0 without running the end
 * callback that unmounts it; the inert leftover would make the next dialog's buttons ambiguous.
 */
export async function dialogsClosed(): Promise<void> {
  await waitFor(() => {
    for (const panel of document.querySelectorAll<HTMLElement>('.adm-dialog .adm-center-popup-wrap > div')) {
      if (panel.style.opacity !== '0') {
        throw new Error('a dialog is still showing');
      }
    }
  });
  for (const dialog of document.querySelectorAll('.adm-dialog')) {
    // Only the containers antd-mobile's imperative API appended to <body>, never <body> itself.
    const container = dialog.parentElement;
    if (container !== null && container !== document.body && container.parentElement === document.body) {
      container.remove();
    }
  }
}

/** Renders the app's real route table in memory at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/**
 * Puts the stores back to a signed-in visitor on the default brand whose start-up flow has run
 * (so pages open without network), and the network to one that refuses every call.
 */
export function resetStores(session: Partial<SessionState> = {}): void {
  resetSessionFlow();
  resetDictionaries();
  localStorage.clear();
  reloadElderMode();
  setApiFetch(() => Promise.reject(new Error('no fake server for this test')));
  useSession.setState({
    token: null,
    expiresAt: null,
    renewAt: null,
    identity: null,
    imgDomain: '/api/files/',
    phase: 'done',
    subscribe: '1',
    isAuth: '0',
    customerId: null,
    customer: null,
    ratio: null,
    thirdAuthCode: null,
    wanted: null,
    goodsPage: null,
    sourceId: DEFAULT_SOURCE_ID,
    ...session,
  });
  useUnread.setState({ unread: 0, notices: 0, followRequests: 0, chats: 0, followRequest: null });
}

/** The answer of `getHtmlAccessToken` for a new visitor signed in with the local provider. */
export function visitorSignIn(token: string) {
  return {
    token,
    expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    openid: 'local_abc',
    nickname: '访客0001',
    headimgurl: '',
    sex: 0,
    unionid: null,
    imgDomain: '/api/files/',
  };
}

/** A registered customer as getCurrent returns it. */
export function registeredCustomer(overrides: Partial<SessionCustomer> = {}): SessionCustomer {
  return {
    cid: 'c1',
    nickname: '张三',
    sex: 1,
    headimgurl: '',
    phone: '13800138000',
    roleType: 1,
    diabetesType: '3',
    bloodPressureType: null,
    birthday: '1972-01-01',
    province: null,
    city: null,
    district: null,
    address: null,
    isFamilyMember: false,
    inviteCode: 'ABC123',
    givePaper: 0,
    customerScore: 0,
    thirdAuthCode: 1,
    userType: 1,
    isAuth: 1,
    sourceId: 4,
    height: null,
    weight: null,
    ...overrides,
  };
}

/** One recorded call to the fake API. */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: RecordedCall) => unknown;

/** What a fake API handler throws to answer with an error envelope. */
export class FakeApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly errMsg: string,
    readonly status = 400,
  ) {
    super(errMsg);
  }
}

/** An error envelope from a fake handler: `throw apiFailure(90001, '…')`. */
export function apiFailure(code: number, errMsg: string, status?: number): FakeApiFailure {
  return new FakeApiFailure(code, errMsg, status);
}

/**
 * A fake API for component tests, injected as the SDK client's fetch: `routes` maps
 * 'METHOD /path' to a handler returning `data` (or throwing {@link apiFailure}).
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  setApiFetch((request) => {
    const answer = respond(request);
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer)).catch(() => undefined);
    return answer;
  });
  async function respond(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const call: RecordedCall = {
      method: request.method,
      path,
      query: url.searchParams,
      body: text === '' ? undefined : JSON.parse(text),
      authorization: request.headers.get('Authorization'),
    };
    calls.push(call);
    const handler = routes[`${request.method} ${path}`];
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (handler === undefined) {
      return json(404, { code: 40400, errMsg: `no fake for ${request.method} ${path}`, data: null });
    }
    try {
      return json(200, { code: 0, errMsg: '', data: handler(call) ?? null });
    } catch (failure) {
      if (!(failure instanceof FakeApiFailure)) {
        throw failure;
      }
      return json(failure.status, { code: failure.code, errMsg: failure.errMsg, data: null });
    }
  }
  return { calls, called: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

/** The dictionaries as the API seeds them. */
export const DICTIONARIES = {
  sex: [
    { itemKey: '1', itemValue: '男' },
    { itemKey: '2', itemValue: '女' },
  ],
  diabetes_type: [
    { itemKey: '1', itemValue: '健康（无糖尿病）' },
    { itemKey: '2', itemValue: '1型糖尿病' },
    { itemKey: '3', itemValue: '2型糖尿病' },
    { itemKey: '4', itemValue: '妊娠糖尿病' },
  ],
  bloodPressure_type: [
    { itemKey: '1', itemValue: '无高血压' },
    { itemKey: '2', itemValue: '原发性高血压' },
  ],
};

/** The user agent of the messaging app's in-app browser on an iPhone (as in e2e/phone.mjs). */
export const MESSAGING_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';

/**
 * The messaging app's `wx` (not ours) inside its browser: configures, then its scanner answers
 * `resultStr`. Pages scan through useCodeScanner; the page's API must answer getWxJsConfig signed.
 * Returns the scanner's spy. Call `resetWx()` before and delete `globalThis.wx` after.
 */
export function fakeMessagingAppScanner(resultStr: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MESSAGING_APP_UA);
  let onReady = () => undefined as void;
  const scanQRCode = vi.fn((options: { success: (r: { resultStr: string }) => void }) =>
    options.success({ resultStr }),
  );
  (globalThis as { wx?: unknown }).wx = {
    config: vi.fn(() => queueMicrotask(() => onReady())),
    ready: (callback: () => void) => (onReady = callback),
    error: () => undefined,
    scanQRCode,
  };
  return scanQRCode;
}

/**
 * The fake answers of a variant-A registration completed with 跳过 (no profile), and of the
 * sign-in that follows it: from then on getCurrent reports a registered customer.
 */
export function skipRegistrationRoutes(): Record<string, Handler> {
  return {
    'GET /register/v1/config': () => ({ variant: 'A', showInviteCode: true, showSkip: true }),
    'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    'POST /register/v1/skip': () => null,
    'POST /login/v1/auth': () => ({ subscribe: '1', customerId: 'c1', isAuth: '1' }),
    'GET /login/v1/getCurrent': () => ({
      customerVo: registeredCustomer(),
      imgDomain: '/api/files/',
      ratio: 85.7,
      thirdAuthCode: 1,
    }),
    ...settingsPageRoutes(),
  };
}

/** The fake answer the 设置 page loads (its message settings, both switches on). */
export function settingsPageRoutes(): Record<string, Handler> {
  return {
    'GET /customer/v1/getMsgSetting': () => ({
      category: 'wechatMsg',
      code: 'sugarTest',
      isReceive: 1,
      isNoTestReceive: 1,
    }),
  };
}

/** On the open variant-A registration page (see {@link skipRegistrationRoutes}): name, phone, code, consent, 跳过. */
export async function registerSkippingProfile(): Promise<void> {
  await screen.findByRole('heading', { name: '用户注册' });
  await apiIdle();
  const type = (name: string, value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
  type('用户名', '李四');
  type('手机号', '13900139000');
  type('验证码', '654321');
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  fireEvent.click(screen.getByRole('button', { name: '跳过' }));
}

/**
 * The hooks of a page test for a signed-in, registered patient: antd-mobile renders into the test's
 * document, each test starts from a fresh session, and no toast, dialog or spy outlives its test.
 */
export function registeredPatientPageHooks(): void {
  beforeAll(() => {
    installAntdMobileRender();
  });
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  });
  afterEach(() => {
    act(() => {
      Toast.clear();
      Dialog.clear();
    });
    vi.restoreAllMocks();
  });
}
