import { defineEntity, p } from '@mikro-orm/core';

/**
 * A payment intent: one payment for one thing (`subjectKind` + `subjectId`: a consultation
 * service or an order), in whole cents. Its `state` moves only as the domain's
 * `transitionPayment` allows, each move one conditional UPDATE on the state it was read in, so
 * concurrent duplicate notifies settle it once. Its money goes back in refunds (`PaymentRefund`).
 */
export const PaymentIntentSchema = defineEntity({
  name: 'PaymentIntent',
  tableName: 'payment_intent',
  indexes: [{ properties: ['subjectKind', 'subjectId'] }, { properties: ['state', 'createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    customerId: p.uuid().index(),
    /** `consultService` or `order` (domain PAYMENT_SUBJECTS). */
    subjectKind: p.string().length(16),
    subjectId: p.string().length(64),
    /** What the payer sees in the bill. */
    description: p.string().length(127),
    amountCents: p.integer(),
    /** Domain PAYMENT_STATES. */
    state: p.string().length(16).default('created'),
    /** `local` or `wechatpay`: who was asked to take the money. */
    provider: p.string().length(16),
    /** Our merchant order number (`out_trade_no`). */
    outTradeNo: p.string().length(32).unique(),
    transactionId: p.string().length(64).nullable(),
    /** When the payer can no longer pay (WeChat Pay's `time_expire`); the close job runs then. */
    expiresAt: p.datetime(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    paidAt: p.datetime().nullable(),
  },
});

export class PaymentIntent extends PaymentIntentSchema.class {}
PaymentIntentSchema.setClass(PaymentIntent);
