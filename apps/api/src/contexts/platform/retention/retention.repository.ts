import { nativeQuery, type Db } from '../../../lib/db';

export type PrunedTable = 'front_log' | 'rate_event';

/** Old rows of the tables the retention run keeps short. */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /**
   * In one transaction: takes the retention lock if no other process holds it, then deletes up to
   * `batch` rows of `table` older than `before`. Null when the lock was taken elsewhere.
   * The table name is one of the constants above, never input.
   */
  async deleteBatchUnderLock(lockKey: string, table: PrunedTable, before: Date, batch: number): Promise<number | null> {
    return this.db.transactional(async (tx) => {
      const [lock] = await nativeQuery<{ locked: boolean }>(
        tx,
        'select pg_try_advisory_xact_lock(hashtext($1)) as locked',
        [lockKey],
      );
      if (!lock?.locked) {
        return null;
      }
      const [row] = await nativeQuery<{ n: number }>(
        tx,
        `with gone as (delete from ${table} where id in (select id from ${table} where created_at < $1 limit ${batch}) returning 1) select count(*)::int as n from gone`,
        [before],
      );
      return row?.n ?? 0;
    });
  }
}
