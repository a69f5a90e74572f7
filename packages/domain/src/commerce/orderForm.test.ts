import { describe, expect, it } from 'vitest';
import { validateOrderSubmit } from './orderForm';

describe('validateOrderSubmit', () => {
  it.each([
    [{ receiveType: null }, 'receiveType', '请选取领取方式...'],
    [{ receiveType: 1, addressId: '' }, 'addressId', '请添加地址！'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateOrderSubmit(input)).toEqual({ ok: false, field, message });
  });

  it('needs an address only when mailing', () => {
    expect(validateOrderSubmit({ receiveType: 0 })).toEqual({ ok: true });
    expect(validateOrderSubmit({ receiveType: 1, addressId: 12 })).toEqual({ ok: true });
  });

  it('needs neither a receive method nor an address for virtual goods', () => {
    expect(validateOrderSubmit({ receiveType: null, addressId: null, virtual: true })).toEqual({ ok: true });
    expect(validateOrderSubmit({ receiveType: 1, addressId: null, virtual: false })).toEqual({
      ok: false,
      field: 'addressId',
      message: '请添加地址！',
    });
  });
});
