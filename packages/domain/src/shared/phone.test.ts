import { describe, expect, it } from 'vitest';
import { isMobilePhone, isStrictMobilePhone, maskPhone, validatePhone } from './phone';

describe('validatePhone', () => {
  it.each([
    ['', '手机号不能为空'],
    [null, '手机号不能为空'],
    ['1380013800', '请输入正确手机号'],
    ['23800138000', '请输入正确手机号'],
    ['138001380001', '请输入正确手机号'],
  ])('rejects %j with %s', (phone, message) => {
    expect(validatePhone(phone)).toEqual({ ok: false, field: 'phone', message });
  });

  it.each(['13800138000', '19912345678', ' 15012345678 '])('accepts the possible mobile number %j', (phone) => {
    expect(validatePhone(phone)).toEqual({ ok: true });
  });

  // Issue 15: a code was sent to 12345678901. No mainland mobile number starts 10, 11 or 12.
  it.each(['12345678901', '10000000000', '11012345678', '12000000000'])(
    'rejects the impossible number %s with 请输入正确手机号',
    (phone) => {
      expect(validatePhone(phone)).toEqual({ ok: false, field: 'phone', message: '请输入正确手机号' });
    },
  );
});

describe('isMobilePhone', () => {
  it.each([
    ['12345678901', false],
    ['12000000000', false],
    ['13000000000', true],
    ['13800138000', true],
    ['19912345678', true],
    ['1380013800a', false],
  ])('%s is a possible mobile number: %s', (phone, expected) => {
    expect(isMobilePhone(phone)).toBe(expected);
    expect(isStrictMobilePhone(phone)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each([
    ['13800138000', '138****8000'],
    ['1380013', '*******'],
    ['', ''],
    [null, ''],
  ] as const)('masks %j as %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
