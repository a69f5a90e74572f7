import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import {
  apiFailure,
  apiIdle,
  fakeApi,
  registeredCustomer,
  renderApp,
  resetStores,
  settingsPageRoutes,
  visitorSignIn,
} from '../../test-utils';
import { CLOSE_ACCOUNT_CONFIRM } from './CloseAccountPage';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer(), token: 'old-token' });
});

afterEach(() => {
  act(() => {
    Toast.clear();
    Dialog.clear();
  });
});

const SIGN_IN = visitorSignIn('visitor-token');

const confirmButton = () => screen.getByRole('button', { name: '确认注销' });

describe('/set/closeAccount', () => {
  it('is reached from 设置', async () => {
    fakeApi(settingsPageRoutes());
    const { router } = renderApp('/set/set');
    fireEvent.click(await screen.findByText('注销账号'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/set/closeAccount'));
  });

  it('lists what is lost and waits for the box to be ticked and a last confirmation', async () => {
    const api = fakeApi({});
    renderApp('/set/closeAccount');
    const warning = await screen.findByRole('region', { name: '注销须知' });
    expect(warning.textContent).toContain('积分和试纸');
    expect(warning.textContent).toContain('个人资料');
    expect(warning.textContent).toContain('登录状态将立即失效');
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('我已阅读并了解以上内容'));
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirmButton());
    expect(await screen.findByText(CLOSE_ACCOUNT_CONFIRM)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再想想' }));
    await apiIdle();
    expect(api.called('POST /customer/v1/closeAccount')).toHaveLength(0);
  });

  it('closes the account, signs in afresh as a visitor and starts on the home page', async () => {
    const api = fakeApi({
      'POST /customer/v1/closeAccount': () => null,
      'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/', state: 's' }),
      'GET /wechat/v1/getHtmlAccessToken': () => SIGN_IN,
      'POST /login/v1/auth': () => ({ subscribe: '1', customerId: null, isAuth: '0' }),
      'GET /login/v1/getCurrent': () => ({
        customerVo: registeredCustomer({ userType: 0 }),
        imgDomain: '/api/files/',
        ratio: 0,
        thirdAuthCode: 1,
      }),
    });
    const { router } = renderApp('/set/closeAccount');
    fireEvent.click(await screen.findByText('我已阅读并了解以上内容'));
    fireEvent.click(confirmButton());
    fireEvent.click(await screen.findByRole('button', { name: '确定注销' }));
    expect(await screen.findByText('账号已注销')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.called('POST /customer/v1/closeAccount')[0]?.authorization).toBe('Bearer old-token');
    const session = useSession.getState();
    expect(session.token).toBe('visitor-token');
    // No page to come back to after registering again: the closed account's settings are not it.
    expect(session.wanted).toBeNull();
    expect(session.customerId).toBeNull();
    expect(session.isAuth).toBe('0');
  });

  it('shows the server message and stays signed in when closing fails', async () => {
    fakeApi({
      'POST /customer/v1/closeAccount': () => {
        throw apiFailure(50000, '服务繁忙，请稍后再试', 500);
      },
    });
    const { router } = renderApp('/set/closeAccount');
    fireEvent.click(await screen.findByText('我已阅读并了解以上内容'));
    fireEvent.click(confirmButton());
    fireEvent.click(await screen.findByRole('button', { name: '确定注销' }));
    expect(await screen.findByText('服务繁忙，请稍后再试')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/set/closeAccount');
    expect(useSession.getState().token).toBe('old-token');
  });
});
