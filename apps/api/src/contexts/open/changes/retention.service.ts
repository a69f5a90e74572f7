import { CHANGE_FEED_RETENTION_DAYS, WEBHOOK_DELIVERY_RETENTION_DAYS } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { WebhookRetentionRepository } from '../webhooks/webhookRetention.repository';
import { ChangesRepository } from './changes.repository';

/*
 * Retention of the open platform's history (docs/adr/0233-change-feed-retention.md): once a day
 * the change feed loses its changes older than CHANGE_FEED_RETENTION_DAYS, moving its watermarks,
 * and the delivery log loses the deliveries (with their attempts) finished more than
 * WEBHOOK_DELIVERY_RETENTION_DAYS ago.
 */

/** The durable job that deletes them (registered in composition.ts). */
export const OPEN_RETENTION_JOB = 'open.retention.prune';
/** How often it runs. */
export const OPEN_RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const BATCH = 5000;

/**
 * Deletes what is older than the retention window at `now`, in batches (each one statement, its
 * own transaction): safe to run again and in several processes. Answers how many changes and
 * deliveries went.
 */
export async function pruneOpenHistory(db: Db, now: Date): Promise<{ changes: number; deliveries: number }> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const drain = async (batch: () => Promise<number>) => {
    let total = 0;
    for (;;) {
      const deleted = await batch();
      total += deleted;
      if (deleted < BATCH) {
        return total;
      }
    }
  };
  const changes = new ChangesRepository(db);
  const deliveries = new WebhookRetentionRepository(db);
  return {
    changes: await drain(() => changes.deleteOldest(daysAgo(CHANGE_FEED_RETENTION_DAYS), BATCH, now)),
    deliveries: await drain(() => deliveries.deleteFinished(daysAgo(WEBHOOK_DELIVERY_RETENTION_DAYS), BATCH)),
  };
}
