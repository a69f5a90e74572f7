import { describe, expect, it } from 'vitest';
import { isMobilePhone, isStrictMobilePhone, validatePhone } from './phone';

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

  it('accepts 11 digits starting with 1', () => {
    expect(validatePhone('13800138000')).toEqual({ ok: true });
  });

  it.each([
    ['12000000000', true, false],
    ['13800138000', true, true],
    ['19912345678', true, true],
  ])('%s is a phone: %s, strictly (13–19): %s', (phone, loose, strict) => {
    expect(isMobilePhone(phone)).toBe(loose);
    expect(isStrictMobilePhone(phone)).toBe(strict);
  });
});
