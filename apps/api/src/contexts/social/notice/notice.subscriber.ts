import type { Db } from '../../../lib/db';
import type { ReadingDeleted, ReadingRecorded, Subscriber } from '../../health';
import { NoticeRepository } from './notice.repository';
import { notifyFollowersOfReading, withdrawReadingNotices, type NotifiableReading } from './notice.service';

/** The readings notices are about: glucose and pressure. */
type Notified = ReadingRecorded & { reading: Extract<ReadingRecorded['reading'], { kind: 'glucose' | 'pressure' }> };

const isNotified = (e: ReadingRecorded): e is Notified =>
  (e.reading.kind === 'glucose' || e.reading.kind === 'pressure') && !e.meter?.backfill;

function notifiable(e: Notified): NotifiableReading {
  const { reading } = e;
  return reading.kind === 'glucose'
    ? {
        kind: 'bloodSugar',
        id: reading.id,
        customerId: e.customerId,
        recordedBy: e.source === 'meter' ? undefined : e.recordedBy,
        measuredAt: reading.measuredAt,
        sugar: reading.sugar,
        timeType: reading.timeType,
      }
    : {
        kind: 'bloodPressure',
        id: reading.id,
        customerId: e.customerId,
        recordedBy: e.source === 'meter' ? undefined : e.recordedBy,
        measuredAt: reading.measuredAt,
        sbp: reading.sbp,
        dbp: reading.dbp,
        hr: reading.hr,
      };
}

/**
 * A meter's batch tells the followers once per patient and kind, of the newest reading (a meter
 * that comes back online with a backlog does not flood them); one statement finds who follows any
 * of the batch's patients, since most have nobody to tell.
 */
async function noticesOfMeterBatch(tx: Db, events: readonly Notified[]): Promise<void> {
  const newest = new Map<string, Notified>();
  for (const e of events) {
    const group = `${e.customerId}|${e.reading.kind}`;
    const last = newest.get(group);
    if (!last || e.reading.measuredAt.getTime() >= last.reading.measuredAt.getTime()) {
      newest.set(group, e);
    }
  }
  const recipients = await new NoticeRepository(tx).noticeRecipientsOf([
    ...new Set([...newest.values()].map((e) => e.customerId)),
  ]);
  for (const e of newest.values()) {
    const followers = recipients.get(e.customerId);
    if (followers) {
      await notifyFollowersOfReading(tx, notifiable(e), e.at, followers);
    }
  }
}

/**
 * A reading was recorded: the patient's followers are told (in-app notice, and a messaging-app
 * push queued for after the commit). A reading typed in by a relative does not tell that relative;
 * a meter's batch tells once per patient and kind; readings attached at a bind tell nobody.
 */
export const noticesOnReadingRecorded: Subscriber<ReadingRecorded> = async (tx, events) => {
  const told = events.filter(isNotified);
  for (const e of told.filter((x) => x.source !== 'meter')) {
    await notifyFollowersOfReading(tx, notifiable(e), e.at);
  }
  const fromMeters = told.filter((x) => x.source === 'meter');
  if (fromMeters.length > 0) {
    await noticesOfMeterBatch(tx, fromMeters);
  }
};

/** A reading was deleted: its notices go, and with them any push still queued. */
export const noticesOnReadingDeleted: Subscriber<ReadingDeleted> = async (tx, events) => {
  for (const e of events) {
    if (e.kind === 'glucose' || e.kind === 'pressure') {
      await withdrawReadingNotices(tx, e.kind === 'pressure' ? 'bloodPressure' : 'bloodSugar', e.readingId);
    }
  }
};
