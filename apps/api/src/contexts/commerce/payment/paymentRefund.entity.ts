import { defineEntity, p } from '@mikro-orm/core';

/**
 * One refund of a payment intent: part or all of what is left of its amount, under its own
 * merchant refund number (`out_refund_no`: the same number asked again is the same refund at
 * WeChat Pay). Its `state` (domain REFUND_STATES) moves by one conditional UPDATE, as the intent's
 * does; at most one refund of an intent is processing at a time (docs/adr/0116).
 */
export const PaymentRefundSchema = defineEntity({
  name: 'PaymentRefund',
  tableName: 'payment_refund',
  indexes: [{ properties: ['state', 'createdAt'] }],
  uniques: [{ properties: ['intentId', 'requestKey'] }],
  properties: {
    id: p.uuid().primary(),
    intentId: p.uuid().index(),
    outRefundNo: p.string().length(64).unique(),
    amountCents: p.integer(),
    /** Domain REFUND_STATES: processing, succeeded, failed. */
    state: p.string().length(16).default('processing'),
    /** Shown to the payer in WeChat Pay's refund message (at most 80 characters). */
    reason: p.string().length(80),
    /** Who asked: `staff:<id>` for an operator, `system:<job>` for a timer. */
    requestedBy: p.string().length(64),
    /** The caller's key for this request: the same key again returns the same refund (a double click, a job's rerun). */
    requestKey: p.string().length(64).nullable(),
    /** WeChat Pay's last word when it failed: CLOSED, ABNORMAL, or the error code of a refused call. */
    failure: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    succeededAt: p.datetime().nullable(),
  },
});

export class PaymentRefund extends PaymentRefundSchema.class {}
PaymentRefundSchema.setClass(PaymentRefund);
