// Issue 15 D: from 该手机号已被其他微信号绑定 in registration to the account back on this phone.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import {
  DICTIONARIES,
  apiFailure,
  apiIdle,
  fakeApi,
  registeredCustomer,
  renderApp,
  resetStores,
} from '../../test-utils';
import type { RecordedCall } from '../../test-utils';

const NEW_OPENID = 'local_new_browser';

function recoveryApi(recover: (call: RecordedCall) => unknown) {
  return fakeApi({
    'GET /register/v1/config': () => ({ variant: 'B', showInviteCode: true, showSkip: false }),
    'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    'POST /shortMsg/v1/getCode': () => ({ resendAfterSeconds: 120, expiresInSeconds: 300 }),
    'POST /register/v1/bind': () => {
      throw apiFailure(40900, '该手机号已被其他微信号绑定', 409);
    },
    'POST /register/v1/recoverAccount': recover,
    'POST /login/v1/auth': () => ({ subscribe: '1', customerId: 'c1', isAuth: '1' }),
    'GET /login/v1/getCurrent': () => ({
      customerVo: registeredCustomer({ nickname: '张建国' }),
      imgDomain: '/api/files/',
      ratio: 100,
      thirdAuthCode: 1,
    }),
  });
}

const moved = () => ({
  token: 'recovered-token',
  expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
  openid: NEW_OPENID,
  nickname: '张建国',
  headimgurl: '',
  sex: 1,
  unionid: null,
  imgDomain: '/api/files/',
});

const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

/** Registration step 1 with a phone that another account registered: the offer appears. */
async function meetTakenPhone() {
  const view = renderApp('/register/register');
  await screen.findByRole('heading', { name: '注册' });
  await apiIdle();
  type('用户名', '张建国');
  type('手机号', '13800138000');
  type('验证码', '246810');
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  fireEvent.click(screen.getByRole('button', { name: '下一步' }));
  expect(await screen.findByText('该手机号已被其他微信号绑定')).toBeTruthy();
  expect(screen.getByText('如果这是您本人的手机号，可以用短信验证码把原来的账号转到这里继续使用。')).toBeTruthy();
  return view;
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({
    token: 'visitor-token',
    identity: { openid: NEW_OPENID, unionid: null, nickname: '访客', headimgurl: '', sex: 0 },
    wanted: '/set/set',
  });
});

describe('getting an account back', () => {
  it('offers it when the phone is taken, explains it, and signs in to the recovered account with the same phone and code', async () => {
    const api = recoveryApi(moved);
    const { router } = await meetTakenPhone();
    fireEvent.click(screen.getByRole('button', { name: '找回我的账号' }));

    await screen.findByRole('heading', { name: '找回账号' });
    expect(router.state.location.pathname).toBe('/register/recover');
    // Nothing personal in the address: phone and code travel in the router state.
    expect(router.state.location.search).toBe('');
    // Plain words: records stay, this phone signs in, the other device is signed out.
    expect(screen.getByText('原来的血糖、血压等记录、积分和亲友都会保留。')).toBeTruthy();
    expect(screen.getByText('原来登录这个账号的手机或微信会退出登录。')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '手机号' }).value).toBe('13800138000');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '验证码' }).value).toBe('246810');

    fireEvent.click(screen.getByRole('button', { name: '确认找回' }));
    expect(await screen.findByText('账号已找回')).toBeTruthy();
    expect(api.called('POST /register/v1/recoverAccount').map((call) => [call.body, call.authorization])).toEqual([
      [{ phone: '13800138000', validCode: '246810' }, 'Bearer visitor-token'],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/set/set'));
    expect(useSession.getState()).toMatchObject({ token: 'recovered-token', isAuth: '1' });
    expect(useSession.getState().identity?.openid).toBe(NEW_OPENID);
    expect(JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}')).toMatchObject({ token: 'recovered-token' });
  });

  it('says 请输入正确的验证码 for a wrong code and stays', async () => {
    recoveryApi(() => {
      throw apiFailure(90001, '请输入正确的验证码');
    });
    const { router } = await meetTakenPhone();
    fireEvent.click(screen.getByRole('button', { name: '找回我的账号' }));
    await screen.findByRole('heading', { name: '找回账号' });
    fireEvent.click(screen.getByRole('button', { name: '确认找回' }));
    expect(await screen.findByText('请输入正确的验证码')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/recover');
    expect(useSession.getState().token).toBe('visitor-token');
  });

  it('checks the phone with the one mobile rule before asking the API', async () => {
    const api = recoveryApi(moved);
    renderApp('/register/recover');
    await screen.findByRole('heading', { name: '找回账号' });
    type('手机号', '12345678901');
    type('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确认找回' }));
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
    expect(api.called('POST /register/v1/recoverAccount')).toHaveLength(0);
  });

  it('keeps the plain message when the user declines the offer', async () => {
    const api = recoveryApi(moved);
    const { router } = await meetTakenPhone();
    fireEvent.click(screen.getByRole('button', { name: '暂不找回' }));
    await apiIdle();
    expect(router.state.location.pathname).toBe('/register/register');
    expect(api.called('POST /register/v1/recoverAccount')).toHaveLength(0);
  });
});
