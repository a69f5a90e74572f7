import { createHash, randomBytes } from 'node:crypto';
import { Session } from './session.entity';
import { sql, type Db } from '../../../lib/db';
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
  const rows = await sql(em).execute<
    { session_id: string; customer_id: string; openid: string; registered: boolean; expires_at: Date | string }[]
  >(
    `select s.id as session_id, c.id as customer_id, c.openid, c.registered_at is not null as registered, s.expires_at
       from session s join customer c on c.id = s.customer_id
      where s.token_hash = ? and s.revoked_at is null and s.expires_at > ?`,
    [tokenHash, now],
  );
  const row = rows[0];
  if (!row) {
    return null;
  }
  const session = {
    sessionId: row.session_id,
    customerId: row.customer_id,
    openid: row.openid,
    registered: row.registered,
  };
  cache?.put(tokenHash, session, new Date(row.expires_at), ticket);
  return session;
}

/** Revokes a session; `cache` forgets it at once (other processes hear of it from the database). */
export async function revokeSession(em: Db, sessionId: string, now: Date, cache?: SessionCache): Promise<void> {
  await em.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: now });
  cache?.forgetSession(sessionId);
}
