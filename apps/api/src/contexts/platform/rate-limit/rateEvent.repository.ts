import type { Db } from '../../../lib/db';
import { RateEvent } from './rateEvent.entity';

/** The counted events of the rate limits. */
export class RateEventRepository {
  constructor(private readonly db: Db) {}

  /** Events of `bucket`/`subject` after `since`. */
  countSince(bucket: string, subject: string, since: Date): Promise<number> {
    return this.db.count(RateEvent, { bucket, subject, createdAt: { $gt: since } });
  }

  async add(bucket: string, subject: string, at: Date): Promise<void> {
    await this.db.insert(RateEvent, { bucket, subject: subject.slice(0, 128), createdAt: at });
  }
}
