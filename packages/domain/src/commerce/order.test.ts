import { describe, expect, it } from 'vitest';
import {
  autoCancelRemainingMs,
  canCancelOrder,
  canPayOrder,
  canRequestRefundAgain,
  canViewLogistics,
  effectiveReceiveType,
  formatCountdown,
  isGoodsOnSale,
  maxOrderQuantity,
  orderStatusLabel,
  paymentLabel,
  receiveTypeFromApi,
  receiveTypeToApi,
  stepQuantity,
  centsToYuan,
  maskOrderCode,
} from './order';
import type { OrderState } from './order';

const order = (over: Partial<OrderState> = {}): OrderState => ({
  payType: 1,
  payStatus: 0,
  orderStatus: 1,
  sendStatus: 0,
  auditStatus: 0,
  asignStatus: 0,
  needPay: 1,
  receiveType: 0,
  ...over,
});

describe('canPayOrder', () => {
  it.each([
    [{}, true],
    [{ orderStatus: 0 }, false],
    [{ payType: 2 }, false],
    [{ needPay: 0 }, false],
    [{ payStatus: 1 }, false],
  ])('with %j: %s', (over, expected) => {
    expect(canPayOrder(order(over))).toBe(expected);
  });
});

describe('canCancelOrder', () => {
  it.each([
    [{}, true],
    [{ payStatus: 1, auditStatus: 0 }, true],
    [{ payStatus: 1, auditStatus: 1 }, false],
    [{ needPay: 0 }, false],
    [{ orderStatus: 0 }, false],
    [{ sendStatus: 1 }, false],
    [{ payType: 2, auditStatus: 0 }, true],
    [{ payType: 2, auditStatus: 1 }, false],
    [{ payType: 9 }, false],
  ])('with %j: %s', (over, expected) => {
    expect(canCancelOrder(order(over))).toBe(expected);
  });
});

describe('canViewLogistics', () => {
  const sent = { sendStatus: 1, payStatus: 1 };
  it.each([
    [sent, true, true],
    [sent, false, false],
    [{ ...sent, receiveType: 1 }, true, false],
    [{ ...sent, sendStatus: 0 }, true, false],
    [{ sendStatus: 1, payStatus: 0, payType: 2 }, true, true],
    [{ sendStatus: 1, payStatus: 0 }, true, false],
    [{ sendStatus: 1, payStatus: 0, needPay: 0 }, true, true],
  ])('with %j and a virtual first item %s: %s', (over, virtual, expected) => {
    expect(canViewLogistics(order(over), virtual)).toBe(expected);
  });

  it('allows a new refund request after 退款失败', () => {
    expect(canRequestRefundAgain(order({ payStatus: 4 }))).toBe(true);
    expect(canRequestRefundAgain(order({ payStatus: 3 }))).toBe(false);
  });
});

describe('order labels', () => {
  it.each([
    [{ orderStatus: 0 }, '已取消'],
    [{ orderStatus: 0, payStatus: 5 }, '退款中'],
    [{ orderStatus: 0, payStatus: 3 }, '退款成功'],
    [{ payStatus: 5 }, '退款中'],
    [{ payStatus: 3 }, '退款成功'],
    [{ payStatus: 4, payType: 2 }, '退款失败'],
    [{ payStatus: 1, auditStatus: 2 }, '审核不通过'],
    [{ payStatus: 1, sendStatus: 1, asignStatus: 1 }, '已签收'],
    [{ payStatus: 1, sendStatus: 1, asignStatus: 2 }, '拒收'],
    [{ payStatus: 1, sendStatus: 1 }, '已发货'],
    [{}, '未支付'],
    [{ payStatus: 1, auditStatus: 1 }, '审核成功'],
    [{ payStatus: 1 }, '未发货'],
    // Nothing to pay online (points, strips): not waiting for money.
    [{ needPay: 0 }, '未发货'],
  ])('labels %j as %s', (over, label) => {
    expect(orderStatusLabel(order(over))).toBe(label);
  });

  it.each([
    [{ payType: 2 }, '货到付款'],
    [{ payStatus: 0 }, '未支付'],
    [{ payStatus: 1 }, '已支付'],
    [{ payStatus: 5 }, '退款中'],
    [{ payStatus: 3 }, '退款成功'],
    [{ payStatus: 4 }, '退款失败'],
    [{ payStatus: 2 }, undefined],
    [{ payStatus: 0, needPay: 0 }, '已支付'],
  ])('gives %j the payment label %s', (over, label) => {
    expect(paymentLabel(order(over))).toBe(label);
  });
});

describe('auto-cancel countdown', () => {
  const now = Date.UTC(2026, 1, 1, 2, 0, 0);

  it('counts down to autoCancelTime for a pending online order', () => {
    expect(autoCancelRemainingMs(order({ autoCancelTime: now + 90_000 }), now)).toBe(90_000);
    expect(autoCancelRemainingMs(order({ autoCancelTime: new Date(now - 1) }), now)).toBe(0);
    expect(autoCancelRemainingMs(order({ autoCancelTime: '2026-02-01T02:30:00Z' }), new Date(now))).toBe(1_800_000);
  });

  it.each([
    [{ payStatus: 1, autoCancelTime: 1 }],
    [{ payType: 2, autoCancelTime: 1 }],
    [{ orderStatus: 0, autoCancelTime: 1 }],
    [{ autoCancelTime: null }],
    [{ autoCancelTime: 'not a date' }],
  ])('does not count down for %j', (over) => {
    expect(autoCancelRemainingMs(order(over), now)).toBeNull();
  });

  it.each([
    [0, '00:00'],
    [-5, '00:00'],
    [61_000, '01:01'],
    [3_725_000, '1:02:05'],
  ])('formats %i ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('receive type', () => {
  it('maps the form value inversely to the API value', () => {
    expect(receiveTypeToApi(0)).toBe(1);
    expect(receiveTypeToApi(1)).toBe(0);
    expect(receiveTypeFromApi(1)).toBe(0);
    expect(receiveTypeFromApi(0)).toBe(1);
  });

  it('forces pickup with cash on delivery to mail', () => {
    expect(effectiveReceiveType(0, 2)).toBe(1);
    expect(effectiveReceiveType(0, 1)).toBe(0);
    expect(effectiveReceiveType(1, 2)).toBe(1);
  });
});

describe('stepQuantity', () => {
  const goods = { maximum: 5, stock: 3 };
  it.each([
    [1, -1, 1, '不能再少啦~~'],
    [1, 1, 2, null],
    [3, 1, 3, '不能再多啦~~'],
  ])('from %i by %i gives %i with %j', (current, delta, quantity, message) => {
    expect(stepQuantity(current, delta, goods)).toEqual({ quantity, message });
  });

  it('uses the smaller of maximum and stock, and stock alone without a maximum', () => {
    expect(maxOrderQuantity({ maximum: 2, stock: 10 })).toBe(2);
    expect(maxOrderQuantity({ maximum: 0, stock: 10 })).toBe(10);
    expect(maxOrderQuantity({ maximum: null, stock: -1 })).toBe(0);
  });

  it('sells only goods with status 1', () => {
    expect(isGoodsOnSale({ status: 1 })).toBe(true);
    expect(isGoodsOnSale({ status: 0 })).toBe(false);
  });
});

describe('centsToYuan', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1999, '19.99'],
    [100_000, '1000.00'],
    [-250, '-2.50'],
  ])('shows %i cents as %s yuan', (cents, text) => {
    expect(centsToYuan(cents)).toBe(text);
  });
});

describe('masking', () => {
  it.each([
    ['20260201123456', '20********3456'],
    ['AB1234', 'AB1234'],
    ['AB12345', 'AB*2345'],
  ])('masks order code %s as %s', (code, masked) => {
    expect(maskOrderCode(code)).toBe(masked);
  });
});
