import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, isIdempotencyKey, OPEN_DATA_MESSAGES } from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { IdempotencyRepository, type KeyOwner } from './idempotency.repository';

/*
 * Idempotent writes (docs/adr/0222-idempotency-keys.md). The key is claimed by inserting its row in
 * the write's own transaction, before the write: a second request with the same key waits on that
 * row until the first commits (then answers the first's stored answer) or rolls back (then it
 * writes itself). Nothing is ever stored twice, and a failed write leaves no key behind.
 */

/** 422: the key was used for another request. Not in ErrorCodes: only this module raises it. */
export const IDEMPOTENCY_KEY_REUSED = 42200;

/** The owner of a key sent with a token that acts for no patient (client credentials). */
export const NO_PATIENT = '00000000-0000-0000-0000-000000000000';

/** The durable job that deletes expired keys, daily (registered in composition.ts). */
export const IDEMPOTENCY_CLEANUP_JOB = 'open.idempotency.cleanup';

/** JSON with the keys of every object sorted, so equal bodies give equal text whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonical).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request's fingerprint: SHA-256 of the operation and its canonical body. */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Runs `work` in one transaction, once per `(clientId, customerId, key)` for 24 hours: a repeat of
 * the same request answers the first answer (`replayed`), another request with the key is refused
 * (42200). The key is the client's for the caller's patient: the same key sent for another patient
 * is another key (two patients' writes never share an answer). Without a key it just runs `work`
 * in a transaction.
 */
export async function idempotent<T>(
  db: Db,
  caller: { clientId: string; customerId: string | null },
  key: string | undefined,
  request: { operation: string; body: unknown },
  now: Date,
  work: (tx: Db) => Promise<T>,
): Promise<{ answer: T; replayed: boolean }> {
  if (key === undefined) {
    return { answer: await inTransaction(db, work), replayed: false };
  }
  if (!isIdempotencyKey(key)) {
    throw new AppError(ErrorCodes.badRequest, OPEN_DATA_MESSAGES.badIdempotencyKey);
  }
  const fingerprint = requestFingerprint(request.operation, request.body);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
  const owner: KeyOwner = { clientId: caller.clientId, customerId: caller.customerId ?? NO_PATIENT };
  return inTransaction(db, async (tx) => {
    const repo = new IdempotencyRepository(tx);
    if (!(await repo.claim(owner, key, fingerprint, now, expiresAt))) {
      const earlier = await repo.find(owner, key);
      if (!earlier || earlier.fingerprint !== fingerprint) {
        throw new AppError(IDEMPOTENCY_KEY_REUSED, OPEN_DATA_MESSAGES.idempotencyKeyReused, 422);
      }
      return { answer: earlier.response as T, replayed: true };
    }
    const answer = await work(tx);
    await repo.complete(owner, key, answer);
    return { answer, replayed: false };
  });
}

/** Deletes expired keys in batches; answers how many went. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await new IdempotencyRepository(db).deleteExpired(now, 1000);
    total += n;
    if (n < 1000) {
      return total;
    }
  }
}
