import type { EntityManager } from '@mikro-orm/core';
import { READING_DELETE_MESSAGES, readingDeletion } from '@glucoguard/domain';
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import { withdrawReadingNotices } from '../../social/notice/notice.service';
import { TangyouRepository } from '../../social/feed/feed.repository';

/**
 * Deleting a reading, the same way for every kind: only its owner may (domain `readingDeletion`),
 * a meter's reading never, and the row is deleted outright rather than marked. The read statements
 * (day table, counts, trend, reports, shares, the feed) therefore stay exactly as they are — the
 * sugar table's index-only scans included — and what points at the reading goes in the same
 * transaction (`forgetReading`). See
 * docs/adr/0093-reading-deletion-hard-with-points-kept.md.
 */

/** Throws the answer for a reading the caller may not delete: 40400 for gone or foreign, 40300 for a meter's. */
export function assertDeletable<T extends { customerId: string; deviceImei?: string | null }>(
  reading: T | null,
  callerId: string,
): asserts reading is T {
  const verdict = readingDeletion(reading, callerId);
  if (verdict === 'gone') {
    // Another user's reading answers exactly like a missing one.
    throw new AppError(ErrorCodes.notFound, READING_DELETE_MESSAGES.gone, 404);
  }
  if (verdict === 'meter') {
    throw forbidden(READING_DELETE_MESSAGES.meterReadOnly);
  }
}

/**
 * What points at a glucose or pressure reading being deleted: the relatives' notices of it (and any
 * push still queued) and the likes and comments of its feed post. Call it in the deleting transaction.
 */
export async function forgetReading(
  em: EntityManager,
  kind: 'bloodSugar' | 'bloodPressure',
  readingId: string,
): Promise<void> {
  await withdrawReadingNotices(em, kind, readingId);
  await new TangyouRepository(em).forgetPost(kind === 'bloodPressure' ? 'b' : 's', readingId);
}
