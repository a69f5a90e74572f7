import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../store/session';
import {
  DICTIONARIES,
  apiFailure,
  fakeApi,
  registeredCustomer,
  renderApp,
  resetStores,
  visitorSignIn,
} from '../test-utils';
import { DEVICE_KEY_STORAGE_KEY, takeLaunchParams } from './flow';

const SIGN_IN = visitorSignIn('token-1');

/** A fake API of a new visitor (or a registered user) signing in with the local provider. */
function signInApi(options: { isAuth?: '0' | '1'; subscribe?: '0' | '1' } = {}) {
  const isAuth = options.isAuth ?? '0';
  return fakeApi({
    'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/set/set?state=s', state: 's' }),
    'GET /wechat/v1/getHtmlAccessToken': () => SIGN_IN,
    'POST /login/v1/auth': () => ({ subscribe: options.subscribe ?? '1', customerId: 'c1', isAuth }),
    'GET /login/v1/getCurrent': () => ({
      customerVo: registeredCustomer(isAuth === '1' ? {} : { userType: 0, isAuth: 0, phone: null }),
      imgDomain: '/api/files/',
      ratio: 57.1,
      thirdAuthCode: 1,
    }),
    'GET /register/v1/config': () => ({ variant: 'B', showInviteCode: true, showSkip: false }),
    'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    'GET /customer/v1/getMsgSetting': () => ({
      category: 'wechatMsg',
      code: 'sugarTest',
      isReceive: 1,
      isNoTestReceive: 0,
    }),
  });
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  // A fresh page load: nothing has run yet.
  resetStores({ phase: 'pending', subscribe: null, isAuth: null });
});

describe('start-up guard', () => {
  it('signs a new visitor in with a device key and replaces a guarded page with registration, remembering it', async () => {
    const api = signInApi();
    const { router } = renderApp('/set/set?from=menu');
    expect(await screen.findByRole('heading', { name: '注册' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/register');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useSession.getState().wanted).toBe('/set/set?from=menu');

    const [exchange] = api.called('GET /wechat/v1/getHtmlAccessToken');
    const key = localStorage.getItem(DEVICE_KEY_STORAGE_KEY) ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(exchange?.query.get('code')).toBe(key);
    expect(exchange?.query.get('sourceId')).toBe('4');
    const [auth] = api.called('POST /login/v1/auth');
    expect(auth?.authorization).toBe('Bearer token-1');
    expect(auth?.body).toEqual({ isGetCid: true, sourceId: 4, openid: 'local_abc', unionid: null });
    expect(useSession.getState()).toMatchObject({ phase: 'done', isAuth: '0', token: 'token-1', customerId: 'c1' });
  });

  it('lets a visitor open whitelisted pages', async () => {
    signInApi();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '糖护医疗' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens a guarded page for a registered user', async () => {
    signInApi({ isAuth: '1' });
    const { router } = renderApp('/set/set');
    expect(await screen.findByText('个人测量消息通知')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/set/set');
  });

  it('shows the follow prompt without buttons when subscribe is 0', async () => {
    signInApi({ subscribe: '0', isAuth: '1' });
    renderApp('/set/set');
    expect(await screen.findByText('先关注公众号才能注册哦，请点击左上角关闭按钮返回关注页面')).toBeTruthy();
    expect(screen.getByText('提示')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('个人测量消息通知')).toBeNull();
  });

  it('skips the follow check on shared goods and articles', async () => {
    signInApi({ subscribe: '0', isAuth: '0' });
    renderApp('/articleShareDetails?articleId=1');
    // The shared-article page opens instead of the prompt (this fake server has no article 1).
    expect(await screen.findByText('文章不存在或已下架')).toBeTruthy();
    expect(screen.queryByText(/先关注公众号/)).toBeNull();
  });

  it('opens share pages without signing in at all', async () => {
    const api = signInApi();
    const { router } = renderApp('/sharePage?cid=1');
    // No session on the device: the gate does not sign in for the share page, and the page, which needs
    // a registered user (spec 3 §2.6), sends the visitor to registration and remembers where to return.
    expect(await screen.findByRole('heading', { name: '注册' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/register');
    expect(useSession.getState().wanted).toBe('/sharePage?cid=1');
    // The share page called nothing; the one sign-in is registration's own, which needs a session.
    const paths = api.calls.map((call) => call.path);
    expect(paths).not.toContain('/customer/v1/getCustomerPoster');
    expect(paths.filter((path) => path === '/wechat/v1/getHtmlAccessToken')).toHaveLength(1);
  });

  it('lets the navigation go on after a failed sign-in, telling why', async () => {
    fakeApi({
      'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/', state: 's' }),
      'GET /wechat/v1/getHtmlAccessToken': () => {
        throw apiFailure(50300, '登录服务暂不可用，请稍后再试', 503);
      },
      'GET /customer/v1/getMsgSetting': () => ({
        category: 'wechatMsg',
        code: 'sugarTest',
        isReceive: 1,
        isNoTestReceive: 0,
      }),
    });
    const { router } = renderApp('/set/set');
    expect(await screen.findByText('登录服务暂不可用，请稍后再试')).toBeTruthy();
    expect(await screen.findByText('个人测量消息通知')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/set/set');
    expect(useSession.getState().phase).toBe('failed');
  });

  it('signs in again once when a stored token is refused with 40100, then repeats the call', async () => {
    useSession.setState({ token: 'revoked', expiresAt: SIGN_IN.expiresAt, renewAt: Date.now() + 3600_000 });
    let refused = 0;
    const api = fakeApi({
      'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/', state: 's' }),
      'GET /wechat/v1/getHtmlAccessToken': () => SIGN_IN,
      'POST /login/v1/auth': (call) => {
        if (call.authorization === 'Bearer revoked') {
          refused += 1;
          throw apiFailure(40100, '请先登录', 401);
        }
        return { subscribe: '1', customerId: 'c1', isAuth: '1' };
      },
      'GET /login/v1/getCurrent': () => ({
        customerVo: registeredCustomer(),
        imgDomain: '/api/files/',
        ratio: 100,
        thirdAuthCode: 1,
      }),
      'GET /customer/v1/getMsgSetting': () => ({
        category: 'wechatMsg',
        code: 'sugarTest',
        isReceive: 1,
        isNoTestReceive: 0,
      }),
    });
    renderApp('/set/set');
    expect(await screen.findByText('个人测量消息通知')).toBeTruthy();
    expect(refused).toBe(1);
    expect(api.called('GET /wechat/v1/getHtmlAccessToken')).toHaveLength(1);
    expect(api.called('POST /login/v1/auth').map((call) => call.authorization)).toEqual([
      'Bearer revoked',
      'Bearer token-1',
    ]);
    expect(useSession.getState().token).toBe('token-1');
  });

  it('exchanges the code and state the messaging app returned with, and strips them from the address', async () => {
    window.history.replaceState(null, '', '/?code=wx-code&state=signed-state&sourceId=4');
    takeLaunchParams();
    expect(window.location.search).toBe('?sourceId=4');
    const api = signInApi({ isAuth: '1' });
    renderApp('/');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('GET /wechat/v1/getAuthorizeUrl')).toHaveLength(0);
    const [exchange] = api.called('GET /wechat/v1/getHtmlAccessToken');
    expect(exchange?.query.get('code')).toBe('wx-code');
    expect(exchange?.query.get('state')).toBe('signed-state');
    window.history.replaceState(null, '', '/');
  });

  it("keeps the consent page's own state when the messaging app appends its code and state to the address", async () => {
    window.history.replaceState(
      null,
      '',
      '/oauth/authorize?client_id=gg_client_a&state=app-state&code=wx-code&state=signed-state',
    );
    takeLaunchParams();
    expect(window.location.search).toBe('?client_id=gg_client_a&state=app-state');
    const api = signInApi({ isAuth: '1' });
    renderApp('/');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    const [exchange] = api.called('GET /wechat/v1/getHtmlAccessToken');
    expect(exchange?.query.get('code')).toBe('wx-code');
    expect(exchange?.query.get('state')).toBe('signed-state');
    window.history.replaceState(null, '', '/');
  });
});
