import { describe, expect, it } from 'vitest';
import {
  COUPON_MESSAGES,
  couponCoversGoods,
  couponDiscountCents,
  couponIssuedNotice,
  couponRefusal,
  couponStatus,
  validateCouponTemplate,
} from './coupon';

const now = new Date('2026-11-27T04:00:00Z'); // 12:00 in China
const held = {
  usedAt: null,
  startAt: new Date('2026-11-01T00:00:00+08:00'),
  endAt: new Date('2026-11-30T23:59:59+08:00'),
  rangeType: 'goods' as const,
  goodsIds: ['7', '9'],
  reservedAt: null,
};

describe('couponIssuedNotice', () => {
  it('names the coupon, its value in yuan and its last day', () => {
    expect(couponIssuedNotice({ couponName: '新人专享立减10元', couponValue: 1000, endAt: held.endAt })).toEqual({
      title: '您收到一张优惠券',
      text: '「新人专享立减10元」可抵扣¥10.00，有效期至2026-11-30，在健康商城下单时选用。',
    });
  });
});

describe('couponStatus', () => {
  it('is used once consumed, expired after its end, else unused', () => {
    expect(couponStatus(held, now)).toBe('unused');
    expect(couponStatus({ ...held, usedAt: now }, now)).toBe('used');
    expect(couponStatus(held, new Date('2026-12-01T00:00:00+08:00'))).toBe('expired');
    expect(couponStatus(held, new Date('2026-11-30T23:59:59+08:00'))).toBe('unused');
  });
});

describe('couponRefusal', () => {
  it.each([
    ['a used coupon', { usedAt: now }, '7', now, COUPON_MESSAGES.used],
    ['one held by another order', { reservedAt: now }, '7', now, COUPON_MESSAGES.inUse],
    ['one not yet started', {}, '7', new Date('2026-10-31T23:00:00+08:00'), COUPON_MESSAGES.notStarted],
    ['an expired one', {}, '7', new Date('2026-12-01T00:00:00+08:00'), COUPON_MESSAGES.expired],
    ['goods out of its range', {}, '8', now, COUPON_MESSAGES.outOfRange],
  ])('refuses %s', (_name, change, goodsId, at, message) => {
    expect(couponRefusal({ ...held, ...change }, goodsId, at)).toBe(message);
  });
  it('accepts listed goods, and any goods for an all-goods coupon', () => {
    expect(couponRefusal(held, '9', now)).toBeNull();
    expect(couponRefusal({ ...held, rangeType: 'all' }, '8', now)).toBeNull();
  });
});

describe('couponCoversGoods and couponDiscountCents', () => {
  it('needs every goods in range', () => {
    expect(couponCoversGoods(held, ['7', '9'])).toBe(true);
    expect(couponCoversGoods(held, ['7', '8'])).toBe(false);
  });
  it('never takes off more than the price', () => {
    expect(couponDiscountCents(500, 1990)).toBe(500);
    expect(couponDiscountCents(5000, 1990)).toBe(1990);
    expect(couponDiscountCents(500, 0)).toBe(0);
  });
});

describe('validateCouponTemplate', () => {
  const form = {
    couponName: '新人立减5元',
    couponValue: 500,
    startDate: '2026-11-27',
    endDate: '2026-12-31',
    rangeType: 'all' as const,
  };
  it('gives the validity from the start day 00:00 to the end day 23:59:59 China time', () => {
    expect(validateCouponTemplate(form, '2026-11-27')).toEqual({
      ok: true,
      startAt: new Date('2026-11-27T00:00:00+08:00'),
      endAt: new Date('2026-12-31T23:59:59+08:00'),
    });
  });
  it.each([
    ['a blank name', { couponName: '  ' }, COUPON_MESSAGES.nameEmpty],
    ['a name over 20 characters', { couponName: '优'.repeat(21) }, COUPON_MESSAGES.nameEmpty],
    ['a zero value', { couponValue: 0 }, COUPON_MESSAGES.valueInvalid],
    ['a value over 10000 yuan', { couponValue: 1_000_001 }, COUPON_MESSAGES.valueInvalid],
    ['an impossible start', { startDate: '2026-02-30' }, COUPON_MESSAGES.startInvalid],
    ['a missing end', { endDate: '' }, COUPON_MESSAGES.endInvalid],
    ['an end before the start', { endDate: '2026-11-26', startDate: '2026-11-27' }, COUPON_MESSAGES.endBeforeStart],
    ['an end in the past', { startDate: '2026-11-01', endDate: '2026-11-26' }, COUPON_MESSAGES.endPassed],
    ['a goods range without goods', { rangeType: 'goods' as const, goodsIds: [] }, COUPON_MESSAGES.goodsEmpty],
  ])('refuses %s', (_name, change, message) => {
    expect(validateCouponTemplate({ ...form, ...change }, '2026-11-27')).toEqual({ ok: false, message });
  });
});
