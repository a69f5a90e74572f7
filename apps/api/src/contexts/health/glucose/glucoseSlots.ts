import { parseChinaDateTime } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { SugarRepository } from './glucose.repository';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * The glucose slots a customer has at least one reading in, from `fromDate` to `toDate` (China
 * dates 'YYYY-MM-DD', both included), as keys `'YYYY-MM-DD:timeType'`. Readings typed into the
 * form and readings from a meter both count: both land in `sugar_test` with their slot. Read by
 * the monitoring plan's adherence and by the monitoring reminders (care context).
 */
export async function glucoseSlotsWithReadings(
  db: Db,
  customerId: string,
  fromDate: string,
  toDate: string,
): Promise<Set<string>> {
  const start = DATE.test(fromDate) ? parseChinaDateTime(fromDate) : null;
  const last = DATE.test(toDate) ? parseChinaDateTime(toDate) : null;
  if (!start || !last || last < start) {
    return new Set();
  }
  // China has no daylight saving: the day after `toDate` starts 24 hours after it.
  const end = new Date(last.getTime() + DAY_MS);
  const cells = await new SugarRepository(db).dayCells(customerId, start, end);
  return new Set(cells.map((c) => `${c.day}:${c.timeType}`));
}
