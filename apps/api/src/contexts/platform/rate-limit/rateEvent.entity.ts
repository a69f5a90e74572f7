import { defineEntity, p } from '@mikro-orm/core';

/**
 * One counted event of a rate limit (a sign-in, an SMS, an upload). Kept in the database so
 * limits hold across API instances.
 */
export const RateEventSchema = defineEntity({
  name: 'RateEvent',
  tableName: 'rate_event',
  indexes: [{ properties: ['bucket', 'subject', 'createdAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    bucket: p.string().length(32),
    subject: p.string().length(128),
    createdAt: p.datetime(),
  },
});

export class RateEvent extends RateEventSchema.class {}
RateEventSchema.setClass(RateEvent);
