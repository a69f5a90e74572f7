import { defineEntity, p } from '@mikro-orm/core';

/** An error a client reported through `POST /front/v1/log`. */
export const FrontLogSchema = defineEntity({
  name: 'FrontLog',
  tableName: 'front_log',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** The signed-in customer, from the session; null for anonymous reports. */
    sessionCustomerId: p.string().length(64).nullable(),
    /** What the client claimed its customer id was; kept for diagnosis, never trusted. */
    claimedCustomerId: p.string().length(64).nullable(),
    url: p.text(),
    funName: p.string().length(200).nullable(),
    errName: p.string().length(200),
    errMessage: p.text(),
    requestId: p.string().length(64),
    appCode: p.string().length(32).nullable(),
    userAgent: p.string().length(512).nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});

export class FrontLog extends FrontLogSchema.class {}
FrontLogSchema.setClass(FrontLog);
