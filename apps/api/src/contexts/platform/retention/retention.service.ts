import type { Db } from '../../../lib/db';
import { RetentionRepository } from './retention.repository';
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

/**
 * Deletes front-log reports older than FRONT_LOG_KEEP_DAYS and rate-limit events older than
 * RATE_EVENT_KEEP_MS, in batches. Each batch runs under a transaction-scoped advisory lock taken
 * with try: when another API process is pruning, this one stops instead of queuing behind it.
 * Bounded by time, each delete is idempotent, so runs after a restart or in several processes are safe.
 */
export async function pruneExpiredRows(em: Db, now: Date): Promise<PruneRun> {
  const run: PruneRun = { frontLogs: 0, rateEvents: 0, skipped: false };
  const repo = new RetentionRepository(em);
  const targets = [
    { table: 'front_log', before: new Date(now.getTime() - FRONT_LOG_KEEP_DAYS * DAY_MS), key: 'frontLogs' },
    { table: 'rate_event', before: new Date(now.getTime() - RATE_EVENT_KEEP_MS), key: 'rateEvents' },
  ] as const;
  for (const target of targets) {
    for (;;) {
      const deleted = await repo.deleteBatchUnderLock(LOCK_KEY, target.table, target.before, BATCH);
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
