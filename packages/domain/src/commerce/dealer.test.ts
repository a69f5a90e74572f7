import { describe, expect, it } from 'vitest';
import { dealerQuantity, validateDealer } from './dealer';

describe('validateDealer', () => {
  const ok = {
    purchaser: '李四',
    phone: '13800138000',
    productName: '血糖仪',
    account: 100,
    saleChannel: '药店',
    saleArea: '华东',
    remark: '',
  };

  it.each([
    [{ purchaser: '' }, 'purchaser', '请输入采购人姓名！'],
    [{ phone: '' }, 'phone', '联系电话！'],
    [{ phone: '12800138000' }, 'phone', '请输入正确的电话号码！'],
    [{ productName: '' }, 'productName', '采购商品名称！'],
    // Each field its own message (the legacy product mixed them up; ADR 0199).
    [{ account: '' }, 'account', '采购商品数量！'],
    [{ account: '0' }, 'account', '请输入正确的采购数量！'],
    [{ account: '2.5' }, 'account', '请输入正确的采购数量！'],
    [{ account: '123456789' }, 'account', '请输入正确的采购数量！'],
    [{ account: -3 }, 'account', '请输入正确的采购数量！'],
    [{ saleChannel: '' }, 'saleChannel', '销售渠道！'],
    [{ saleArea: '' }, 'saleArea', '销售区域！'],
    [{ remark: '🙂' }, 'remark', '请不要输入表情'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateDealer({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('checks in the spec’s order', () => {
    expect(validateDealer({})).toMatchObject({ field: 'purchaser' });
    expect(validateDealer({ purchaser: '李四', phone: '13800138000' })).toMatchObject({ field: 'productName' });
  });

  it('reads the quantity as typed or as a number', () => {
    expect(dealerQuantity(' 200 ')).toBe(200);
    expect(dealerQuantity(99_999_999)).toBe(99_999_999);
    expect(dealerQuantity('1e3')).toBeNull();
    expect(dealerQuantity(null)).toBeNull();
  });

  it('strips non-digits from the phone and accepts a complete form', () => {
    expect(validateDealer({ ...ok, phone: '138-0013-8000' })).toEqual({ ok: true });
  });
});
