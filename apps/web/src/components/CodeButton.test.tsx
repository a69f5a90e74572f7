// Issue 15 D: no code goes to an impossible number. The phone forms that ask for a code check the
// domain's one mobile rule first: the message shows, nothing is asked of the API and the countdown
// does not start.
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { DICTIONARIES, apiIdle, fakeApi, registeredCustomer, renderApp, resetStores } from '../test-utils';

const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

function codeApi() {
  return fakeApi({
    'GET /register/v1/config': () => ({ variant: 'B', showInviteCode: true, showSkip: false }),
    'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    'POST /shortMsg/v1/getCode': () => ({ resendAfterSeconds: 120, expiresInSeconds: 300 }),
  });
}

beforeAll(() => {
  installAntdMobileRender();
});

describe('获取验证码 with an impossible number', () => {
  beforeEach(() => {
    resetStores({ identity: { openid: 'local_abc', unionid: null, nickname: '访客', headimgurl: '', sex: 0 } });
  });

  it.each(['12345678901', '10000000000', '12800138000'])(
    'registration: %s shows 请输入正确手机号 and sends nothing',
    async (phone) => {
      const api = codeApi();
      renderApp('/register/register');
      await screen.findByRole('heading', { name: '注册' });
      await apiIdle();
      type('手机号', phone);
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
      await apiIdle();
      expect(api.called('POST /shortMsg/v1/getCode')).toHaveLength(0);
      // No countdown: the button still offers a code.
      expect(screen.getByRole<HTMLButtonElement>('button', { name: '获取验证码' }).disabled).toBe(false);
      expect(screen.queryByRole('button', { name: /秒后获取$/ })).toBeNull();
    },
  );
});

describe('获取验证码 on /register/editPhone with an impossible number', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer(), ratio: 85.7 });
  });

  it('shows 手机号不正确 for 12345678901 and sends nothing', async () => {
    const api = codeApi();
    renderApp('/register/editPhone');
    await screen.findByRole('textbox', { name: '新手机号' });
    type('新手机号', '12345678901');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号不正确')).toBeTruthy();
    await apiIdle();
    expect(api.called('POST /shortMsg/v1/getCode')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /秒后获取$/ })).toBeNull();
  });
});
