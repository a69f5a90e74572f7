// Opening hours as the form holds them (HH:mm of a time picker, or 全天) and as the API stores them
// (ms after midnight, China time; 00:00-24:00 is open all day).
import { DAY_MS } from '@glucoguard/domain';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** ms after midnight of an hour and minute. */
export const msOfDay = (hour: number, minute: number) => hour * HOUR_MS + minute * MINUTE_MS;

/** The hour and minute of ms after midnight (24:00 stays 24:00). */
export function hourMinute(ms: number): { hour: number; minute: number } {
  return { hour: Math.floor(ms / HOUR_MS), minute: Math.floor((ms % HOUR_MS) / MINUTE_MS) };
}

/** Whether stored hours mean open all day. */
export const isAllDay = (hours: { openStartTime: number; openEndTime: number }) =>
  hours.openStartTime === 0 && hours.openEndTime >= DAY_MS;
