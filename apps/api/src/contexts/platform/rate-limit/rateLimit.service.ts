import { AppError, ErrorCodes } from '../../../lib/errors';
import { withSubjectLock, type Db } from '../../../lib/db';
import { RateEventRepository } from './rateEvent.repository';

export interface RateWindow {
  /** Events allowed within the window. */
  max: number;
  windowMs: number;
  /** The Chinese message when the window is full. */
  message: string;
}

/** How long counted events are kept (the retention job, platform.retention.prune, deletes older ones): no window may be longer. */
export const RATE_EVENT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Counts one event for `bucket`/`subject` if every window still has room, else refuses with a
 * 429 envelope. Events live in the database, so limits hold across API instances.
 */
export async function takeRateLimit(
  em: Db,
  bucket: string,
  subject: string,
  windows: readonly RateWindow[],
  now: Date,
): Promise<void> {
  if (windows.some((window) => window.windowMs > RATE_EVENT_KEEP_MS)) {
    throw new Error(`rate limit "${bucket}" has a window longer than the ${RATE_EVENT_KEEP_MS} ms its events are kept`);
  }
  await withSubjectLock(em, `rate:${bucket}:${subject}`, async (tx) => {
    const events = new RateEventRepository(tx);
    for (const window of windows) {
      const since = new Date(now.getTime() - window.windowMs);
      const used = await events.countSince(bucket, subject, since);
      if (used >= window.max) {
        throw new AppError(ErrorCodes.tooManyRequests, window.message, 429);
      }
    }
    await events.add(bucket, subject, now);
  });
}
