import { chinaDateKey } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import type { ReadingRecorded, Subscriber } from '../../health';
import { awardForReading, type ReadingKind as ReadingTask } from './points.service';

/** The task a reading pays under; only glucose and pressure readings earn points. */
const TASK: Partial<Record<ReadingRecorded['reading']['kind'], ReadingTask>> = {
  glucose: 'SUGAR_TEST',
  pressure: 'BLOOD_PRESSURE_TEST',
};

/**
 * `customer|task` → the China day its meter readings reached the daily cap, in this process: the
 * ledger only grows, so a cap reached stays reached for that day, and a busy meter then costs no
 * ledger call at all. Another process learns it with one call of its own.
 */
const cappedOn = new Map<string, string>();
const CAPPED_MEMORY_MAX = 100_000;

function rememberCapped(group: string, day: string) {
  if (cappedOn.size >= CAPPED_MEMORY_MAX) {
    cappedOn.clear();
  }
  cappedOn.set(group, day);
}

/**
 * A meter's new records: each pays up to the daily cap (key `meter:{imei}:{id}`, paid at the
 * moment it reached us, so a resend pays nothing and a backlog cannot pay for past days). Customers
 * are taken in id order, so two batches take the ledger's per-customer locks in the same order.
 * Once a customer's reading pays 0 (the cap is reached), the rest of that China day's readings
 * would pay 0 too: they are skipped, so a capped meter's stream costs no ledger calls and leaves
 * no zero lines. Answers the groups that reached the cap, to remember once the batch has committed.
 */
async function payMeterReadings(tx: Db, events: readonly ReadingRecorded[]): Promise<string[]> {
  const capped: string[] = [];
  // A batch's readings all reached us at one moment: its China day is worked out once, not per reading.
  const dayOf = new Map<number, string>();
  const day = (at: Date) => dayOf.get(at.getTime()) ?? dayOf.set(at.getTime(), chinaDateKey(at)).get(at.getTime())!;
  const payable = events
    .map((e) => ({ e, task: TASK[e.reading.kind]! }))
    .filter(({ e, task }) => cappedOn.get(`${e.customerId}|${task}`) !== day(e.at));
  payable.sort((a, b) => a.e.customerId.localeCompare(b.e.customerId));
  for (const { e, task } of payable) {
    const group = `${e.customerId}|${task}`;
    if (!capped.includes(group)) {
      const paid = await awardForReading(tx, e.customerId, task, `meter:${e.meter!.imei}:${e.meter!.readingId}`, e.at);
      if (!paid.duplicate && paid.score === 0) {
        capped.push(group);
      }
    }
  }
  return capped;
}

/**
 * A reading was recorded: one's own glucose or pressure reading pays its points (domain
 * `taskPointsToAward`, capped per China day; the reading's id makes a repeat pay nothing). A
 * reading a relative typed in pays nobody; readings attached at a bind pay nothing.
 */
export const pointsOnReadingRecorded: Subscriber<ReadingRecorded> = async (tx, events) => {
  const earning = events.filter((e) => TASK[e.reading.kind] !== undefined && !e.meter?.backfill);
  for (const e of earning.filter((x) => x.source === 'self')) {
    await awardForReading(tx, e.customerId, TASK[e.reading.kind]!, e.reading.id, e.at);
  }
  const fromMeters = earning.filter((x) => x.source === 'meter');
  if (fromMeters.length === 0) {
    return;
  }
  const capped = await payMeterReadings(tx, fromMeters);
  const day = chinaDateKey(fromMeters[0]!.at);
  // Only a committed cap is remembered: a batch that rolled back took its points with it.
  return () => capped.forEach((group) => rememberCapped(group, day));
};
