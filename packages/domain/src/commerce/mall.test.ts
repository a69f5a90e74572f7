import { describe, expect, it } from 'vitest';
import {
  deductionText,
  goodsListTitle,
  goodsOriginPriceText,
  goodsPriceText,
  orderAmounts,
  orderShortfall,
  postageText,
  type PricedGoods,
} from './mall';

const goods = (over: Partial<PricedGoods & { postage: number; maxUsableScore: number | null }> = {}) => ({
  salesMode: 'rmb',
  goodsValue: 1990,
  scoreValue: 0,
  paperValue: 0,
  originPrice: 2990,
  originScore: 0,
  postage: 0,
  maxUsableScore: null,
  ...over,
});

describe('goodsPriceText', () => {
  it.each([
    [goods(), 1, '¥19.90'],
    [goods(), 3, '¥59.70'],
    [goods({ salesMode: 'score', goodsValue: 0, scoreValue: 500 }), 2, '1000积分'],
    [goods({ salesMode: 'paper', goodsValue: 0, paperValue: 50 }), 1, '50条试纸'],
    [goods({ salesMode: 'rmb,score', goodsValue: 990, scoreValue: 200 }), 1, '¥9.90+200积分'],
  ])('%j × %i → %s', (g, n, text) => {
    expect(goodsPriceText(g, n)).toBe(text);
  });

  it('crosses out an original price only when it is above the price', () => {
    expect(goodsOriginPriceText(goods())).toBe('¥29.90');
    expect(goodsOriginPriceText(goods({ originPrice: 1990 }))).toBeNull();
    expect(goodsOriginPriceText(goods({ salesMode: 'score', scoreValue: 500, originScore: 800 }))).toBe('800积分');
    expect(goodsOriginPriceText(goods({ salesMode: 'paper', paperValue: 50 }))).toBeNull();
  });

  it('shows free postage as 包邮', () => {
    expect(postageText(0)).toBe('包邮');
    expect(postageText(800)).toBe('运费 ¥8.00');
  });
});

describe('goodsListTitle', () => {
  it.each([
    [{ servicePackage: '0' }, '兑换试纸'],
    [{}, '兑换试纸'],
    [{ salesMode: 'paper' }, '兑换试纸'],
    [{ servicePackage: '1' }, '开通服务包'],
    [{ rechargePackage: '1' }, '流量续费'],
  ])('%j → %s', (flags, title) => {
    expect(goodsListTitle(flags)).toBe(title);
  });
});

describe('orderAmounts', () => {
  it('takes the coupon and the postage into the yuan to pay', () => {
    const amounts = orderAmounts({
      goods: goods({ postage: 800 }),
      quantity: 2,
      couponCents: 500,
      usePoints: false,
      pointsBalance: 0,
    });
    expect(amounts).toMatchObject({ goodsCents: 3980, couponCents: 500, postageCents: 800, payCents: 4280 });
  });

  it('never lets a coupon take off more than the goods', () => {
    const amounts = orderAmounts({
      goods: goods(),
      quantity: 1,
      couponCents: 5000,
      usePoints: false,
      pointsBalance: 0,
    });
    expect(amounts.couponCents).toBe(1990);
    expect(amounts.payCents).toBe(0);
  });

  it('deducts 50 points to the yuan, only from 10 points, at most maxUsableScore', () => {
    const base = { goods: goods(), quantity: 1, couponCents: 0, usePoints: true };
    expect(orderAmounts({ ...base, pointsBalance: 9 })).toMatchObject({ deductionPoints: 0, payCents: 1990 });
    expect(orderAmounts({ ...base, pointsBalance: 10 })).toMatchObject({
      deductionPoints: 10,
      deductionCents: 20,
      payCents: 1970,
    });
    expect(orderAmounts({ ...base, goods: goods({ maxUsableScore: 100 }), pointsBalance: 5000 })).toMatchObject({
      deductionPoints: 100,
      deductionCents: 200,
    });
    expect(
      orderAmounts({ ...base, goods: goods({ maxUsableScore: 100 }), quantity: 2, pointsBalance: 5000 }),
    ).toMatchObject({ deductionPoints: 200, deductionCents: 400 });
    expect(orderAmounts({ ...base, goods: goods({ maxUsableScore: 0 }), pointsBalance: 5000 }).deductionPoints).toBe(0);
    // The deduction stops at what is left to pay: 1990 cents are 995 points.
    expect(orderAmounts({ ...base, pointsBalance: 5000 })).toMatchObject({ deductionPoints: 995, payCents: 0 });
  });

  it('pays score goods in points and paper goods in strips, leaving the postage in yuan', () => {
    const score = orderAmounts({
      goods: goods({ salesMode: 'score', goodsValue: 0, scoreValue: 300, postage: 600 }),
      quantity: 2,
      couponCents: 0,
      usePoints: true,
      pointsBalance: 1000,
    });
    expect(score).toMatchObject({ scorePoints: 600, deductionPoints: 0, payCents: 600 });
    const paper = orderAmounts({
      goods: goods({ salesMode: 'paper', goodsValue: 0, paperValue: 50 }),
      quantity: 1,
      couponCents: 300,
      usePoints: false,
      pointsBalance: 0,
    });
    expect(paper).toMatchObject({ paperStrips: 50, couponCents: 0, payCents: 0 });
  });

  it('deducts on yuan-and-points goods only from the points the score part leaves', () => {
    const amounts = orderAmounts({
      goods: goods({ salesMode: 'rmb,score', goodsValue: 1000, scoreValue: 200 }),
      quantity: 1,
      couponCents: 0,
      usePoints: true,
      pointsBalance: 300,
    });
    expect(amounts).toMatchObject({ scorePoints: 200, deductionPoints: 100, deductionCents: 200, payCents: 800 });
  });
});

describe('deductionText', () => {
  it('words the deduction the order form offers', () => {
    expect(deductionText({ deductionPoints: 200, deductionCents: 400 })).toBe('可用200积分抵扣¥4.00');
  });
});

describe('orderShortfall', () => {
  it.each([
    [{ scorePoints: 500, paperStrips: 0 }, { points: 499, strips: 0 }, 'points'],
    [{ scorePoints: 500, paperStrips: 0 }, { points: 500, strips: 0 }, null],
    [{ scorePoints: 0, paperStrips: 50 }, { points: 0, strips: 49 }, 'strips'],
    [{ scorePoints: 0, paperStrips: 50 }, { points: 0, strips: 50 }, null],
    [{ scorePoints: 0, paperStrips: 0 }, { points: 0, strips: 0 }, null],
  ])('%j with %j → %s', (amounts, balances, expected) => {
    expect(orderShortfall(amounts, balances)).toBe(expected);
  });
});
