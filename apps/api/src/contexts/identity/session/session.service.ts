import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../lib/db';
import { SessionRepository } from './session.repository';
import type { SessionCache } from './session.cache';
import type { SessionContext } from '../../../lib/session-context';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export type { SessionContext } from '../../../lib/session-context';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 256-bit random bearer token; only its hash is stored, so a database leak yields no usable tokens. */
export async function issueSession(
  em: Db,
  customerId: string,
  meta: { now: Date; ttlMs: number; userAgent?: string; ip?: string },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(meta.now.getTime() + meta.ttlMs);
  await new SessionRepository(em).add({
    tokenHash: hashToken(token),
    customerId,
    createdAt: meta.now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The caller of a token, or null when the token is unknown, revoked or expired. One indexed join
 * and no entities: this runs before every signed-in request, unless `cache` (on while this process
 * hears of every session change) already vouches for the token.
 */
export async function resolveSession(
  em: Db,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<SessionContext | null> {
  if (token.length < 20 || token.length > 100) {
    return null;
  }
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  if (cached) {
    return cached;
  }
  const ticket = cache?.ticket() ?? 0;
  const found = await new SessionRepository(em).findLive(tokenHash, now);
  if (!found) {
    return null;
  }
  const { session, expiresAt } = found;
  cache?.put(tokenHash, session, expiresAt, ticket);
  return session;
}

/** Revokes a session; `cache` forgets it at once (other processes hear of it from the database). */
export async function revokeSession(em: Db, sessionId: string, now: Date, cache?: SessionCache): Promise<void> {
  await new SessionRepository(em).revoke(sessionId, now);
  cache?.forgetSession(sessionId);
}
