import type { ReadingDeleted, Subscriber } from '../../health';
import { FeedRepository } from './feed.repository';

/**
 * A reading was deleted: its feed post (the reading itself) is gone, so are its likes and comments.
 * A recorded reading needs nothing here: the feed reads the readings.
 */
export const feedOnReadingDeleted: Subscriber<ReadingDeleted> = async (tx, events) => {
  for (const e of events) {
    if (e.kind === 'glucose' || e.kind === 'pressure') {
      await new FeedRepository(tx).forgetPost(e.kind === 'pressure' ? 'b' : 's', e.readingId);
    }
  }
};
