import { describe, expect, it } from 'vitest';
import { REPAIR_IMAGE_GROUP_LABELS } from './labels';
import {
  isUpkeepCode,
  makeUpkeepCode,
  repairPurchaseDateBounds,
  showsRepairNoMore,
  validateModelChoice,
  validateRepair,
} from './repair';

describe('validateRepair', () => {
  const ok = {
    name: '王五',
    phone: '13912345678',
    categoryId: 1,
    purchaseDateStr: '2025-12-01',
    malfunctionContent: '无法开机',
  };

  it.each([
    [{ name: '' }, 'name', '请填写联系人'],
    [{ phone: '' }, 'phone', '请填写联系电话'],
    [{ phone: '12345678901' }, 'phone', '请输入正确的电话号码！'],
    [{ categoryId: null }, 'categoryId', '请选择品类'],
    [{ purchaseDateStr: '' }, 'purchaseDateStr', '请选择购买日期'],
    [{ malfunctionContent: '' }, 'malfunctionContent', '请选择故障描述'],
    [{ certificateImages: ['1', '2', '3', '4', '5'] }, 'certificateUrl', '最多只能上传4张图片'],
    [{ malfunctionImages: ['1', '2', '3', '4', '5'] }, 'malfunctionUrl', '最多只能上传4张图片'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateRepair({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('does not check the model, address or photos', () => {
    expect(validateRepair({ ...ok, productId: null, address: '', certificateImages: ['1', '2', '3', '4'] })).toEqual({
      ok: true,
    });
  });

  it('needs a category before a model', () => {
    expect(validateModelChoice('')).toEqual({ ok: false, field: 'categoryId', message: '请选择品类' });
    expect(validateModelChoice(3)).toEqual({ ok: true });
  });
});

describe('the repair list’s no-more line', () => {
  it.each([
    [0, false],
    [4, false],
    [5, true],
    [7, true],
    [12, true],
  ])('with %i requests loaded shows it: %s', (loaded, shown) => {
    expect(showsRepairNoMore(loaded)).toBe(shown);
  });
});

describe('repairPurchaseDateBounds', () => {
  it('offers 1900-01-01 to today in China, also just after midnight there', () => {
    expect(repairPurchaseDateBounds(new Date('2026-03-10T15:59:59Z'))).toEqual({
      min: '1900-01-01',
      max: '2026-03-10',
    });
    expect(repairPurchaseDateBounds(new Date('2026-03-10T16:00:00Z'))).toEqual({
      min: '1900-01-01',
      max: '2026-03-11',
    });
  });
});

describe('REPAIR_IMAGE_GROUP_LABELS', () => {
  it('labels the vouchers 发票信息 and the fault photos 故障图片, not the old product’s swapped way', () => {
    expect(REPAIR_IMAGE_GROUP_LABELS).toEqual({ certificateUrl: '发票信息', malfunctionUrl: '故障图片' });
  });
});

describe('the purchase date on the server', () => {
  // 2026-02-01 00:30 in China.
  const now = Date.UTC(2026, 0, 31, 16, 30);
  const ok = { name: '王五', phone: '13912345678', categoryId: 1, malfunctionContent: '无法开机' };

  it.each([
    ['1900-01-01', true],
    ['2026-02-01', true],
    ['2026-02-02', false],
    ['1899-12-31', false],
    ['2026-02-30', false],
  ])('purchase %s is accepted: %s', (purchaseDateStr, accepted) => {
    expect(validateRepair({ ...ok, purchaseDateStr }, now)).toEqual(
      accepted
        ? { ok: true }
        : { ok: false, field: 'purchaseDateStr', message: '请选择1900-01-01至今天之间的购买日期' },
    );
  });
});

describe('makeUpkeepCode', () => {
  it('reads BX, the China date and five unambiguous letters', () => {
    // 2026-11-26 17:00 UTC is 2026-11-27 01:00 in China.
    const picks = [0, 1, 30, 8, 29];
    const code = makeUpkeepCode(Date.UTC(2026, 10, 26, 17), () => picks.shift() ?? 0);
    expect(code).toBe('BX26112723ZAY');
    expect(isUpkeepCode(code)).toBe(true);
    expect(isUpkeepCode('BX2611270O1IL')).toBe(false);
  });
});
