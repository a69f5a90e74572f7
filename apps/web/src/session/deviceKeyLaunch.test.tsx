import { waitFor } from '@testing-library/react';
import { installAntdMobileRender } from '@glucoguard/ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../store/session';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../test-utils';
import { DEVICE_KEY_STORAGE_KEY, takeLaunchParams } from './flow';

const OWN_KEY = 'o'.repeat(43);
const DEMO_KEY = 'demo-patient-0000000001';

function signInApi() {
  return fakeApi({
    'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/?state=s', state: 's' }),
    'GET /wechat/v1/getHtmlAccessToken': (call) => ({
      token: `token-for-${call.query.get('code') ?? ''}`,
      expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      openid: 'local_demo',
      nickname: '访客0001',
      headimgurl: '',
      sex: 0,
      unionid: null,
      imgDomain: '/api/files/',
    }),
    'POST /login/v1/auth': () => ({ subscribe: '1', customerId: 'c1', isAuth: '1' }),
    'GET /login/v1/getCurrent': () => ({ customerVo: registeredCustomer({ nickname: '张建国' }), imgDomain: '/api/files/', ratio: 100, thirdAuthCode: 1 }),
  });
}

/** A browser that has signed in before with its own key and kept the session. */
function signedInBrowser(): void {
  resetStores({ phase: 'pending', subscribe: null, isAuth: null });
  localStorage.setItem(DEVICE_KEY_STORAGE_KEY, OWN_KEY);
  useSession.getState().setSignedIn({
    token: 'own-token',
    expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    renewAt: Date.now() + 29 * 24 * 3600 * 1000,
    identity: { openid: 'local_own', unionid: null, nickname: '访客0002', headimgurl: '', sex: 0 },
    imgDomain: '/api/files/',
  });
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  signedInBrowser();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('?deviceKey= in the launch address', () => {
  it('switches the browser to a well-formed key, signs in again with it and removes it from the address', async () => {
    window.history.replaceState(null, '', `/reportCenter/reportCenter?deviceKey=${DEMO_KEY}&sourceId=4#top`);
    takeLaunchParams();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/reportCenter/reportCenter?sourceId=4#top');
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(DEMO_KEY);
    expect(useSession.getState().token).toBeNull();

    const api = signInApi();
    renderApp('/');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('GET /wechat/v1/getHtmlAccessToken').map((call) => call.query.get('code'))).toEqual([DEMO_KEY]);
    expect(useSession.getState().token).toBe(`token-for-${DEMO_KEY}`);
    expect(useSession.getState().customer?.nickname).toBe('张建国');
  });

  it.each([['short'], [''], ['has spaces in it, 12345678'], ['<script>alert(1)</script>']])('ignores the malformed key %j but still takes it out of the address', (key) => {
    window.history.replaceState(null, '', `/?deviceKey=${encodeURIComponent(key)}&tab=mine`);
    takeLaunchParams();
    expect(window.location.search).toBe('?tab=mine');
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(OWN_KEY);
    expect(useSession.getState().token).toBe('own-token');
  });

  it('keeps the session when the address carries the key already in use', () => {
    window.history.replaceState(null, '', `/?deviceKey=${OWN_KEY}`);
    takeLaunchParams();
    expect(window.location.search).toBe('');
    expect(useSession.getState().token).toBe('own-token');
  });

  it('leaves an address without the parameter alone', () => {
    window.history.replaceState({ idx: 3 }, '', '/?tab=mine');
    takeLaunchParams();
    expect(window.location.search).toBe('?tab=mine');
    expect(window.history.state).toEqual({ idx: 3 });
    expect(useSession.getState().token).toBe('own-token');
  });
});
