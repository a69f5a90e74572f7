import { nativeQuery, type Db } from '../../../lib/db';

/** The delivery log's retention (docs/adr/0233-change-feed-retention.md). */
export class WebhookRetentionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Deletes up to `limit` deliveries that finished (succeeded or failed) before `before`, with their
   * attempts, in one statement; answers how many deliveries went. A pending delivery is never
   * deleted: a replay that made one pending again after it was picked keeps it, as the delete
   * checks the row as it is when it deletes.
   */
  async deleteFinished(before: Date, limit: number): Promise<number> {
    const [row] = await nativeQuery<{ n: number }>(
      this.db,
      `with doomed as (
         select id from open_webhook_delivery
         where status <> 'pending' and updated_at < $1::timestamptz
         limit $2
       ),
       gone as (
         delete from open_webhook_delivery d using doomed
         where d.id = doomed.id and d.status <> 'pending' and d.updated_at < $1::timestamptz
         returning d.id
       ),
       attempts as (
         delete from open_webhook_attempt a using gone where a.delivery_id = gone.id returning 1
       )
       select count(*)::int as n from gone`,
      [before.toISOString(), limit],
    );
    return Number(row?.n ?? 0);
  }
}
