import { describe, expect, it } from 'vitest';
import {
  codeCountdownLabel,
  validatePhoneChange,
  validateProfile,
  validateProfileEdit,
  validateRegistrationStep1,
  validateRegistrationStep2,
} from './registration';

describe('validateRegistrationStep1', () => {
  const ok = { nickname: '张三', phone: '13800138000', validCode: '123456' };
  it.each([
    [{ nickname: '   ' }, 'nickname', '用户名不能为空'],
    [{ nickname: '张三😀' }, 'nickname', '请不要输入表情'],
    [{ nickname: '一二三四五六七八九十一' }, 'nickname', '用户名不能多于10个字符'],
    [{ phone: '' }, 'phone', '手机号不能为空'],
    [{ phone: '1380013800' }, 'phone', '请输入正确手机号'],
    [{ validCode: '12345' }, 'validCode', '请输入6位验证码'],
    [{ validCode: null }, 'validCode', '请输入6位验证码'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateRegistrationStep1({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('accepts a trimmed name of 10 characters', () => {
    expect(validateRegistrationStep1({ ...ok, nickname: ' 一二三四五六七八九十 ' })).toEqual({ ok: true });
  });
});

describe('validateRegistrationStep2', () => {
  const now = new Date('2026-11-20T02:00:00Z');
  const ok = {
    sex: 1,
    birthday: '1972-01-01',
    diabetesType: 3,
    bloodPressureType: null,
    inviteCode: 'AB12CD',
    inviteChecked: 1,
  };
  it.each([
    [{ sex: '' }, 'sex', '请选择性别'],
    [{ birthday: null }, 'birthday', '出生日期不能为空'],
    [{ birthday: '1899-12-31' }, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ birthday: '2026-11-21' }, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ birthday: '1990-02-30' }, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ address: '路'.repeat(51) }, 'address', '家庭详细地址应少于50个字'],
    [{ diabetesType: '', bloodPressureType: '' }, 'diabetesType', '糖尿病类型或高血压类型至少填一项'],
    [{ inviteCode: 'AB12' }, 'inviteCode', '请输入6位邀请码'],
    [{ inviteChecked: 0 }, 'inviteCode', '请输入正确的邀请码'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateRegistrationStep2({ ...ok, ...over }, { requireInviteCode: true, now })).toEqual({
      ok: false,
      field,
      message,
    });
  });

  it('accepts one of the two types and skips the invite code where the brand has none', () => {
    expect(
      validateRegistrationStep2(
        { ...ok, diabetesType: null, bloodPressureType: 1, inviteCode: '' },
        { requireInviteCode: false, now },
      ),
    ).toEqual({ ok: true });
    expect(validateRegistrationStep2(ok, { requireInviteCode: true, now })).toEqual({ ok: true });
  });

  it('accepts the first and the last birthday, and an address of 50 characters', () => {
    expect(
      validateRegistrationStep2(
        { ...ok, birthday: '1900-01-01', address: '路'.repeat(50) },
        { requireInviteCode: true, now },
      ),
    ).toEqual({ ok: true });
    // 2026-11-20 10:00 in China: today there is the 20th.
    expect(validateRegistrationStep2({ ...ok, birthday: '2026-11-20' }, { requireInviteCode: true, now })).toEqual({
      ok: true,
    });
  });
});

describe('validateProfile', () => {
  it.each([
    [{ nickname: '张三', bloodPressureType: 1 }, 'diabetesType', '请选择糖尿病类型'],
    [{ nickname: '张三', diabetesType: 2 }, 'bloodPressureType', '请选择高血压类型'],
    [{ nickname: '' }, 'nickname', '用户名不能为空'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateProfile(input)).toEqual({ ok: false, field, message });
  });

  it('accepts a complete profile', () => {
    expect(validateProfile({ nickname: '张三', diabetesType: 2, bloodPressureType: 1 })).toEqual({ ok: true });
  });
});

describe('validatePhoneChange', () => {
  it.each([
    [{ phone: '', validCode: '1' }, 'phone', '手机号不能为空'],
    [{ phone: '123', validCode: '1' }, 'phone', '手机号不正确'],
    [{ phone: '13800138000', validCode: ' ' }, 'validCode', '验证码不能为空'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validatePhoneChange(input)).toEqual({ ok: false, field, message });
  });

  it('accepts a phone and a code', () => {
    expect(validatePhoneChange({ phone: '13800138000', validCode: '123456' })).toEqual({ ok: true });
  });
});

describe('registration helpers', () => {
  it('counts down from 120 seconds then offers a new code', () => {
    expect(codeCountdownLabel(120)).toBe('120秒后获取');
    expect(codeCountdownLabel(0)).toBe('获取验证码');
  });
});

describe('validateProfileEdit', () => {
  const now = new Date('2026-11-20T02:00:00Z');
  it.each([
    [{ nickname: '一二三四五六七八九十一' }, 'nickname', '用户名不能多于10个字符'],
    [{ birthday: '1800-01-01' }, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ birthday: '2026-11-21' }, 'birthday', '请选择1900-01-01至今天之间的出生日期'],
    [{ address: '路'.repeat(51) }, 'address', '家庭详细地址应少于50个字'],
    [{ address: '家🏠' }, 'address', '请不要输入表情'],
    [{ height: 19.9 }, 'height', '身高应在20~240cm之间'],
    [{ weight: 200.5 }, 'weight', '体重应在5~200Kg之间'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateProfileEdit(input, now)).toEqual({ ok: false, field, message });
  });

  it('accepts the limits of every field, and an edit that sends none of them', () => {
    expect(
      validateProfileEdit(
        { nickname: '一二三四五六七八九十', birthday: '1900-01-01', address: '路'.repeat(50), height: 240, weight: 5 },
        now,
      ),
    ).toEqual({ ok: true });
    expect(validateProfileEdit({}, now)).toEqual({ ok: true });
  });
});
