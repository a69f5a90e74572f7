import { defineEntity, p } from '@mikro-orm/core';

/** A suggestion or problem report from the contact-us page. */
export const FeedbackSchema = defineEntity({
  name: 'Feedback',
  tableName: 'feedback',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid().index(),
    /** 1 suggestion, 2 problem. */
    type: p.smallint(),
    adviceContent: p.string().length(400),
    /** Stored image paths joined by commas, as the spec's payload carries them. */
    imgUrl: p.text().default(''),
    sourceId: p.smallint(),
    createdAt: p.datetime(),
  },
});

export class Feedback extends FeedbackSchema.class {}
FeedbackSchema.setClass(Feedback);
