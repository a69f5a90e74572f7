import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  settingsPageRoutes,
} from '../../test-utils';
import type { RecordedCall } from '../../test-utils';
import { setApiFetch } from '../../api';

type Routes = Record<string, (call: RecordedCall) => unknown>;

function registrationApi(variant: 'A' | 'B', extra: Routes = {}) {
  return fakeApi({
    'GET /register/v1/config': () => ({ variant, showInviteCode: true, showSkip: false }),
    'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    'POST /shortMsg/v1/getCode': () => ({ resendAfterSeconds: 120, expiresInSeconds: 300 }),
    'POST /login/v1/auth': () => ({ subscribe: '1', customerId: 'c1', isAuth: '1' }),
    'GET /login/v1/getCurrent': () => ({
      customerVo: registeredCustomer(),
      imgDomain: '/api/files/',
      ratio: 85.7,
      thirdAuthCode: 1,
    }),
    ...extra,
  });
}

const input = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
function activeOption(group: string): string {
  const active = screen.getByRole('group', { name: group }).querySelector('.adm-selector-item-active');
  return active?.textContent ?? '';
}

async function openStep1() {
  renderApp('/register/register');
  await screen.findByRole('heading', { name: '注册' });
  // The form settles once its dictionaries and configuration have answered; a tick before that
  // could land on a form that is about to be replaced.
  await apiIdle();
}

function agree() {
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
}

const nextButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '下一步' });

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ identity: { openid: 'local_abc', unionid: null, nickname: '访客', headimgurl: '', sex: 0 } });
});

describe('registration variant B, step 1', () => {
  it('does nothing on 下一步 until the consent box is ticked', async () => {
    const api = registrationApi('B');
    await openStep1();
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(nextButton());
    expect(api.called('POST /register/v1/bind')).toHaveLength(0);
    agree();
    await waitFor(() => expect(nextButton().disabled).toBe(false));
  });

  it.each([
    ['', '13800138000', '123456', '用户名不能为空'],
    ['   ', '13800138000', '123456', '用户名不能为空'],
    ['张三李四王五赵六钱七孙', '13800138000', '123456', '用户名不能多于10个字符'],
    ['张三', '', '123456', '手机号不能为空'],
    ['张三', '23800138000', '123456', '请输入正确手机号'],
    ['张三', '1380013800', '123456', '请输入正确手机号'],
    ['张三', '13800138000', '12345', '请输入6位验证码'],
    ['张三', '13800138000', '', '请输入6位验证码'],
  ])('name %j, phone %j, code %j → %s', async (nickname, phone, code, message) => {
    const api = registrationApi('B');
    await openStep1();
    type('用户名', nickname);
    type('手机号', phone);
    type('验证码', code);
    agree();
    fireEvent.click(nextButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.called('POST /register/v1/bind')).toHaveLength(0);
  });

  it('clears a name with an emoji and says 请不要输入表情', async () => {
    registrationApi('B');
    await openStep1();
    type('用户名', '张三😀');
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    expect(input('用户名').value).toBe('');
  });

  it('counts down from 120 s on the code button after a code is sent', async () => {
    const api = registrationApi('B');
    await openStep1();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '获取验证码' });

    fireEvent.click(button);
    expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    type('手机号', '12345');
    fireEvent.click(button);
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
    expect(api.called('POST /shortMsg/v1/getCode')).toHaveLength(0);

    type('手机号', '13800138000');
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: '120秒后获取' })).toBeTruthy();
    expect(api.called('POST /shortMsg/v1/getCode')[0]?.body).toEqual({ phone: '13800138000', purpose: 'register' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '120秒后获取' }).disabled).toBe(true);
    // One real second later.
    expect(await screen.findByRole('button', { name: '119秒后获取' })).toBeTruthy();
  });

  it('shows the server message when codes are asked for too often', async () => {
    registrationApi('B', {
      'POST /shortMsg/v1/getCode': () => {
        throw apiFailure(42900, '验证码发送过于频繁，请稍后再试', 429);
      },
    });
    await openStep1();
    type('手机号', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送过于频繁，请稍后再试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it.each([
    [90001, '验证码错误', '请输入正确的验证码'],
    [10000, 'x', '该微信号已经绑定手机号码，与当前手机号码不一致,登陆失败'],
    [40900, '该手机号已被其他微信号绑定', '该手机号已被其他微信号绑定'],
  ])('answers bind error %d with %s', async (code, errMsg, message) => {
    registrationApi('B', {
      'POST /register/v1/bind': () => {
        throw apiFailure(code, errMsg);
      },
    });
    await openStep1();
    type('用户名', '张三');
    type('手机号', '13800138000');
    type('验证码', '123456');
    agree();
    fireEvent.click(nextButton());
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    await waitFor(() => expect(screen.queryByText('拼命上传中...')).toBeNull());
  });

  it('signs in again silently and goes home on 10001', async () => {
    const api = registrationApi('B', {
      'POST /register/v1/bind': () => {
        throw apiFailure(10001, '该微信号已绑定该手机号，正在为您重新登录');
      },
      'GET /wechat/v1/getAuthorizeUrl': () => ({ provider: 'local', url: '/', state: 's' }),
      'GET /wechat/v1/getHtmlAccessToken': () => ({
        token: 't2',
        expiresAt: '2030-01-01T00:00:00.000Z',
        openid: 'local_abc',
        nickname: 'n',
        headimgurl: '',
        sex: 0,
        unionid: null,
        imgDomain: '',
      }),
    });
    const { router } = renderApp('/register/register');
    await screen.findByRole('heading', { name: '注册' });
    type('用户名', '张三');
    type('手机号', '13800138000');
    type('验证码', '123456');
    agree();
    fireEvent.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.called('GET /wechat/v1/getHtmlAccessToken')).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ token: 't2', isAuth: '1' });
  });

  it('blocks a second tap while binding and shows 拼命上传中...', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    registrationApi('B');
    await openStep1();
    type('用户名', '张三');
    type('手机号', '13800138000');
    type('验证码', '123456');
    agree();
    // From here on every call is held until released.
    const calls: string[] = [];
    setApiFetch(async (request) => {
      calls.push(new URL(request.url).pathname);
      await held;
      return new Response(JSON.stringify({ code: 0, errMsg: '', data: 'c1' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    fireEvent.click(nextButton());
    fireEvent.click(nextButton());
    expect(await screen.findByText('拼命上传中...')).toBeTruthy();
    expect(calls).toEqual(['/api/register/v1/bind']);
    release();
    expect(await screen.findByRole('heading', { name: '完善资料' })).toBeTruthy();
  });
});

async function reachStep2(extra: Routes = {}, path = '/register/register') {
  const api = registrationApi('B', { 'POST /register/v1/bind': () => 'c1', ...extra });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: '注册' });
  type('用户名', '张三');
  type('手机号', '13800138000');
  type('验证码', '123456');
  agree();
  fireEvent.click(nextButton());
  await screen.findByRole('heading', { name: '完善资料' });
  return { api, ...view };
}

describe('registration variant B, step 2', () => {
  it('sends the bind payload and starts step 2 with no sex, birth date, diabetes or hypertension type chosen', async () => {
    const { api } = await reachStep2();
    expect(api.called('POST /register/v1/bind')[0]?.body).toEqual({
      nickname: '张三',
      phone: '13800138000',
      validCode: '123456',
      openid: 'local_abc',
    });
    // Registered from here on, even if step 2 is left unfinished.
    expect(useSession.getState().isAuth).toBe('1');
    expect(activeOption('性别')).toBe('');
    expect(activeOption('糖尿病类型')).toBe('');
    expect(activeOption('高血压类型')).toBe('');
    expect(screen.getByRole('button', { name: '出生日期' }).textContent).toBe('请选择出生日期');
    expect(screen.queryByRole('button', { name: '跳过' })).toBeNull();
  });

  it('asks for the sex, the birth date, then a type, then a checked invite code', async () => {
    await reachStep2({ 'POST /register/v1/checkInvitation': () => ({ isChecked: 0 }) });
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(await screen.findByText('请选择性别')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('group', { name: '性别' })).getByText('女'));
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(await screen.findByText('出生日期不能为空')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '出生日期' }));
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() => expect(screen.getByRole('button', { name: '出生日期' }).textContent).toBe('1972-01-01'));

    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(await screen.findByText('糖尿病类型或高血压类型至少填一项')).toBeTruthy();

    fireEvent.click(screen.getByText('1型糖尿病'));
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(await screen.findByText('请输入6位邀请码')).toBeTruthy();
  });

  it('checks the invite code at 6 characters and clears a wrong one', async () => {
    const { api } = await reachStep2({
      'POST /register/v1/checkInvitation': (call) => ({
        isChecked: (call.body as { inviteCode: string }).inviteCode === 'WANG01' ? 1 : 0,
      }),
    });
    type('邀请码', 'abc12');
    expect(api.called('POST /register/v1/checkInvitation')).toHaveLength(0);
    type('邀请码', 'abc123');
    expect(await screen.findByText('请输入正确的邀请码')).toBeTruthy();
    await waitFor(() => expect(input('邀请码').value).toBe(''));
    type('邀请码', 'wang01');
    await waitFor(() => expect(api.called('POST /register/v1/checkInvitation')).toHaveLength(2));
    expect(input('邀请码').value).toBe('WANG01');
  });

  it('completes the profile, says 注册成功！ and opens the page the user wanted', async () => {
    useSession.getState().setWanted('/set/set?from=menu');
    const { api, router } = await reachStep2({
      'POST /register/v1/checkInvitation': () => ({ isChecked: 1 }),
      'POST /customer/v1/edit': () => registeredCustomer(),
      ...settingsPageRoutes(),
    });
    fireEvent.click(within(screen.getByRole('group', { name: '性别' })).getByText('男'));
    fireEvent.click(screen.getByRole('button', { name: '出生日期' }));
    fireEvent.click(await screen.findByText('确定'));
    fireEvent.click(screen.getByText('2型糖尿病'));
    fireEvent.click(screen.getByText('无高血压'));
    type('邀请码', 'WANG01');
    await waitFor(() => expect(api.called('POST /register/v1/checkInvitation')).toHaveLength(1));
    fireEvent.click(screen.getByRole('switch', { name: '家庭成员' }));
    type('详细地址', '人民路1号');
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(await screen.findByText('注册成功！')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/set/set'));
    expect(router.state.location.search).toBe('?from=menu');
    expect(api.called('POST /customer/v1/edit')[0]?.body).toEqual({
      sex: 1,
      birthday: '1972-01-01',
      isFamilyMember: true,
      diabetesType: '3',
      bloodPressureType: '1',
      address: '人民路1号',
      inviteCode: 'WANG01',
    });
    expect(useSession.getState()).toMatchObject({ isAuth: '1', wanted: null, ratio: 85.7 });
  });

  it('pre-fills a scanned-in doctor’s invite code read-only', async () => {
    await reachStep2(
      {
        'POST /register/v1/doctorByOpenid': (call) => ({
          inviteCode: (call.body as { openid: string }).openid === 'demo_doctor_wang' ? 'WANG01' : null,
        }),
        'POST /register/v1/checkInvitation': () => ({ isChecked: 1 }),
      },
      '/register/register?doctorOpenid=demo_doctor_wang',
    );
    await waitFor(() => expect(input('邀请码').value).toBe('WANG01'));
    expect(input('邀请码').readOnly).toBe(true);
  });

  it('pre-fills the invite code of an invitation link, editable', async () => {
    const { api } = await reachStep2(
      { 'POST /register/v1/checkInvitation': () => ({ isChecked: 1 }) },
      '/register/register?inviteCode=ab12cd&sourceId=4',
    );
    await waitFor(() => expect(input('邀请码').value).toBe('AB12CD'));
    expect(input('邀请码').readOnly).toBe(false);
    expect(api.called('POST /register/v1/checkInvitation')[0]?.body).toEqual({ inviteCode: 'AB12CD' });
  });

  it('clears an invitation link’s code the server does not know, without a toast', async () => {
    const { api } = await reachStep2(
      { 'POST /register/v1/checkInvitation': () => ({ isChecked: 0 }) },
      '/register/register?inviteCode=ZZZZZZ',
    );
    await waitFor(() => expect(api.called('POST /register/v1/checkInvitation')).toHaveLength(1));
    await waitFor(() => expect(input('邀请码').value).toBe(''));
    expect(screen.queryByText('请输入正确的邀请码')).toBeNull();
  });

  it('prefers a scanned-in doctor’s code to an invitation link’s', async () => {
    await reachStep2(
      {
        'POST /register/v1/doctorByOpenid': () => ({ inviteCode: 'WANG01' }),
        'POST /register/v1/checkInvitation': () => ({ isChecked: 1 }),
      },
      '/register/register?doctorOpenid=demo_doctor_wang&inviteCode=AB12CD',
    );
    await waitFor(() => expect(input('邀请码').value).toBe('WANG01'));
    expect(input('邀请码').readOnly).toBe(true);
  });

  it('offers 跳过 in the brand without invite codes', async () => {
    useSession.setState({ sourceId: 3 });
    useSession.getState().setWanted('/set/set');
    const api = fakeApi({
      'GET /register/v1/config': () => ({ variant: 'B', showInviteCode: false, showSkip: true }),
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'POST /register/v1/bind': () => 'c1',
      'POST /login/v1/auth': () => ({ subscribe: '1', customerId: 'c1', isAuth: '1' }),
      'GET /login/v1/getCurrent': () => ({
        customerVo: registeredCustomer(),
        imgDomain: '',
        ratio: 57.1,
        thirdAuthCode: 1,
      }),
      'GET /customer/v1/getMsgSetting': () => ({
        category: 'wechatMsg',
        code: 'sugarTest',
        isReceive: 1,
        isNoTestReceive: 1,
      }),
    });
    const { router } = renderApp('/register/register');
    await screen.findByRole('heading', { name: '注册' });
    type('用户名', '张三');
    type('手机号', '13800138000');
    type('验证码', '123456');
    agree();
    fireEvent.click(nextButton());
    await screen.findByRole('heading', { name: '完善资料' });
    expect(screen.queryByRole('textbox', { name: '邀请码' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '跳过' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/set/set'));
    expect(api.called('POST /customer/v1/edit')).toHaveLength(0);
  });
});

describe('registration variant A', () => {
  it('is one form titled 用户注册 with no sex, birth date, diabetes or hypertension type chosen', async () => {
    registrationApi('A');
    renderApp('/register/register');
    expect(await screen.findByRole('heading', { name: '用户注册' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('用户注册'));
    expect(activeOption('性别')).toBe('');
    expect(activeOption('糖尿病类型')).toBe('');
    expect(activeOption('高血压类型')).toBe('');
    expect(screen.getByRole('button', { name: '出生日期' }).textContent).toBe('请选择出生日期');
    expect(screen.getByRole('button', { name: '跳过' })).toBeTruthy();
  });

  it('registers with the full payload, role 2 when ticked', async () => {
    const api = registrationApi('A', {
      'POST /register/v1/register': () => 'c1',
      'POST /register/v1/checkInvitation': () => ({ isChecked: 1 }),
    });
    const { router } = renderApp('/register/register');
    await screen.findByRole('heading', { name: '用户注册' });
    type('用户名', '李四');
    type('手机号', '13900139000');
    type('验证码', '654321');
    fireEvent.click(within(screen.getByRole('group', { name: '性别' })).getByText('男'));
    fireEvent.click(screen.getByRole('button', { name: '出生日期' }));
    fireEvent.click(await screen.findByText('确定'));
    fireEvent.click(screen.getByText('2型糖尿病'));
    fireEvent.click(screen.getByText('无高血压'));
    type('邀请码', 'LIQH02');
    await waitFor(() => expect(api.called('POST /register/v1/checkInvitation')).toHaveLength(1));
    fireEvent.click(screen.getByText('我是患者的亲友'));
    agree();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功！')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.called('POST /register/v1/register')[0]?.body).toEqual({
      nickname: '李四',
      phone: '13900139000',
      validCode: '654321',
      openid: 'local_abc',
      sourceId: 4,
      sex: 1,
      birthday: '1972-01-01',
      roleType: 2,
      diabetesType: '3',
      bloodPressureType: '1',
      inviteCode: 'LIQH02',
    });
  });

  it('treats 90000 as already registered and goes on to the wanted page', async () => {
    useSession.getState().setWanted('/set/set');
    registrationApi('A', {
      'POST /register/v1/skip': () => {
        throw apiFailure(90000, '您已注册');
      },
      'GET /customer/v1/getMsgSetting': () => ({
        category: 'wechatMsg',
        code: 'sugarTest',
        isReceive: 1,
        isNoTestReceive: 1,
      }),
    });
    const { router } = renderApp('/register/register');
    await screen.findByRole('heading', { name: '用户注册' });
    type('用户名', '李四');
    type('手机号', '13900139000');
    type('验证码', '654321');
    agree();
    fireEvent.click(screen.getByRole('button', { name: '跳过' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/set/set'));
    expect(screen.queryByText('您已注册')).toBeNull();
  });
});

describe('re-authorisation', () => {
  it('shows the re-authorise mode when thirdAuthCode is 2', async () => {
    registrationApi('B');
    useSession.setState({ isAuth: '1', customer: registeredCustomer({ thirdAuthCode: 2 }), thirdAuthCode: 2 });
    renderApp('/register/register');
    expect(await screen.findByRole('heading', { name: '重新授权' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新授权' })).toBeTruthy();
  });
});
