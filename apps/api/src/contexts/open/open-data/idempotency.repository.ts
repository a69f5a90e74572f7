import { nativeQuery, type Db } from '../../../lib/db';

/** The stored Idempotency-Keys, `open_idempotency_key` (docs/adr/0222-idempotency-keys.md). */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims `(clientId, key)` for this transaction: inserts the row, or takes over an expired one.
   * While another transaction holds the same key this waits for it to end. Answers true when the
   * key is now this transaction's, false when a live row (committed by an earlier request) is there.
   */
  async claim(clientId: string, key: string, fingerprint: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await nativeQuery<{ key: string }>(
      this.db,
      `insert into open_idempotency_key (client_id, key, fingerprint, response, created_at, expires_at)
       values ($1, $2, $3, null, $4::timestamptz, $5::timestamptz)
       on conflict (client_id, key) do update
         set fingerprint = excluded.fingerprint, response = null,
             created_at = excluded.created_at, expires_at = excluded.expires_at
         where open_idempotency_key.expires_at <= excluded.created_at
       returning key`,
      [clientId, key, fingerprint, now.toISOString(), expiresAt.toISOString()],
    );
    return rows.length === 1;
  }

  /** The live row of `(clientId, key)`: its fingerprint and stored answer. */
  async find(clientId: string, key: string): Promise<{ fingerprint: string; response: unknown } | null> {
    const [row] = await nativeQuery<{ fingerprint: string; response: unknown }>(
      this.db,
      'select fingerprint, response from open_idempotency_key where client_id = $1 and key = $2',
      [clientId, key],
    );
    if (!row) {
      return null;
    }
    return {
      fingerprint: row.fingerprint,
      response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response,
    };
  }

  /** Stores the answer of the claimed key, in the claiming transaction. */
  async complete(clientId: string, key: string, response: unknown): Promise<void> {
    await nativeQuery(
      this.db,
      'update open_idempotency_key set response = $3::text::jsonb where client_id = $1 and key = $2',
      [clientId, key, JSON.stringify(response)],
    );
  }

  /** Deletes up to `limit` rows expired by `now`; answers how many. */
  async deleteExpired(now: Date, limit: number): Promise<number> {
    const rows = await nativeQuery<{ n: number }>(
      this.db,
      `with gone as (
         delete from open_idempotency_key where ctid in (
           select ctid from open_idempotency_key where expires_at <= $1::timestamptz limit $2)
         returning 1)
       select count(*)::int as n from gone`,
      [now.toISOString(), limit],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
