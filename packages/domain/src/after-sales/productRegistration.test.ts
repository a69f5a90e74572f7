import { describe, expect, it } from 'vitest';
import { canSubmitProductRegistration, validateProductRegistration } from './productRegistration';

describe('product registration', () => {
  // 2026-02-01 00:30 in China.
  const now = Date.UTC(2026, 0, 31, 16, 30);
  const ok = { phone: '13800138000', orderTimeStr: '2026-02-01', deviceImei: '861234567890123' };

  it('enables submit only with phone, date and IMEI', () => {
    expect(canSubmitProductRegistration(ok)).toBe(true);
    expect(canSubmitProductRegistration({ ...ok, deviceImei: '' })).toBe(false);
  });

  it.each([
    [{ phone: '1380013800' }, 'phone', '请输入正确的手机号'],
    [{ orderTimeStr: '2026-02-02' }, 'orderTimeStr', '购买日期不能晚于今天'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateProductRegistration({ ...ok, ...over }, now)).toEqual({ ok: false, field, message });
  });

  it('accepts a purchase today in China time', () => {
    expect(validateProductRegistration(ok, now)).toEqual({ ok: true });
  });
});
