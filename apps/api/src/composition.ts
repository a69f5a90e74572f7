import { pointsOnReadingRecorded } from './contexts/engagement';
import { readingEvents, setActingForPolicy } from './contexts/health';
import {
  feedOnReadingDeleted,
  followActingFor,
  noticesOnReadingDeleted,
  noticesOnReadingRecorded,
} from './contexts/social';

/**
 * Where the contexts are wired to each other: the one place that says who reacts to the readings
 * core's events (docs/adr/0010) and who answers its acting-for question (docs/adr/0011). Health
 * publishes and asks without knowing any of them. Called by the app as it is built and by the
 * meter store a gateway opens; calling it again changes nothing (subscribers register by name).
 *
 * Subscribers run in the order listed, inside the transaction that stored (or deleted) the reading.
 * One more is an app's own: the notice-push plugin (plugins/notice-push.ts) subscribes a kick, so a
 * form's reading is pushed to the followers' messaging app right after the commit.
 */
export function composeContexts(): void {
  setActingForPolicy(followActingFor);

  // A reading was recorded (a form, a relative, a meter).
  readingEvents.subscribe('ReadingRecorded', 'social.notices', noticesOnReadingRecorded);
  readingEvents.subscribe('ReadingRecorded', 'engagement.points', pointsOnReadingRecorded);

  // A reading was deleted by its owner (points paid for it are kept).
  readingEvents.subscribe('ReadingDeleted', 'social.notices', noticesOnReadingDeleted);
  readingEvents.subscribe('ReadingDeleted', 'social.feed', feedOnReadingDeleted);
}
