import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A sign-in. The token itself is never stored, only its SHA-256. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    tokenHash: p.string().length(64).unique(),
    customerId: p.uuid().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().length(512).nullable(),
    ip: p.string().length(64).nullable(),
  },
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
