import { describe, expect, it } from 'vitest';
import {
  ORDER_REFUND_MESSAGES,
  REFUND_REQUEST,
  customerRefundMode,
  operatorRefundProblem,
  orderRefundParts,
  refundContentText,
  refundRequestLabel,
  type RefundOrderState,
} from './orderRefund';

/** A paid online mailed order of ¥29.90, not audited, not sent. */
const paid: RefundOrderState = {
  payType: 1,
  payStatus: 1,
  orderStatus: 1,
  sendStatus: 0,
  auditStatus: 0,
  asignStatus: 0,
  needPay: 1,
  receiveType: 0,
  payAmount: 2990,
  scoreAmount: 0,
  paperAmount: 0,
  refundRequest: 0,
};
/** A points-only order, settled when submitted (payStatus stays 0, nothing to pay). */
const points: RefundOrderState = { ...paid, payStatus: 0, needPay: 0, payAmount: 0, scoreAmount: 500 };
const strips: RefundOrderState = { ...points, scoreAmount: 0, paperAmount: 50 };

describe('orderRefundParts', () => {
  it('names the money, points and strips an order gives back', () => {
    expect(orderRefundParts(paid)).toEqual({ money: true, points: 0, strips: 0 });
    expect(orderRefundParts({ ...paid, scoreAmount: 200 })).toEqual({ money: true, points: 200, strips: 0 });
    expect(orderRefundParts(points)).toEqual({ money: false, points: 500, strips: 0 });
    expect(orderRefundParts(strips)).toEqual({ money: false, points: 0, strips: 50 });
  });
});

describe('operatorRefundProblem', () => {
  it.each<[string, RefundOrderState, number, string | null]>([
    ['a paid order, in full', paid, 2990, null],
    ['a paid order, in part', paid, 1, null],
    ['a paid order, more than paid', paid, 2991, ORDER_REFUND_MESSAGES.moneyTooMuch],
    ['a paid order, 0 cents', paid, 0, ORDER_REFUND_MESSAGES.moneyTooMuch],
    ['again after 退款失败', { ...paid, payStatus: 4 }, 2990, null],
    ['while refunding', { ...paid, payStatus: 5 }, 2990, ORDER_REFUND_MESSAGES.notRefundable],
    ['refunded', { ...paid, payStatus: 3 }, 2990, ORDER_REFUND_MESSAGES.notRefundable],
    ['unpaid', { ...paid, payStatus: 0 }, 2990, ORDER_REFUND_MESSAGES.notRefundable],
    ['cash on delivery', { ...paid, payType: 2 }, 2990, ORDER_REFUND_MESSAGES.notRefundable],
    ['a points order, 0 cents', points, 0, null],
    ['a points order settled as paid', { ...points, payStatus: 1 }, 0, null],
    ['a strips order after shipping', { ...strips, sendStatus: 1 }, 0, null],
    ['a points order with cents', points, 100, ORDER_REFUND_MESSAGES.noMoney],
    ['a points order refunded already', { ...points, payStatus: 3 }, 0, ORDER_REFUND_MESSAGES.notRefundable],
    ['a cancelled points order', { ...points, orderStatus: 0 }, 0, ORDER_REFUND_MESSAGES.notRefundable],
    ['an order a coupon paid in full', { ...points, scoreAmount: 0 }, 0, ORDER_REFUND_MESSAGES.notRefundable],
  ])('%s', (_, order, cents, problem) => {
    expect(operatorRefundProblem(order, cents)).toBe(problem);
  });
});

describe('customerRefundMode', () => {
  it.each<[string, RefundOrderState, 'now' | 'request' | null]>([
    ['paid, before the audit: refunded at once', paid, 'now'],
    ['again after 退款失败', { ...paid, payStatus: 4, sendStatus: 1 }, 'now'],
    ['paid, shipped: a request', { ...paid, sendStatus: 1, auditStatus: 1 }, 'request'],
    ['paid, audited: a request', { ...paid, auditStatus: 1 }, 'request'],
    ['signed for: still a request', { ...paid, sendStatus: 1, auditStatus: 1, asignStatus: 1 }, 'request'],
    ['asked and waiting', { ...paid, sendStatus: 1, refundRequest: REFUND_REQUEST.requested }, null],
    ['declined: may ask again', { ...paid, sendStatus: 1, refundRequest: REFUND_REQUEST.declined }, 'request'],
    ['a points order shipped', { ...points, sendStatus: 1, auditStatus: 1 }, 'request'],
    ['a strips order settled as paid, shipped', { ...strips, payStatus: 1, sendStatus: 1 }, 'request'],
    ['a points order not audited', points, null],
    ['refunding', { ...paid, payStatus: 5, sendStatus: 1 }, null],
    ['refunded', { ...paid, payStatus: 3, sendStatus: 1 }, null],
    ['cancelled', { ...paid, orderStatus: 0, auditStatus: 1 }, null],
    ['cash on delivery shipped', { ...paid, payType: 2, payStatus: 0, sendStatus: 1 }, null],
    ['unpaid', { ...paid, payStatus: 0, auditStatus: 1 }, null],
  ])('%s', (_, order, mode) => {
    expect(customerRefundMode(order)).toBe(mode);
  });
});

describe('refundRequestLabel', () => {
  it('reads 退款申请中 and 退款申请未通过, and nothing once the refund runs', () => {
    expect(refundRequestLabel({ ...paid, refundRequest: 1 })).toBe('退款申请中');
    expect(refundRequestLabel({ ...paid, refundRequest: 2 })).toBe('退款申请未通过');
    expect(refundRequestLabel(paid)).toBeNull();
    expect(refundRequestLabel({ ...paid, refundRequest: 1, payStatus: 3 })).toBeNull();
  });
});

describe('refundContentText', () => {
  it('names the money refunded and the points and strips given back', () => {
    expect(refundContentText({ ...paid, refundAmount: 2990 })).toBe('¥29.90');
    expect(refundContentText({ ...paid, scoreAmount: 500, refundAmount: 4000 })).toBe('¥40.00＋500积分');
    expect(refundContentText({ ...points, refundAmount: 0 })).toBe('500积分');
    expect(refundContentText({ ...strips, refundAmount: 0 })).toBe('50条试纸');
  });
});
