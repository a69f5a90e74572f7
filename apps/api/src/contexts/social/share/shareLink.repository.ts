import type { Db } from '../../../lib/db';
import { BloodPressureTest, SugarTest } from '../../health';
import { ShareLink } from './shareLink.entity';

/** Share links, and the readings a link shows. */
export class ShareLinkRepository {
  constructor(private readonly db: Db) {}

  async add(row: {
    customerId: string;
    kind: string;
    tokenHash: string;
    title: string;
    rangeStart: Date;
    rangeEnd: Date;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<ShareLink> {
    const link = this.db.create(ShareLink, row);
    await this.db.flush();
    return link;
  }

  /** A customer's links still open at `now`, newest first. */
  openOf(customerId: string, now: Date): Promise<ShareLink[]> {
    return this.db.find(
      ShareLink,
      { customerId, revokedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  findById(id: string): Promise<ShareLink | null> {
    return this.db.findOne(ShareLink, { id });
  }

  findByTokenHash(tokenHash: string): Promise<ShareLink | null> {
    return this.db.findOne(ShareLink, { tokenHash });
  }

  /** Revokes every open link of a customer (a closed account). */
  async revokeAllOf(customerId: string, at: Date): Promise<void> {
    await this.db.nativeUpdate(ShareLink, { customerId, revokedAt: null }, { revokedAt: at });
  }

  async save(): Promise<void> {
    await this.db.flush();
  }

  /** The sugar readings of a period, newest first, at most `limit`. */
  sugarReadings(customerId: string, start: Date, end: Date, limit: number): Promise<SugarTest[]> {
    return this.db.find(
      SugarTest,
      { customerId, measuredAt: { $gte: start, $lte: end } },
      { orderBy: { measuredAt: 'desc' }, limit },
    );
  }

  /** The pressure readings of a period, newest first, at most `limit`. */
  pressureReadings(customerId: string, start: Date, end: Date, limit: number): Promise<BloodPressureTest[]> {
    return this.db.find(
      BloodPressureTest,
      { customerId, measuredAt: { $gte: start, $lte: end } },
      { orderBy: { measuredAt: 'desc' }, limit },
    );
  }
}
