import { createHash } from 'node:crypto';
import type { Db } from '../../../lib/db';
import { ACCESS_TOKEN_PREFIX, type ClientContext } from '../../../lib/client-context';
import { OAuthRepository } from './oauth.repository';

/** SHA-256 (hex) of a token, secret or code: the only form in which they are stored. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The caller of an open operation: the live access token's client (enabled), grant and patient, and
 * the client's per-minute limit; null for anything else (a session token, a refresh token, an
 * unknown, expired or revoked token, a disabled client).
 */
export async function resolveAccessToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ client: ClientContext; rateLimitPerMinute: number } | null> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) {
    return null;
  }
  const live = await new OAuthRepository(db).liveAccess(hashSecret(token), now);
  if (!live) {
    return null;
  }
  const { rateLimitPerMinute, ...client } = live;
  return { client, rateLimitPerMinute };
}

const MINUTE_MS = 60_000;

/**
 * Counts one open-operation call of a client in the current clock minute (a fixed window, one
 * upsert shared by every API process) and answers 0 when it is within `limitPerMinute`, else the
 * seconds until the next minute (the `Retry-After`). docs/adr/0219-per-client-rate-limits.md.
 */
export async function takeClientCall(db: Db, clientId: string, limitPerMinute: number, now: Date): Promise<number> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const repository = new OAuthRepository(db);
  const calls = await repository.countCall(clientId, minute);
  if (calls === 1) {
    // The first call of a minute clears the client's earlier minutes: the table stays one row a client.
    await repository.pruneCalls(clientId, minute);
  }
  if (calls <= limitPerMinute) {
    return 0;
  }
  return Math.max(1, Math.ceil((minute.getTime() + MINUTE_MS - now.getTime()) / 1000));
}

/** The durable job that deletes spent codes and tokens (docs/adr/0217). */
export const OAUTH_PRUNE_JOB = 'open.oauth.prune';
/** How often it runs. */
export const OAUTH_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 5000;
/** Expired codes and tokens are kept a day, then they only take room. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes codes and tokens that expired more than a day ago, in batches (each its own statement):
 * safe to run again and in several processes. Answers how many rows went.
 */
export async function pruneOAuthRows(db: Db, now: Date): Promise<number> {
  const repository = new OAuthRepository(db);
  const before = new Date(now.getTime() - PRUNE_AFTER_MS);
  let total = 0;
  for (const table of ['oauth_code', 'oauth_token'] as const) {
    for (;;) {
      const deleted = await repository.deleteExpired(table, before, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) {
        break;
      }
    }
  }
  return total;
}
