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
  checkWindows(bucket, windows);
  await withSubjectLock(em, `rate:${bucket}:${subject}`, async (tx) => {
    const events = new RateEventRepository(tx);
    const full = await fullWindow(events, bucket, subject, windows, now);
    if (full) {
      throw new AppError(ErrorCodes.tooManyRequests, full.message, 429);
    }
    await events.add(bucket, subject, now);
  });
}

/**
 * Like {@link takeRateLimit}, but counts only the attempts that fail, so people who get it right are
 * never held up: refuses (answers the 429) when `subject` has used a window's failures up, else runs
 * `attempt` in the same transaction, under the subject's lock (concurrent attempts are counted one
 * after another), and counts one event when it answers an {@link AppError}. Refusals are answered,
 * not thrown, so the attempt's own writes (an account's failure count) commit with the event.
 */
export async function limitFailures<T>(
  em: Db,
  bucket: string,
  subject: string,
  windows: readonly RateWindow[],
  now: Date,
  attempt: (tx: Db) => Promise<T | AppError>,
): Promise<T | AppError> {
  checkWindows(bucket, windows);
  return withSubjectLock(em, `rate:${bucket}:${subject}`, async (tx) => {
    const events = new RateEventRepository(tx);
    const full = await fullWindow(events, bucket, subject, windows, now);
    if (full) {
      return new AppError(ErrorCodes.tooManyRequests, full.message, 429);
    }
    const result = await attempt(tx);
    if (result instanceof AppError) {
      await events.add(bucket, subject, now);
    }
    return result;
  });
}

function checkWindows(bucket: string, windows: readonly RateWindow[]): void {
  if (windows.some((window) => window.windowMs > RATE_EVENT_KEEP_MS)) {
    throw new Error(`rate limit "${bucket}" has a window longer than the ${RATE_EVENT_KEEP_MS} ms its events are kept`);
  }
}

/** The first window of `windows` that `subject` has used up, if any. */
async function fullWindow(
  events: RateEventRepository,
  bucket: string,
  subject: string,
  windows: readonly RateWindow[],
  now: Date,
): Promise<RateWindow | undefined> {
  for (const window of windows) {
    const used = await events.countSince(bucket, subject, new Date(now.getTime() - window.windowMs));
    if (used >= window.max) {
      return window;
    }
  }
  return undefined;
}
