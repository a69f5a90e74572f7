import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installAntdMobileRender } from '@glucoguard/ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../store/session';
import { useDeviceKeySwitch } from '../store/deviceKeySwitch';
import { apiIdle, dialogsClosed, fakeApi, registeredCustomer, renderApp, resetStores } from '../test-utils';
import { DEVICE_KEY_STORAGE_KEY, PREVIOUS_DEVICE_KEY_STORAGE_KEY, takeLaunchParams } from './flow';

const OWN_KEY = 'o'.repeat(43);
const DEMO_KEY = 'demo-patient-0000000001';

function signInApi(
  account: { exists: boolean; registered: boolean; maskedName: string | null } = {
    exists: true,
    registered: true,
    maskedName: '张*国',
  },
) {
  return fakeApi({
    'POST /login/v1/deviceKeyAccount': () => account,
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
    'GET /login/v1/getCurrent': () => ({
      customerVo: registeredCustomer({ nickname: '张建国' }),
      imgDomain: '/api/files/',
      ratio: 100,
      thirdAuthCode: 1,
    }),
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
  it('adopts the key at once in a fresh browser (the README demo links), signs in with it and removes it from the address', async () => {
    resetStores({ phase: 'pending', subscribe: null, isAuth: null });
    window.history.replaceState(null, '', `/reportCenter/reportCenter?deviceKey=${DEMO_KEY}&sourceId=4#top`);
    takeLaunchParams();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/reportCenter/reportCenter?sourceId=4#top',
    );
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(DEMO_KEY);
    expect(useDeviceKeySwitch.getState().pending).toBeNull();

    const api = signInApi();
    renderApp('/');
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('POST /login/v1/deviceKeyAccount')).toHaveLength(0);
    expect(api.called('GET /wechat/v1/getHtmlAccessToken').map((call) => call.query.get('code'))).toEqual([DEMO_KEY]);
    expect(useSession.getState().token).toBe(`token-for-${DEMO_KEY}`);
    expect(useSession.getState().customer?.nickname).toBe('张建国');
    expect(localStorage.getItem(PREVIOUS_DEVICE_KEY_STORAGE_KEY)).toBeNull();
  });

  it('never switches a browser that has its own key silently: it names the account and waits for the answer', async () => {
    window.history.replaceState(null, '', `/?deviceKey=${DEMO_KEY}&tab=mine`);
    takeLaunchParams();
    expect(window.location.search).toBe('?tab=mine');
    // Nothing changed yet: the own key and session are kept.
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(OWN_KEY);
    expect(useSession.getState().token).toBe('own-token');

    const api = signInApi();
    renderApp('/?tab=mine');
    expect(await screen.findByText('切换到「张*国」的账号吗？')).toBeTruthy();
    expect(api.called('POST /login/v1/deviceKeyAccount').map((call) => call.body)).toEqual([{ deviceKey: DEMO_KEY }]);
    // Holding: no sign-in, no auth call, no page behind the dialog.
    await apiIdle();
    expect(api.called('GET /wechat/v1/getHtmlAccessToken')).toHaveLength(0);
    expect(api.called('POST /login/v1/auth')).toHaveLength(0);
    expect(useSession.getState().phase).toBe('pending');

    fireEvent.click(screen.getByRole('button', { name: '切换到「张*国」' }));
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('GET /wechat/v1/getHtmlAccessToken').map((call) => call.query.get('code'))).toEqual([DEMO_KEY]);
    expect(useSession.getState().token).toBe(`token-for-${DEMO_KEY}`);
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(DEMO_KEY);
    // The own key is kept, and the mine tab offers the way back.
    expect(localStorage.getItem(PREVIOUS_DEVICE_KEY_STORAGE_KEY)).toBe(OWN_KEY);
    await dialogsClosed();
    fireEvent.click(await screen.findByRole('button', { name: '切换回原账号' }));
    expect(await screen.findByText('切换回原来的账号吗？')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: '切换回原账号' }).at(-1);
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() => expect(useSession.getState().token).toBe(`token-for-${OWN_KEY}`));
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(OWN_KEY);
    expect(localStorage.getItem(PREVIOUS_DEVICE_KEY_STORAGE_KEY)).toBe(DEMO_KEY);
  });

  it('keeps the own account when the user answers 不切换', async () => {
    window.history.replaceState(null, '', `/?deviceKey=${DEMO_KEY}`);
    takeLaunchParams();
    const api = signInApi({ exists: true, registered: false, maskedName: null });
    renderApp('/');
    expect(await screen.findByText('切换到另一个账号吗？')).toBeTruthy();
    expect(screen.getByText(/这个账号还没有注册/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '不切换，继续用我的账号' }));
    await waitFor(() => expect(useSession.getState().phase).toBe('done'));
    expect(api.called('GET /wechat/v1/getHtmlAccessToken')).toHaveLength(0);
    expect(api.called('POST /login/v1/auth')[0]?.authorization).toBe('Bearer own-token');
    expect(useSession.getState().token).toBe('own-token');
    expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(OWN_KEY);
    expect(localStorage.getItem(PREVIOUS_DEVICE_KEY_STORAGE_KEY)).toBeNull();
    expect(useDeviceKeySwitch.getState().pending).toBeNull();
  });

  it.each([['short'], [''], ['has spaces in it, 12345678'], ['<script>alert(1)</script>']])(
    'ignores the malformed key %j but still takes it out of the address',
    (key) => {
      window.history.replaceState(null, '', `/?deviceKey=${encodeURIComponent(key)}&tab=mine`);
      takeLaunchParams();
      expect(window.location.search).toBe('?tab=mine');
      expect(localStorage.getItem(DEVICE_KEY_STORAGE_KEY)).toBe(OWN_KEY);
      expect(useSession.getState().token).toBe('own-token');
    },
  );

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
