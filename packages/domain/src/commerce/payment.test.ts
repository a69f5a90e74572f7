import { describe, expect, it } from 'vitest';
import { PAYMENT_RESULT_MESSAGES } from './labels';
import {
  isPayableCents,
  isPaymentPending,
  paymentOutcomeFromBridge,
  paymentResultMessage,
  PAYMENT_STATES,
  transitionPayment,
} from './payment';
import type { PaymentEvent, PaymentState, PaymentTransition } from './payment';

const AMOUNT = 2990;
const paid: PaymentEvent = { type: 'paid', amountCents: AMOUNT };

describe('transitionPayment', () => {
  const cases: [PaymentState, PaymentEvent, PaymentTransition['kind'], string][] = [
    ['created', paid, 'change', 'paid'],
    ['paid', paid, 'noop', ''],
    ['refunding', paid, 'noop', ''],
    ['refunded', paid, 'noop', ''],
    ['refundFailed', paid, 'noop', ''],
    ['closed', paid, 'refused', 'closed'],
    ['created', { type: 'close' }, 'change', 'closed'],
    ['closed', { type: 'close' }, 'noop', ''],
    ['paid', { type: 'close' }, 'refused', 'alreadyPaid'],
    ['paid', { type: 'refundRequested' }, 'change', 'refunding'],
    ['refundFailed', { type: 'refundRequested' }, 'change', 'refunding'],
    ['refunding', { type: 'refundRequested' }, 'noop', ''],
    ['refunded', { type: 'refundRequested' }, 'noop', ''],
    ['created', { type: 'refundRequested' }, 'refused', 'notPaid'],
    ['closed', { type: 'refundRequested' }, 'refused', 'notPaid'],
    ['refunding', { type: 'refunded' }, 'change', 'refunded'],
    ['refundFailed', { type: 'refunded' }, 'change', 'refunded'],
    ['refunded', { type: 'refunded' }, 'noop', ''],
    ['paid', { type: 'refunded' }, 'refused', 'noRefund'],
    ['created', { type: 'refunded' }, 'refused', 'noRefund'],
    ['refunding', { type: 'refundFailed' }, 'change', 'refundFailed'],
    ['refundFailed', { type: 'refundFailed' }, 'noop', ''],
    ['refunded', { type: 'refundFailed' }, 'noop', ''],
    ['paid', { type: 'refundFailed' }, 'refused', 'noRefund'],
  ];
  it.each(cases)('from %s on %o: %s %s', (state, event, kind, detail) => {
    const result = transitionPayment(state, AMOUNT, event);
    expect(result.kind).toBe(kind);
    if (result.kind === 'change') {
      expect(result.to).toBe(detail);
    } else if (result.kind === 'refused') {
      expect(result.reason).toBe(detail);
      expect(result.message).not.toBe('');
    }
  });

  it('refuses a payment for another amount in every state, before anything else', () => {
    for (const state of PAYMENT_STATES) {
      const result = transitionPayment(state, AMOUNT, { type: 'paid', amountCents: AMOUNT - 1 });
      expect(result).toEqual({ kind: 'refused', reason: 'amountMismatch', message: '支付金额与订单金额不符' });
    }
  });
});

describe('isPayableCents', () => {
  it.each([
    [1, true],
    [2990, true],
    [10_000_000, true],
    [0, false],
    [-100, false],
    [29.9, false],
    [10_000_001, false],
    [Number.NaN, false],
  ])('%s cents → %s', (cents, ok) => {
    expect(isPayableCents(cents)).toBe(ok);
  });
});

describe('isPaymentPending', () => {
  it('holds only for a created intent', () => {
    expect(PAYMENT_STATES.filter(isPaymentPending)).toEqual(['created']);
  });
});

describe('payment results', () => {
  it('reads the bridge answer and names it in the spec words', () => {
    expect(paymentResultMessage(paymentOutcomeFromBridge('get_brand_wcpay_request:ok'))).toBe('支付成功');
    expect(paymentResultMessage(paymentOutcomeFromBridge('get_brand_wcpay_request:cancel'))).toBe('支付取消');
    expect(paymentResultMessage(paymentOutcomeFromBridge('get_brand_wcpay_request:fail'))).toBe('支付失败！请重试');
    expect(paymentOutcomeFromBridge('chooseWXPay:ok')).toBe('success');
    expect(paymentOutcomeFromBridge('something else')).toBe('failed');
    expect(PAYMENT_RESULT_MESSAGES).toEqual({ success: '支付成功', failed: '支付失败！请重试', cancelled: '支付取消' });
  });
});
