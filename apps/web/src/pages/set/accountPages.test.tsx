import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { DICTIONARIES, apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

const SETTING = { category: 'wechatMsg', code: 'sugarTest', isReceive: 1, isNoTestReceive: 0 } as const;
const current = (overrides = {}) => ({
  customerVo: registeredCustomer(overrides),
  imgDomain: '/api/files/',
  ratio: 100,
  thirdAuthCode: 1,
});
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer(), ratio: 85.7 });
});

describe('/register/editUserInfo', () => {
  it('checks the profile with the domain messages and saves it', async () => {
    const api = fakeApi({
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
      'POST /customer/v1/edit': () => registeredCustomer(),
      'GET /login/v1/getCurrent': () => current({ bloodPressureType: '2', nickname: '张三丰' }),
    });
    renderApp('/register/editUserInfo');
    await screen.findByRole('textbox', { name: '姓名' });
    expect(screen.getByText('13800138000')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择高血压类型')).toBeTruthy();
    fireEvent.click(screen.getByText('2型糖尿病'));
    fireEvent.click(screen.getByText('原发性高血压'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择糖尿病类型')).toBeTruthy();
    fireEvent.click(screen.getByText('2型糖尿病'));
    type('姓名', ' ');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();

    type('姓名', '张三丰');
    fireEvent.click(screen.getByText('亲友'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.called('POST /customer/v1/edit')[0]?.body).toEqual({
      nickname: '张三丰',
      sex: 1,
      roleType: 2,
      diabetesType: '3',
      bloodPressureType: '2',
    });
    await waitFor(() => expect(useSession.getState().ratio).toBe(100));
  });
});

describe('/register/editPhone', () => {
  it('checks the new phone and code, asks for an updatePhone code and says 更改成功', async () => {
    const api = fakeApi({
      'POST /shortMsg/v1/getCode': () => ({ resendAfterSeconds: 120, expiresInSeconds: 300 }),
      'POST /customer/v1/updatePhone': () => registeredCustomer({ phone: '13900139000' }),
      'GET /login/v1/getCurrent': () => current({ phone: '13900139000' }),
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    });
    const { router } = renderApp('/register/editPhone');
    await screen.findByText('当前手机号：13800138000');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    type('新手机号', '2390013900');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号不正确')).toBeTruthy();
    type('新手机号', '13900139000');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('验证码不能为空')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '120秒后获取' });
    expect(api.called('POST /shortMsg/v1/getCode')[0]?.body).toEqual({ phone: '13900139000', purpose: 'updatePhone' });
    type('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('更改成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/editUserInfo'));
    expect(useSession.getState().customer?.phone).toBe('13900139000');
  });

  it('says 请输入正确的验证码 for a wrong code', async () => {
    fakeApi({
      'POST /customer/v1/updatePhone': () => {
        throw apiFailure(90001, '验证码错误');
      },
    });
    renderApp('/register/editPhone');
    type('新手机号', '13900139000');
    type('验证码', '000000');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入正确的验证码')).toBeTruthy();
  });
});

describe('/set/set', () => {
  it('binds the two switches to the message settings and links the agreements and about us', async () => {
    const api = fakeApi({
      'GET /customer/v1/getMsgSetting': () => SETTING,
      'POST /customer/v1/updateMsgSetting': (call) => ({ ...SETTING, ...(call.body as object) }),
    });
    const { router } = renderApp('/set/set');
    const notices = await screen.findByRole('switch', { name: '个人测量消息通知' });
    await waitFor(() => expect(notices.getAttribute('aria-checked')).toBe('true'));
    const reminder = screen.getByRole('switch', { name: '未测量提醒' });
    expect(reminder.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(reminder);
    await waitFor(() => expect(api.called('POST /customer/v1/updateMsgSetting')).toHaveLength(1));
    expect(api.called('POST /customer/v1/updateMsgSetting')[0]?.body).toEqual({
      category: 'wechatMsg',
      code: 'sugarTest',
      isReceive: 1,
      isNoTestReceive: 1,
    });
    await waitFor(() => expect(reminder.getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(screen.getByText('隐私政策'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/protocolPage?type=2'),
    );
  });

  it('puts a switch back when saving fails', async () => {
    fakeApi({
      'GET /customer/v1/getMsgSetting': () => SETTING,
      'POST /customer/v1/updateMsgSetting': () => {
        throw apiFailure(50300, '服务暂不可用', 503);
      },
    });
    renderApp('/set/set');
    const notices = await screen.findByRole('switch', { name: '个人测量消息通知' });
    await waitFor(() => expect(notices.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(notices);
    expect(await screen.findByText('服务暂不可用')).toBeTruthy();
    await waitFor(() => expect(notices.getAttribute('aria-checked')).toBe('true'));
  });
});

describe('agreements and about us', () => {
  const legal = (type: 1 | 2, title: string, brand: string) => ({
    type,
    title,
    version: '2026-11-26',
    intro: [`欢迎使用${brand}。`],
    sections: [{ heading: '一、第一条', paragraphs: [`${title}的第一段。`] }],
  });

  it.each([
    ['1', '用户服务协议'],
    ['2', '隐私政策'],
  ])('shows /protocolPage?type=%s as %s, read from the API', async (typeId, title) => {
    const api = fakeApi({
      'GET /customer/v1/queryLegal': (call) => [legal(Number(call.query.get('type')) as 1 | 2, title, '糖护医疗')],
    });
    renderApp(`/protocolPage?type=${typeId}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getByText('修订日期：2026-11-26')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '一、第一条' })).toBeTruthy();
    expect(screen.getByText('欢迎使用糖护医疗。')).toBeTruthy();
    expect(api.called('GET /customer/v1/queryLegal')[0]?.query.get('type')).toBe(typeId);
  });

  it('offers a retry when the text cannot be read', async () => {
    let fail = true;
    fakeApi({
      'GET /customer/v1/queryLegal': () => {
        if (fail) {
          throw apiFailure(50300, '服务暂不可用', 503);
        }
        return [legal(2, '隐私政策', '糖护医疗')];
      },
    });
    renderApp('/protocolPage?type=2');
    expect(await screen.findByText('隐私政策暂时无法读取')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeTruthy();
  });

  it('shows the brand, the version from the health check and a description', async () => {
    useSession.setState({ sourceId: 3 });
    fakeApi({ 'GET /healthz': () => ({ status: 'ok', database: 'pglite', version: '0.1.0' }) });
    renderApp('/set/aboutUs');
    expect(await screen.findByRole('heading', { name: '糖护健康' })).toBeTruthy();
    expect(await screen.findByText('版本 0.1.0')).toBeTruthy();
  });
});
