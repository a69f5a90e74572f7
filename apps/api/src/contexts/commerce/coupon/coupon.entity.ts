import { defineEntity, p } from '@mikro-orm/core';

/**
 * A coupon as the console creates it (docs/adr/0183-coupons-templates-and-holdings.md): money off
 * an order in cents, valid from `startAt` to `endAt`, for all goods or the listed ones. Never
 * changed once issued: holders saw its terms.
 */
export const CouponTemplateSchema = defineEntity({
  name: 'CouponTemplate',
  tableName: 'coupon_template',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    name: p.string().length(20),
    valueCents: p.integer(),
    startAt: p.datetime(),
    endAt: p.datetime(),
    /** all, or goods (only `goodsIds`). */
    rangeType: p.string().length(8),
    goodsIds: p.json<string[]>(),
    /** The staff member who created it. */
    createdBy: p.uuid(),
    createdAt: p.datetime(),
  },
});

export class CouponTemplate extends CouponTemplateSchema.class {}
CouponTemplateSchema.setClass(CouponTemplate);

/**
 * One coupon a customer holds (the API's `couponId`): at most one per customer per template, so
 * issuing again changes nothing. An order in flight holds it (`reservedAt`, set and cleared by
 * conditional UPDATEs so two orders never take one coupon); a paid order uses it up (`usedAt`).
 */
export const CustomerCouponSchema = defineEntity({
  name: 'CustomerCoupon',
  tableName: 'customer_coupon',
  indexes: [{ properties: ['customerId', 'usedAt'] }],
  uniques: [{ properties: ['templateId', 'customerId'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    templateId: p.bigint('string'),
    customerId: p.uuid(),
    reservedAt: p.datetime().nullable(),
    usedOrderId: p.string().length(64).nullable(),
    usedAt: p.datetime().nullable(),
    issuedAt: p.datetime(),
  },
});

export class CustomerCoupon extends CustomerCouponSchema.class {}
CustomerCouponSchema.setClass(CustomerCoupon);
