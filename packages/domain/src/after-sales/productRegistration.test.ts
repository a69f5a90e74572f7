import { describe, expect, it } from 'vitest';
import {
  canSubmitProductRegistration,
  isDeviceCode,
  normalizeDeviceCode,
  validateProductRegistration,
} from './productRegistration';

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
    [{ orderTimeStr: '' }, 'orderTimeStr', '请选择购买日期'],
    [{ orderTimeStr: '2026-02-30' }, 'orderTimeStr', '请选择购买日期'],
    [{ deviceImei: '' }, 'deviceImei', '请扫描或输入正确的设备IMEI'],
    [{ deviceImei: 'imei=8612' }, 'deviceImei', '请扫描或输入正确的设备IMEI'],
    [{ deviceImei: '8612 3456 7890' }, 'deviceImei', '请扫描或输入正确的设备IMEI'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateProductRegistration({ ...ok, ...over }, now)).toEqual({ ok: false, field, message });
  });

  it('accepts a purchase today in China time', () => {
    expect(validateProductRegistration(ok, now)).toEqual({ ok: true });
    expect(validateProductRegistration({ ...ok, orderTimeStr: '2026-02-01 09:30:00' }, now)).toEqual({ ok: true });
  });

  it('takes an SN of a meter without a SIM card as the device code', () => {
    expect(validateProductRegistration({ ...ok, deviceImei: 'BP-2026A0001' }, now)).toEqual({ ok: true });
    expect(isDeviceCode(' 861234567890123 ')).toBe(true);
    expect(isDeviceCode('12345')).toBe(false);
  });

  it('normalises a device code to one spelling, trimmed and upper-case, before checking it', () => {
    expect(normalizeDeviceCode(' sn12ab34 ')).toBe('SN12AB34');
    expect(normalizeDeviceCode('SN12AB34')).toBe('SN12AB34');
    expect(normalizeDeviceCode('bp-2026a0001')).toBe('BP-2026A0001');
    expect(normalizeDeviceCode(undefined)).toBe('');
    expect(isDeviceCode('sn12ab34')).toBe(true);
    expect(validateProductRegistration({ ...ok, deviceImei: ' bp-2026a0001 ' }, now)).toEqual({ ok: true });
    expect(isDeviceCode('sn12ab3_')).toBe(false);
  });
});
