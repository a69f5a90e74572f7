import { defineEntity, p } from '@mikro-orm/core';

/** One day a customer signed in (spec 1 §3 Sign-in): at most one row per customer and China day. */
export const CheckInSchema = defineEntity({
  name: 'CheckIn',
  tableName: 'sign_in',
  properties: {
    customerId: p.uuid().primary(),
    /** The China day signed. */
    day: p.string().columnType('date').primary(),
    /** The streak that day reached (domain `nextSeries`). */
    series: p.integer(),
    /** Points the day paid (domain `signInReward`). */
    score: p.integer(),
    createdAt: p.datetime(),
  },
});

export class CheckIn extends CheckInSchema.class {}
CheckInSchema.setClass(CheckIn);
