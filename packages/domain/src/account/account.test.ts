import { describe, expect, it } from 'vitest';
import { REGISTRATION_DEFAULTS, registrationErrorAction, registrationReturnTarget, startupDecision } from './account';
import { ACCOUNT_MESSAGES, FOLLOW_PROMPT } from './labels';

const redirect = (returnTo: string) => ({ action: 'redirect', to: '/register/register', replace: true, returnTo });

describe('startupDecision', () => {
  it.each([
    // address, phase, subscribe, isAuth, decision
    ['/sharePage?cid=1', 'pending', null, null, { action: 'allow' }],
    ['/shareBloodSugarReportTable', 'done', '0', '0', { action: 'allow' }],
    ['/set/set', 'failed', null, null, { action: 'allow' }],
    ['/set/set', 'pending', null, null, { action: 'wait' }],
    ['/', 'pending', null, null, { action: 'wait' }],
    ['/set/set', 'done', '0', '1', { action: 'followPrompt' }],
    ['/', 'done', '0', '0', { action: 'followPrompt' }],
    ['/shareGoodsDetail?id=2', 'done', '0', '0', { action: 'allow' }],
    ['/articleShareDetails', 'done', '0', '1', { action: 'allow' }],
    ['/set/set?a=1', 'done', '1', '0', redirect('/set/set?a=1')],
    ['/set/set', 'done', '1', '1', { action: 'allow' }],
    ['/', 'done', '1', '0', { action: 'allow' }],
    ['/register/register', 'done', '1', '0', { action: 'allow' }],
  ] as const)('%s while %s (subscribe %s, isAuth %s)', (address, phase, subscribe, isAuth, decision) => {
    expect(startupDecision({ address, phase, subscribe, isAuth })).toEqual(decision);
  });

  it('has the spec prompt text', () => {
    expect(FOLLOW_PROMPT).toEqual({
      title: '提示',
      content: '先关注公众号才能注册哦，请点击左上角关闭按钮返回关注页面',
    });
  });
});

describe('REGISTRATION_DEFAULTS', () => {
  it('chooses no medical answer for the user: no sex, birth date, diabetes or hypertension type', () => {
    expect(REGISTRATION_DEFAULTS).toEqual({ sex: null, diabetesType: null, bloodPressureType: null, birthday: null });
  });
});

describe('registrationErrorAction', () => {
  it.each([
    [10001, 'x', 'B', { kind: 'reauthenticate' }],
    [10001, 'x', 'A', { kind: 'reauthenticate' }],
    [10000, '', 'B', { kind: 'message', message: '该微信号已经绑定手机号码，与当前手机号码不一致,登陆失败' }],
    [90001, 'whatever', 'B', { kind: 'message', message: '请输入正确的验证码' }],
    [90000, '您已注册', 'A', { kind: 'alreadyRegistered' }],
    [40900, '该手机号已被其他微信号绑定', 'B', { kind: 'offerRecovery', message: '该手机号已被其他微信号绑定' }],
    [40900, '', 'A', { kind: 'offerRecovery', message: '该手机号已被其他微信号绑定' }],
    [90000, '您已注册', 'B', { kind: 'message', message: '您已注册' }],
    [-1, '', 'A', { kind: 'message', message: '请求错误！' }],
    [50000, null, 'B', { kind: 'message', message: '请求错误！' }],
  ] as const)('code %d (%j) in variant %s', (code, errMsg, variant, action) => {
    expect(registrationErrorAction(code, errMsg, variant)).toEqual(action);
  });

  it('keeps the spec words', () => {
    expect(ACCOUNT_MESSAGES.registering).toBe('拼命上传中...');
    expect(ACCOUNT_MESSAGES.registered).toBe('注册成功！');
    expect(ACCOUNT_MESSAGES.phoneChanged).toBe('更改成功');
  });
});

describe('registrationReturnTarget', () => {
  it.each([
    [{}, '/'],
    [{ wanted: '/set/set?x=1' }, '/set/set?x=1'],
    [{ wanted: 'https://evil.example/' }, '/'],
    [{ wanted: '//evil.example/' }, '/'],
    [{ wanted: '/register/register?a=1' }, '/'],
    [{ wanted: '/set/set', isGoods: true, goodsPage: '/mall/goodsDetail?id=3' }, '/mall/goodsDetail?id=3'],
    [{ wanted: '/set/set', isGoods: false, goodsPage: '/mall/goodsDetail?id=3' }, '/set/set'],
    [{ wanted: null, isGoods: true, goodsPage: null }, '/'],
  ])('%j → %s', (input, target) => {
    expect(registrationReturnTarget(input)).toBe(target);
  });
});
