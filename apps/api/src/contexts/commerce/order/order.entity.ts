import { defineEntity, p } from '@mikro-orm/core';

/**
 * An order of the mall (spec 3 §3 "Order"): one good in a quantity, with what it cost in cents,
 * points and strips, the coupon and the address copied when it was placed, and the spec's status
 * codes (payStatus, orderStatus, sendStatus, asignStatus, auditStatus). Every status change is one
 * conditional UPDATE on the state it was decided in (order.repository.ts), so a duplicate notify, a
 * double click or the auto-cancel racing a payment change it once (docs/adr/0179).
 */
export const MallOrderSchema = defineEntity({
  name: 'MallOrder',
  tableName: 'mall_order',
  indexes: [
    { properties: ['customerId', 'createdAt'] },
    { properties: ['createdAt'] },
    { properties: ['payStatus', 'orderStatus'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The order number the customer and staff see (masked in the app). */
    orderCode: p.string().length(32).unique(),
    customerId: p.uuid(),
    goodsId: p.integer(),
    goodsName: p.string().length(100),
    remark: p.string().length(255),
    iconUrl: p.string().length(255),
    /** `virtual` (a service package or a data plan) or `physical`. */
    goodsType: p.string().length(8),
    salesMode: p.string().length(16),
    servicePackage: p.smallint().default(0),
    rechargePackage: p.smallint().default(0),
    packageMonths: p.integer().default(0),
    /** The meter a data plan renews. */
    deviceImei: p.string().length(32).nullable(),
    number: p.integer(),
    /** Unit price in cents when ordered. */
    goodsValue: p.integer(),
    postage: p.integer(),
    payCoupon: p.integer().default(0),
    couponId: p.string().length(20).nullable(),
    /** Points spent: a score good's price plus the deduction. */
    scoreAmount: p.integer().default(0),
    /** Cents the points deduction took off. */
    scoreDeduction: p.integer().default(0),
    paperAmount: p.integer().default(0),
    payAmount: p.integer(),
    payType: p.smallint(),
    needPay: p.smallint(),
    payStatus: p.smallint().default(0),
    orderStatus: p.smallint().default(1),
    sendStatus: p.smallint().default(0),
    asignStatus: p.smallint().default(0),
    auditStatus: p.smallint().default(0),
    /** API value: 0 mail, 1 pickup. */
    receiveType: p.smallint(),
    consigneeName: p.string().length(16).nullable(),
    phone: p.string().length(16).nullable(),
    detailAddress: p.string().length(160).nullable(),
    /** The payment intent paying it (subject `order`). */
    intentId: p.uuid().nullable(),
    autoCancelAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    paidAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /** `customer`, `timeout`, `staff`. */
    cancelledBy: p.string().length(16).nullable(),
    /** Whether the stock, points, strips and coupon went back (once). */
    resourcesReturned: p.boolean().default(false),
    refundReason: p.string().length(80).nullable(),
    refundAmount: p.integer().nullable(),
    /** How many refunds were asked (the request key of the next one). */
    refundRequests: p.integer().default(0),
    /** The customer's refund request after the audit or shipping: 0 none, 1 asked, 2 declined (domain REFUND_REQUEST). */
    refundRequest: p.smallint().default(0),
    /** The customer's reason for the request. */
    refundRequestReason: p.string().length(80).nullable(),
    /** The operator's reason for declining it. */
    refundDeclineReason: p.string().length(80).nullable(),
    expressCode: p.string().length(16).nullable(),
    expressName: p.string().length(40).nullable(),
    expressPhone: p.string().length(20).nullable(),
    trackingNumber: p.string().length(40).nullable(),
    shippedAt: p.datetime().nullable(),
    signedAt: p.datetime().nullable(),
    auditedAt: p.datetime().nullable(),
  },
});

export class MallOrder extends MallOrderSchema.class {}
MallOrderSchema.setClass(MallOrder);

/**
 * A pre-order check's single-use token (docs/adr/0178): `orderAdd` consumes it with one conditional
 * UPDATE inside the order's transaction, so a replayed or racing submit finds it used (90002).
 */
export const PreOrderTokenSchema = defineEntity({
  name: 'PreOrderToken',
  tableName: 'pre_order_token',
  indexes: [{ properties: ['expiresAt'] }],
  properties: {
    token: p.string().length(64).primary(),
    customerId: p.uuid(),
    /** The goods the check passed, as sent (a comma list). */
    goodsIds: p.string().length(120),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});

export class PreOrderToken extends PreOrderTokenSchema.class {}
PreOrderTokenSchema.setClass(PreOrderToken);
