import { waitFor } from '@testing-library/react';
import { installAntdMobileRender } from '@glucoguard/ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../store/session';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores, visitorSignIn } from '../test-utils';
import { DEVICE_KEY_STORAGE_KEY } from './flow';

const KEPT_KEY = 'k'.repeat(43);

const SIGN_IN = visitorSignIn('token-1');

/** A server whose sign-in works as `provider` says: the messaging app's refuses a code without its state. */
function signInApi(provider: 'local' | 'wechat') {
  return fakeApi({
    'GET /wechat/v1/getAuthorizeUrl': () => ({ provider, url: '/#messaging-app-authorize', state: 's' }),
    'GET /wechat/v1/getHtmlAccessToken': (call) => {
      if (provider === 'wechat' && call.query.get('state') === null) {
        throw apiFailure(40000, '登录状态已失效，请重新进入', 400);
      }
      return SIGN_IN;
    },
    'POST /login/v1/auth': () => ({ subscribe: '1', customerId: 'c1', isAuth: '1' }),
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
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  // A fresh page load without a session on the device.
  resetStores({ phase: 'pending', subscribe: null, isAuth: null });
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('sign-in at start-up', () => {
  it('signs a browser that keeps a device key in with it at once, without asking for the authorisation address', async () => {
    localStorage.setItem(DEVICE_KEY_STORAGE_KEY, KEPT_KEY);
    const api = signInApi('local');
    renderApp('/set/set');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('GET /wechat/v1/getAuthorizeUrl')).toHaveLength(0);
    expect(api.called('GET /wechat/v1/getHtmlAccessToken').map((call) => call.query.get('code'))).toEqual([KEPT_KEY]);
    expect(useSession.getState().token).toBe('token-1');
  });

  it('asks a browser without a key which provider signs in, then makes and keeps a key for the local one', async () => {
    const api = signInApi('local');
    renderApp('/set/set');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('GET /wechat/v1/getAuthorizeUrl')).toHaveLength(1);
    const made = localStorage.getItem(DEVICE_KEY_STORAGE_KEY);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(api.called('GET /wechat/v1/getHtmlAccessToken').map((call) => call.query.get('code'))).toEqual([made]);
  });

  it('goes to the messaging app when the server refuses a kept key for want of its state, and forgets the key', async () => {
    localStorage.setItem(DEVICE_KEY_STORAGE_KEY, KEPT_KEY);
    const api = signInApi('wechat');
    renderApp('/set/set');
    await waitFor(() => expect(window.location.hash).toBe('#messaging-app-authorize'));
    expect(api.called('GET /wechat/v1/getHtmlAccessToken')).toHaveLength(1);
    expect(api.called('GET /wechat/v1/getAuthorizeUrl')).toHaveLength(1);
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('does not ask again when a kept key gets no answer: the sign-in fails and says so', async () => {
    localStorage.setItem(DEVICE_KEY_STORAGE_KEY, KEPT_KEY);
    const api = fakeApi({
      'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/', state: 's' }),
      'GET /wechat/v1/getHtmlAccessToken': () => {
        throw apiFailure(50300, '登录服务暂不可用，请稍后再试', 503);
      },
    });
    renderApp('/set/set');
    await waitFor(() => expect(useSession.getState().phase).toBe('failed'));
    expect(api.called('GET /wechat/v1/getHtmlAccessToken')).toHaveLength(1);
    expect(api.called('GET /wechat/v1/getAuthorizeUrl')).toHaveLength(0);
  });
});
