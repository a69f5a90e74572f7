import type { EntityManager } from '@mikro-orm/core';
import { createHash, randomBytes } from 'node:crypto';
import { Session } from './session.entity';
import { Customer } from '../customer/customer.entity';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** What a request knows about its caller once the token checked out. */
export interface SessionContext {
  sessionId: string;
  customerId: string;
  openid: string;
  registered: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 256-bit random bearer token; only its hash is stored, so a database leak yields no usable tokens. */
export async function issueSession(
  em: EntityManager,
  customerId: string,
  meta: { now: Date; ttlMs: number; userAgent?: string; ip?: string },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(meta.now.getTime() + meta.ttlMs);
  em.create(Session, {
    tokenHash: hashToken(token),
    customerId,
    createdAt: meta.now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
  });
  await em.flush();
  return { token, expiresAt };
}

/** The caller of a token, or null when the token is unknown, revoked or expired. */
export async function resolveSession(em: EntityManager, token: string, now: Date): Promise<SessionContext | null> {
  if (token.length < 20 || token.length > 100) {
    return null;
  }
  const session = await em.findOne(Session, { tokenHash: hashToken(token), revokedAt: null, expiresAt: { $gt: now } });
  if (!session) {
    return null;
  }
  const customer = await em.findOne(Customer, { id: session.customerId });
  if (!customer) {
    return null;
  }
  return { sessionId: session.id, customerId: customer.id, openid: customer.openid, registered: customer.registeredAt !== null };
}

export async function revokeSession(em: EntityManager, sessionId: string, now: Date): Promise<void> {
  await em.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: now });
}
