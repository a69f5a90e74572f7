import { describe, expect, it } from 'vitest';
import { PAYMENT_RESULT_MESSAGES } from './labels';
import {
  isPayableCents,
  isPaymentPending,
  paymentOutcomeFromBridge,
  paymentResultMessage,
  PAYMENT_STATES,
  refundableCents,
  transitionPayment,
  transitionRefund,
} from './payment';
import type { PaymentEvent, PaymentState, PaymentTransition } from './payment';

const AMOUNT = 2990;
const paid: PaymentEvent = { type: 'paid', amountCents: AMOUNT };
const ask = (refundCents: number, refundable = AMOUNT): PaymentEvent => ({
  type: 'refundRequested',
  refundCents,
  refundableCents: refundable,
});

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
    ['paid', ask(AMOUNT), 'change', 'refunding'],
    ['paid', ask(1000), 'change', 'refunding'],
    ['partlyRefunded', ask(1000, 1990), 'change', 'refunding'],
    ['refundFailed', ask(AMOUNT), 'change', 'refunding'],
    ['paid', ask(AMOUNT + 1), 'refused', 'refundTooMuch'],
    ['partlyRefunded', ask(1991, 1990), 'refused', 'refundTooMuch'],
    ['paid', ask(0), 'refused', 'refundAmountInvalid'],
    ['paid', ask(10.5), 'refused', 'refundAmountInvalid'],
    ['refunding', ask(1), 'refused', 'refundInProgress'],
    ['refunded', ask(1, 0), 'refused', 'fullyRefunded'],
    ['created', ask(1), 'refused', 'notPaid'],
    ['closed', ask(1), 'refused', 'notPaid'],
    ['refunding', { type: 'refunded', remainingCents: 0 }, 'change', 'refunded'],
    ['refunding', { type: 'refunded', remainingCents: 990 }, 'change', 'partlyRefunded'],
    ['refundFailed', { type: 'refunded', remainingCents: 0 }, 'change', 'refunded'],
    ['refunded', { type: 'refunded', remainingCents: 0 }, 'noop', ''],
    ['paid', { type: 'refunded', remainingCents: 0 }, 'refused', 'noRefund'],
    ['partlyRefunded', { type: 'refunded', remainingCents: 0 }, 'change', 'refunded'],
    ['partlyRefunded', { type: 'refunded', remainingCents: 990 }, 'noop', ''],
    ['created', { type: 'refunded', remainingCents: 0 }, 'refused', 'noRefund'],
    ['refunding', { type: 'refundFailed' }, 'change', 'refundFailed'],
    ['refundFailed', { type: 'refundFailed' }, 'noop', ''],
    ['refunded', { type: 'refundFailed' }, 'noop', ''],
    ['paid', { type: 'refundFailed' }, 'refused', 'noRefund'],
    ['partlyRefunded', paid, 'noop', ''],
    ['partlyRefunded', { type: 'close' }, 'refused', 'alreadyPaid'],
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

describe('transitionRefund', () => {
  it('moves a processing refund to succeeded or failed once, and lets a late success correct a failure', () => {
    expect(transitionRefund('processing', 500, { type: 'succeeded', refundCents: 500 })).toEqual({
      kind: 'change',
      to: 'succeeded',
    });
    expect(transitionRefund('processing', 500, { type: 'failed' })).toEqual({ kind: 'change', to: 'failed' });
    expect(transitionRefund('succeeded', 500, { type: 'succeeded', refundCents: 500 })).toEqual({ kind: 'noop' });
    expect(transitionRefund('succeeded', 500, { type: 'failed' })).toEqual({ kind: 'noop' });
    expect(transitionRefund('failed', 500, { type: 'failed' })).toEqual({ kind: 'noop' });
    expect(transitionRefund('failed', 500, { type: 'succeeded', refundCents: 500 })).toEqual({
      kind: 'change',
      to: 'succeeded',
    });
  });

  it('refuses a success for another amount than the refund asked', () => {
    expect(transitionRefund('processing', 500, { type: 'succeeded', refundCents: 501 })).toMatchObject({
      kind: 'refused',
      reason: 'refundAmountMismatch',
    });
  });
});

describe('refundableCents', () => {
  it('is the amount less every refund that has not failed', () => {
    expect(refundableCents(AMOUNT, [])).toBe(AMOUNT);
    expect(
      refundableCents(AMOUNT, [
        { state: 'succeeded', amountCents: 1000 },
        { state: 'processing', amountCents: 500 },
        { state: 'failed', amountCents: 1490 },
      ]),
    ).toBe(1490);
    expect(refundableCents(AMOUNT, [{ state: 'succeeded', amountCents: AMOUNT }])).toBe(0);
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
