import { nativeQuery, type Db } from '../../../lib/db';
import { FRONT_LOG_KEEP_DAYS } from '../front-log/frontLog.service';
import { RATE_EVENT_KEEP_MS } from '../rate-limit/rateLimit.service';

export interface PruneRun {
  frontLogs: number;
  rateEvents: number;
  /** Another process held the retention lock, so this run left the work to it. */
  skipped: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: each batch is a short transaction, however much has piled up. */
const BATCH = 5000;
const LOCK_KEY = 'retention';

/** Deletes one batch of rows older than `before`; the table and column names are constants below, never input. */
function deleteBatch(tx: Db, table: 'front_log' | 'rate_event', before: Date): Promise<{ n: number }[]> {
  return nativeQuery<{ n: number }>(
    tx,
    `with gone as (delete from ${table} where id in (select id from ${table} where created_at < $1 limit ${BATCH}) returning 1) select count(*)::int as n from gone`,
    [before],
  );
}

/**
 * Deletes front-log reports older than FRONT_LOG_KEEP_DAYS and rate-limit events older than
 * RATE_EVENT_KEEP_MS, in batches. Each batch runs under a transaction-scoped advisory lock taken
 * with try: when another API process is pruning, this one stops instead of queuing behind it.
 * Bounded by time, each delete is idempotent, so runs after a restart or in several processes are safe.
 */
export async function pruneExpiredRows(em: Db, now: Date): Promise<PruneRun> {
  const run: PruneRun = { frontLogs: 0, rateEvents: 0, skipped: false };
  const targets = [
    { table: 'front_log', before: new Date(now.getTime() - FRONT_LOG_KEEP_DAYS * DAY_MS), key: 'frontLogs' },
    { table: 'rate_event', before: new Date(now.getTime() - RATE_EVENT_KEEP_MS), key: 'rateEvents' },
  ] as const;
  for (const target of targets) {
    for (;;) {
      const deleted = await em.transactional(async (tx) => {
        const [lock] = await nativeQuery<{ locked: boolean }>(
          tx,
          'select pg_try_advisory_xact_lock(hashtext($1)) as locked',
          [LOCK_KEY],
        );
        if (!lock?.locked) {
          return null;
        }
        const [row] = await deleteBatch(tx, target.table, target.before);
        return row?.n ?? 0;
      });
      if (deleted === null) {
        run.skipped = true;
        return run;
      }
      run[target.key] += deleted;
      if (deleted < BATCH) {
        break;
      }
    }
  }
  return run;
}
