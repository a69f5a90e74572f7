import { describe, expect, it } from 'vitest';
import { maskPersonName, validateAccountRecovery } from './accountRecovery';

describe('maskPersonName', () => {
  it.each([
    ['张建国', '张*国'],
    ['欧阳建国', '欧**国'],
    ['张丽', '张*'],
    ['王', '*'],
    ['  张建国 ', '张*国'],
    ['', ''],
    ['Anna', 'A**a'],
  ])('%j → %j', (name, masked) => {
    expect(maskPersonName(name)).toBe(masked);
  });
});

describe('validateAccountRecovery', () => {
  it.each([
    [{ phone: '', validCode: '123456' }, '手机号不能为空'],
    [{ phone: '12345678901', validCode: '123456' }, '请输入正确手机号'],
    [{ phone: '13800138000', validCode: '12345' }, '请输入6位验证码'],
    [{ phone: '13800138000', validCode: null }, '请输入6位验证码'],
  ])('refuses %j with %s', (input, message) => {
    expect(validateAccountRecovery(input)).toMatchObject({ ok: false, message });
  });

  it('accepts a possible phone and six digits', () => {
    expect(validateAccountRecovery({ phone: '13800138000', validCode: '123456' })).toEqual({ ok: true });
  });
});
