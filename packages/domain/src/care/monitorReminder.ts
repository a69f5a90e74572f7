import { SUGAR_TIME_TYPES } from '../glucose/sugar';
import type { ReadingPushFields } from '../social/readingNotice';
import { formatChinaTime, msSinceChinaMidnight, parseChinaDateTime, type Instant } from '../shared/time';

/**
 * The reminders of a doctor's monitoring plan (issue 20; docs/adr/0168-monitor-reminder-one-per-slot-at-its-start.md):
 * one reminder per planned (date, slot), due at the slot's start as the sugar dictionary (a DB table)
 * gives it, never in the quiet hours unless the slot is 凌晨.
 */

/** Quiet hours start at 22:00 China time: no reminder from then … */
export const REMINDER_QUIET_START = '22:00';
/** … until 07:00 China time (a slot starting in the quiet hours is reminded at 07:00 if it still runs then). */
export const REMINDER_QUIET_END = '07:00';
/** The 凌晨 slot: its reminder is never held back by the quiet hours (the patient measures at night on purpose). */
export const NIGHT_SLOT_TIME_TYPE = 8;

/** A slot of the sugar dictionary as the reminder needs it: its hours (`HH:mm` or `HH:mm:ss`, China time). */
export interface ReminderSlot {
  readonly timeType: number;
  readonly startTime: string;
  readonly endTime: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function clockMinutes(clock: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(clock.trim());
  if (!match) {
    return null;
  }
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

const QUIET_START_MINUTES = clockMinutes(REMINDER_QUIET_START)!;
const QUIET_END_MINUTES = clockMinutes(REMINDER_QUIET_END)!;

/** Whether a minute of the China day (0..1439) lies in the quiet hours 22:00–07:00. */
function quietMinute(minute: number): boolean {
  return minute >= QUIET_START_MINUTES || minute < QUIET_END_MINUTES;
}

/** Whether `instant` lies in the quiet hours (22:00 inclusive to 07:00 exclusive, China time). */
export function inQuietHours(instant: Instant): boolean {
  return quietMinute(Math.floor(msSinceChinaMidnight(instant) / MINUTE_MS));
}

/**
 * The slot's span on the China date `date` (`YYYY-MM-DD`): `[start, end)`. An end of 23:59 reaches
 * midnight (as `slotFinder` reads the dictionary); an end at or before the start wraps past
 * midnight into the next day. Null for a malformed date or clock.
 */
export function slotSpanOn(date: string, slot: ReminderSlot): { start: Date; end: Date } | null {
  const startMinutes = clockMinutes(slot.startTime);
  const endMinutes = clockMinutes(slot.endTime);
  const midnight = /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseChinaDateTime(date) : null;
  if (startMinutes === null || endMinutes === null || !midnight) {
    return null;
  }
  const start = midnight.getTime() + startMinutes * MINUTE_MS;
  const endOfDay = endMinutes >= 24 * 60 - 1 ? 24 * 60 : endMinutes;
  const end = midnight.getTime() + endOfDay * MINUTE_MS + (endOfDay <= startMinutes ? DAY_MS : 0);
  return { start: new Date(start), end: new Date(end) };
}

/**
 * When the reminder of the planned slot `slot` on `date` is due: at the slot's start; a start in the
 * quiet hours moves to the next 07:00 if the slot still runs then, else there is no reminder (null).
 * The 凌晨 slot is reminded at its start whatever the hour.
 */
export function monitorReminderDueAt(date: string, slot: ReminderSlot): Date | null {
  const span = slotSpanOn(date, slot);
  if (!span) {
    return null;
  }
  if (slot.timeType === NIGHT_SLOT_TIME_TYPE || !inQuietHours(span.start)) {
    return span.start;
  }
  const startMinute = Math.floor(msSinceChinaMidnight(span.start) / MINUTE_MS);
  const minutesTo7 = (QUIET_END_MINUTES - startMinute + 24 * 60) % (24 * 60);
  const at7 = new Date(span.start.getTime() + minutesTo7 * MINUTE_MS);
  return at7.getTime() < span.end.getTime() ? at7 : null;
}

/**
 * Whether a reminder due for (date, slot) may still go out at `now` (a job may run late, e.g. after
 * the API was down): not before it is due, only while the slot runs, and not in the quiet hours
 * unless the slot is 凌晨.
 */
export function monitorReminderSendable(now: Instant, date: string, slot: ReminderSlot): boolean {
  const due = monitorReminderDueAt(date, slot);
  const span = slotSpanOn(date, slot);
  const at = typeof now === 'number' ? now : now.getTime();
  if (!due || !span || at < due.getTime() || at >= span.end.getTime()) {
    return false;
  }
  return slot.timeType === NIGHT_SLOT_TIME_TYPE || !inQuietHours(at);
}

/** The job key of one planned slot's reminder: `planId:date:timeType`. */
export function monitorReminderKey(planId: string, date: string, timeType: number): string {
  return `${planId}:${date}:${timeType}`;
}

function slotName(timeType: number): string {
  return SUGAR_TIME_TYPES.find((t) => t.timeType === timeType)?.name ?? '';
}

function clockText(clock: string): string {
  const minutes = clockMinutes(clock);
  if (minutes === null) {
    return clock;
  }
  const shown = minutes >= 24 * 60 - 1 ? 24 * 60 : minutes;
  return `${String(Math.floor(shown / 60)).padStart(2, '0')}:${String(shown % 60).padStart(2, '0')}`;
}

/** The in-app notice of a reminder (kind `monitorRemind`). */
export function monitorReminderNotice(reminder: {
  readonly date: string;
  readonly slot: ReminderSlot;
  readonly doctorName: string;
}): { title: string; text: string } {
  const name = slotName(reminder.slot.timeType);
  // A directory name may already end in 医生 (林医生): never 林医生医生.
  const who = reminder.doctorName.endsWith('医生') ? reminder.doctorName : `${reminder.doctorName}医生`;
  const day = reminder.date.slice(5).replace('-', '月') + '日';
  return {
    title: `该测${name}血糖了`,
    text: `${who}为您制定的监测计划中，${day}${name}（${clockText(reminder.slot.startTime)}–${clockText(reminder.slot.endTime)}）需要测一次血糖，测后记得记录，医生会看到。`,
  };
}

/**
 * The template message's fields of a reminder, in the health template's five fields (person,
 * item, value, result, time; ADR 0153): the patient, 「<slot>血糖」, 监测计划, 待测量, the slot's start.
 */
export function monitorReminderPushFields(reminder: {
  readonly patientName: string;
  readonly date: string;
  readonly slot: ReminderSlot;
}): ReadingPushFields {
  const span = slotSpanOn(reminder.date, reminder.slot);
  return {
    name: Array.from(reminder.patientName || '您')
      .slice(0, 20)
      .join(''),
    item: `${slotName(reminder.slot.timeType)}血糖`,
    value: '医生监测计划',
    result: '待测量',
    time: span ? formatChinaTime(span.start, 'YYYY-MM-DD HH:mm') : reminder.date,
  };
}
