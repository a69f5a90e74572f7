import { nativeQuery, type Db } from '../../../lib/db';

/** Whose key it is: one client acting for one patient (the nil uuid when there is no patient). */
export interface KeyOwner {
  clientId: string;
  customerId: string;
}

/** The stored Idempotency-Keys, `open_idempotency_key` (docs/adr/0222-idempotency-keys.md). */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims `(clientId, customerId, key)` for this transaction: inserts the row, or takes over an expired one.
   * While another transaction holds the same key this waits for it to end. Answers true when the
   * key is now this transaction's, false when a live row (committed by an earlier request) is there.
   */
  async claim(owner: KeyOwner, key: string, fingerprint: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await nativeQuery<{ key: string }>(
      this.db,
      `insert into open_idempotency_key (client_id, customer_id, key, fingerprint, response, created_at, expires_at)
       values ($1, $6::uuid, $2, $3, null, $4::timestamptz, $5::timestamptz)
       on conflict (client_id, customer_id, key) do update
         set fingerprint = excluded.fingerprint, response = null,
             created_at = excluded.created_at, expires_at = excluded.expires_at
         where open_idempotency_key.expires_at <= excluded.created_at
       returning key`,
      [owner.clientId, key, fingerprint, now.toISOString(), expiresAt.toISOString(), owner.customerId],
    );
    return rows.length === 1;
  }

  /** The live row of `(clientId, customerId, key)`: its fingerprint and stored answer. */
  async find(owner: KeyOwner, key: string): Promise<{ fingerprint: string; response: unknown } | null> {
    const [row] = await nativeQuery<{ fingerprint: string; response: unknown }>(
      this.db,
      'select fingerprint, response from open_idempotency_key where client_id = $1 and customer_id = $3::uuid and key = $2',
      [owner.clientId, key, owner.customerId],
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
  async complete(owner: KeyOwner, key: string, response: unknown): Promise<void> {
    await nativeQuery(
      this.db,
      'update open_idempotency_key set response = $3::text::jsonb where client_id = $1 and customer_id = $4::uuid and key = $2',
      [owner.clientId, key, JSON.stringify(response), owner.customerId],
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
