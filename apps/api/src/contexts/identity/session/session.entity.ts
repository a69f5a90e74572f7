import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A sign-in. The token itself is never stored, only its SHA-256. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tokenHash: p.string().length(64).unique(),
    customerId: p.uuid().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().length(512).nullable(),
    ip: p.string().length(64).nullable(),
  },
  // Every API process caches checked sessions and listens on `session_changed` (session.cache.ts):
  // whoever revokes, shortens or deletes a session, every process hears of it at commit.
  triggers: [
    {
      name: 'session_changed',
      timing: 'after',
      events: ['update', 'delete'],
      body: `perform pg_notify('session_changed', 's:' || old.token_hash); return null;`,
    },
  ],
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
