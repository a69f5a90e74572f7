import { PAYMENT_REFUSALS, PAYMENT_RESULT_MESSAGES } from './labels';

/**
 * A payment intent's life: created → paid → refunding → partlyRefunded / refunded / refundFailed
 * (a refund may be asked again from partlyRefunded and refundFailed), or created → closed. One
 * intent pays for one thing (a consultation service or an order), for an amount in whole cents
 * (分), the unit WeChat Pay speaks. Its money goes back in one or more refunds, one at a time, each
 * at most what is left (docs/adr/0116-partial-refunds-one-at-a-time.md).
 */
export const PAYMENT_STATES = [
  'created',
  'paid',
  'refunding',
  'partlyRefunded',
  'refunded',
  'refundFailed',
  'closed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What an intent pays for. */
export const PAYMENT_SUBJECTS = ['consultService', 'order'] as const;
export type PaymentSubject = (typeof PAYMENT_SUBJECTS)[number];

/** Something that happened to an intent: a notify, a query answer, or a user's or staff member's request. */
export type PaymentEvent =
  | { readonly type: 'paid'; readonly amountCents: number }
  | { readonly type: 'close' }
  /** A refund of `refundCents` is asked for; `refundableCents` is what is left (see `refundableCents`). */
  | { readonly type: 'refundRequested'; readonly refundCents: number; readonly refundableCents: number }
  /** The refund in progress succeeded; `remainingCents` is what is left of the intent after it. */
  | { readonly type: 'refunded'; readonly remainingCents: number }
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

/**
 * How long the payer has to pay an intent unless its subject says otherwise (an order's
 * autoCancelTime): WeChat Pay is told the same limit (`time_expire`), and the intent is closed
 * there and here when it passes.
 */
export const PAYMENT_TIME_LIMIT_MS = 30 * 60_000;

/** Refunds still processing after this long are asked about (WeChat Pay: query a refund a minute or more after asking). */
export const REFUND_RECONCILE_AFTER_MS = 5 * 60_000;

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

/** States from which a refund may be asked for: paid, after a partial refund, after a failed one. */
const REFUNDABLE_STATES: readonly PaymentState[] = ['paid', 'partlyRefunded', 'refundFailed'];

/**
 * The allowed transitions, as one pure function. Duplicate and late events (a second "paid"
 * notify, a "paid" answer to an intent already refunding) change nothing; events that make no
 * sense in the state (a refund of an unpaid intent, a payment for a different amount, a refund of
 * more than is left, a second refund while one is in progress) are refused with a reason, so the
 * caller can log it and answer the provider or the operator.
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
      if (state === 'refunding') {
        return refuse('refundInProgress');
      }
      if (state === 'refunded') {
        return refuse('fullyRefunded');
      }
      if (!REFUNDABLE_STATES.includes(state)) {
        return refuse('notPaid');
      }
      if (!Number.isInteger(event.refundCents) || event.refundCents < 1) {
        return refuse('refundAmountInvalid');
      }
      return event.refundCents > event.refundableCents ? refuse('refundTooMuch') : change('refunding');
    case 'refunded': {
      // A late success (of a refund first reported failed) may also arrive after a partial refund.
      if (state !== 'refunding' && state !== 'refundFailed' && state !== 'partlyRefunded') {
        return state === 'refunded' ? NOOP : refuse('noRefund');
      }
      const to = event.remainingCents > 0 ? 'partlyRefunded' : 'refunded';
      return to === state ? NOOP : change(to);
    }
    case 'refundFailed':
      if (state === 'refunding') {
        return change('refundFailed');
      }
      return state === 'refundFailed' || state === 'refunded' ? NOOP : refuse('noRefund');
  }
}

/**
 * One refund of an intent: processing (asked, not settled) → succeeded or failed. A failed refund
 * may still turn out succeeded (WeChat Pay's word comes late); a succeeded one never fails.
 */
export const REFUND_STATES = ['processing', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** What WeChat Pay said about a refund (a notify, the refund call's answer or a refund query). */
export type RefundEvent = { readonly type: 'succeeded'; readonly refundCents: number } | { readonly type: 'failed' };

export type RefundTransition =
  | { readonly kind: 'change'; readonly to: RefundState }
  | { readonly kind: 'noop' }
  | { readonly kind: 'refused'; readonly reason: PaymentRefusal; readonly message: string };

/** The moves of one refund; a success for another amount than asked is refused. */
export function transitionRefund(state: RefundState, refundCents: number, event: RefundEvent): RefundTransition {
  if (event.type === 'succeeded') {
    if (event.refundCents !== refundCents) {
      return { kind: 'refused', reason: 'refundAmountMismatch', message: PAYMENT_REFUSALS.refundAmountMismatch };
    }
    return state === 'succeeded' ? { kind: 'noop' } : { kind: 'change', to: 'succeeded' };
  }
  return state === 'processing' ? { kind: 'change', to: 'failed' } : { kind: 'noop' };
}

/** What may still be refunded of an intent: its amount less every refund not failed (succeeded or in progress). */
export function refundableCents(
  intentAmountCents: number,
  refunds: readonly { readonly state: RefundState | (string & {}); readonly amountCents: number }[],
): number {
  const taken = refunds.reduce((sum, refund) => sum + (refund.state === 'failed' ? 0 : refund.amountCents), 0);
  return Math.max(0, intentAmountCents - taken);
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
