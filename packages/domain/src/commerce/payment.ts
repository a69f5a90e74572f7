import { PAYMENT_REFUSALS, PAYMENT_RESULT_MESSAGES } from './labels';

/**
 * A payment intent's life: created → paid → refunding → refunded / refundFailed, or created →
 * closed. One intent pays for one thing (a consultation service or an order), for an amount in
 * whole cents (分), the unit WeChat Pay speaks.
 */
export const PAYMENT_STATES = ['created', 'paid', 'refunding', 'refunded', 'refundFailed', 'closed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What an intent pays for. */
export const PAYMENT_SUBJECTS = ['consultService', 'order'] as const;
export type PaymentSubject = (typeof PAYMENT_SUBJECTS)[number];

/** Something that happened to an intent: a notify, a query answer, or a user's or staff member's request. */
export type PaymentEvent =
  | { readonly type: 'paid'; readonly amountCents: number }
  | { readonly type: 'close' }
  | { readonly type: 'refundRequested' }
  | { readonly type: 'refunded' }
  | { readonly type: 'refundFailed' };

export type PaymentRefusal = keyof typeof PAYMENT_REFUSALS;

/** The outcome of applying an event: a new state, nothing (a duplicate or late event), or a refusal with its reason. */
export type PaymentTransition =
  | { readonly kind: 'change'; readonly to: PaymentState }
  | { readonly kind: 'noop' }
  | { readonly kind: 'refused'; readonly reason: PaymentRefusal; readonly message: string };

/** An intent is pending (the payer may still pay) while it is created. */
export const isPaymentPending = (state: PaymentState): boolean => state === 'created';

/** Intents still pending after this long are asked about (reconciliation). */
export const PAYMENT_RECONCILE_AFTER_MS = 10 * 60_000;

/** The largest amount one intent may carry: ¥100,000.00 (WeChat Pay JSAPI takes int32 cents; we stay far below). */
export const MAX_PAYMENT_CENTS = 10_000_000;

/** Whether `cents` is a payable amount: a whole number of cents from 1 to MAX_PAYMENT_CENTS. */
export function isPayableCents(cents: number): boolean {
  return Number.isInteger(cents) && cents >= 1 && cents <= MAX_PAYMENT_CENTS;
}

const change = (to: PaymentState): PaymentTransition => ({ kind: 'change', to });
const NOOP: PaymentTransition = { kind: 'noop' };
const refuse = (reason: PaymentRefusal): PaymentTransition => ({
  kind: 'refused',
  reason,
  message: PAYMENT_REFUSALS[reason],
});

/**
 * The allowed transitions, as one pure function. Duplicate and late events (a second "paid"
 * notify, a "paid" answer to an intent already refunding) change nothing; events that make no
 * sense in the state (a refund of an unpaid intent, a payment for a different amount) are refused
 * with a reason, so the caller can log it and answer the provider.
 */
export function transitionPayment(
  state: PaymentState,
  intentAmountCents: number,
  event: PaymentEvent,
): PaymentTransition {
  switch (event.type) {
    case 'paid':
      if (event.amountCents !== intentAmountCents) {
        return refuse('amountMismatch');
      }
      if (state === 'created') {
        return change('paid');
      }
      return state === 'closed' ? refuse('closed') : NOOP;
    case 'close':
      if (state === 'created') {
        return change('closed');
      }
      return state === 'closed' ? NOOP : refuse('alreadyPaid');
    case 'refundRequested':
      if (state === 'paid' || state === 'refundFailed') {
        return change('refunding');
      }
      if (state === 'refunding' || state === 'refunded') {
        return NOOP;
      }
      return refuse('notPaid');
    case 'refunded':
      if (state === 'refunding' || state === 'refundFailed') {
        return change('refunded');
      }
      return state === 'refunded' ? NOOP : refuse('noRefund');
    case 'refundFailed':
      if (state === 'refunding') {
        return change('refundFailed');
      }
      return state === 'refundFailed' || state === 'refunded' ? NOOP : refuse('noRefund');
  }
}

/** The result the payer sees after the payment sheet closes, in the spec's words (spec 3). */
export type PaymentOutcome = 'success' | 'failed' | 'cancelled';

/** The text for a payment outcome: 支付成功, 支付失败！请重试 or 支付取消. */
export function paymentResultMessage(outcome: PaymentOutcome): string {
  return PAYMENT_RESULT_MESSAGES[outcome];
}

/**
 * Reads WeixinJSBridge's `get_brand_wcpay_request` answer (`err_msg` ends in `:ok`, `:cancel` or
 * `:fail`; chooseWXPay's `errMsg` is `chooseWXPay:ok` / `:cancel` / `:fail`). Anything else counts as
 * a failure. The server's notify, not this answer, settles the intent.
 */
export function paymentOutcomeFromBridge(errMsg: string): PaymentOutcome {
  if (/:ok$/.test(errMsg)) {
    return 'success';
  }
  return /:cancel$/.test(errMsg) ? 'cancelled' : 'failed';
}
