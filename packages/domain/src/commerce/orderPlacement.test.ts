import { describe, expect, it } from 'vitest';
import { GOODS_OFF_SHELF_MESSAGE, QUANTITY_TOO_FEW_MESSAGE, QUANTITY_TOO_MANY_MESSAGE } from './labels';
import { STRIPS_TOO_FEW_MESSAGE } from '../engagement/labels';
import { orderAmounts } from './mall';
import {
  canRequestRefund,
  goodsTypeOf,
  ORDER_MESSAGES,
  orderAutoCancelAt,
  orderNeedsPayment,
  validateOrderPlacement,
} from './orderPlacement';

const onSale = { status: 1, stock: 5, maximum: 3 };
const none = { scorePoints: 0, deductionPoints: 0, paperStrips: 0 };
const rich = { points: 10_000, strips: 500 };

describe('validateOrderPlacement', () => {
  it.each([
    ['an off-shelf good', { ...onSale, status: 0 }, 1, none, rich, GOODS_OFF_SHELF_MESSAGE],
    ['a sold-out good', { ...onSale, stock: 0 }, 1, none, rich, ORDER_MESSAGES.stockShort],
    ['a quantity of 0', onSale, 0, none, rich, QUANTITY_TOO_FEW_MESSAGE],
    ['more than the maximum', onSale, 4, none, rich, QUANTITY_TOO_MANY_MESSAGE],
    ['more than the stock', { ...onSale, stock: 2, maximum: 0 }, 3, none, rich, QUANTITY_TOO_MANY_MESSAGE],
    ['strips below 50', onSale, 1, { ...none, paperStrips: 10 }, { points: 0, strips: 49 }, STRIPS_TOO_FEW_MESSAGE],
    [
      'strips short of the price',
      onSale,
      2,
      { ...none, paperStrips: 100 },
      { points: 0, strips: 60 },
      ORDER_MESSAGES.stripsShort,
    ],
    [
      'points short of a score good',
      onSale,
      1,
      { ...none, scorePoints: 500 },
      { points: 499, strips: 0 },
      ORDER_MESSAGES.pointsShort,
    ],
  ])('refuses %s', (_name, goods, quantity, amounts, balances, message) => {
    expect(validateOrderPlacement({ goods, quantity, amounts, balances })).toMatchObject({ ok: false, message });
  });

  it('lets an order within stock, maximum and balances through', () => {
    expect(
      validateOrderPlacement({ goods: onSale, quantity: 3, amounts: none, balances: { points: 0, strips: 0 } }),
    ).toEqual({
      ok: true,
    });
    expect(
      validateOrderPlacement({
        goods: onSale,
        quantity: 1,
        amounts: { ...none, paperStrips: 50 },
        balances: { points: 0, strips: 50 },
      }),
    ).toEqual({ ok: true });
  });

  it('checks the points an order computed by orderAmounts spends (score price plus deduction)', () => {
    const goods = { salesMode: 'rmb,score', goodsValue: 1000, scoreValue: 100, postage: 0, maxUsableScore: 500 };
    const amounts = orderAmounts({ goods, quantity: 1, couponCents: 0, usePoints: true, pointsBalance: 300 });
    expect(amounts).toMatchObject({ scorePoints: 100, deductionPoints: 200, deductionCents: 400, payCents: 600 });
    expect(
      validateOrderPlacement({ goods: onSale, quantity: 1, amounts, balances: { points: 300, strips: 0 } }),
    ).toEqual({
      ok: true,
    });
  });
});

describe('goodsTypeOf', () => {
  it('calls service packages and data plans virtual, the rest physical', () => {
    expect(goodsTypeOf({ servicePackage: 1, rechargePackage: 0 })).toBe('virtual');
    expect(goodsTypeOf({ servicePackage: 0, rechargePackage: 1 })).toBe('virtual');
    expect(goodsTypeOf({ servicePackage: 0, rechargePackage: 0 })).toBe('physical');
  });
});

describe('orderNeedsPayment', () => {
  it('needs payment only for online orders with money to pay', () => {
    expect(orderNeedsPayment(1, 100)).toBe(1);
    expect(orderNeedsPayment(1, 0)).toBe(0);
    expect(orderNeedsPayment(2, 100)).toBe(0);
  });
});

describe('orderAutoCancelAt', () => {
  it('is 30 minutes after the order was placed', () => {
    expect(orderAutoCancelAt(new Date('2026-11-20T02:00:00Z')).toISOString()).toBe('2026-11-20T02:30:00.000Z');
  });
});

describe('canRequestRefund', () => {
  const paid = { payType: 1, payStatus: 1, orderStatus: 1, sendStatus: 0, auditStatus: 0, needPay: 1 };
  it.each([
    ['a paid order not yet sent', paid, true],
    ['a paid order that failed the audit', { ...paid, auditStatus: 2 }, true],
    ['a refund that failed (again)', { ...paid, orderStatus: 0, payStatus: 4 }, true],
    ['a paid order the audit passed', { ...paid, auditStatus: 1 }, false],
    ['a sent order', { ...paid, sendStatus: 1 }, false],
    ['an unpaid order', { ...paid, payStatus: 0 }, false],
    ['a refund in progress', { ...paid, payStatus: 5 }, false],
    ['a refunded order', { ...paid, payStatus: 3 }, false],
    ['cash on delivery', { ...paid, payType: 2 }, false],
  ])('%s: %s', (_name, order, expected) => {
    expect(canRequestRefund(order)).toBe(expected);
  });
});
