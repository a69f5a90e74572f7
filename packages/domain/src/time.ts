import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
// The plugins are imported with their file extension because dayjs has no `exports` map:
// Node's ESM resolver would not find `dayjs/plugin/utc` in the published build.
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The product's users live in mainland China: every day, week and month is counted there. */
export const CHINA_TZ = 'Asia/Shanghai';

/** A moment in time, as a Date or as milliseconds since the epoch. */
export type Instant = Date | number;

/** A calendar month in China time; `month` is 1 to 12. */
export type YearMonth = { readonly year: number; readonly month: number };

/** A half-open interval of instants `[start, end)`. */
export type InstantRange = { readonly start: Date; readonly end: Date };

/**
 * The moment as a dayjs value whose fields (hour, date, day of week) are China wall-clock fields.
 * The server's own time zone never leaks in, so a reading at 00:30 Beijing time belongs to that
 * Beijing day even on a server running in UTC.
 */
export function inChina(instant: Instant): Dayjs {
  return dayjs(instant).tz(CHINA_TZ);
}

/**
 * Parses a China wall-clock text such as `2026-02-01`, `2026-02-01 08:00` or
 * `2026-02-01 08:00:00` into the instant it denotes. Returns `null` for text that is not a date.
 */
export function parseChinaDateTime(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(trimmed)) {
    return null;
  }
  const parsed = dayjs.tz(trimmed, CHINA_TZ);
  // dayjs rolls 2026-02-30 over to March; a round trip exposes such impossible dates.
  const shown = parsed.format(trimmed.length === 10 ? 'YYYY-MM-DD' : trimmed.length === 16 ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD HH:mm:ss');
  return parsed.isValid() && shown === trimmed ? parsed.toDate() : null;
}

/** China has kept UTC+8 all year since its last summer time ended in September 1991. */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const FIXED_OFFSET_SINCE = Date.UTC(1991, 8, 15);

/**
 * Formats an instant as China wall-clock text with a dayjs pattern (default `YYYY-MM-DD HH:mm:ss`).
 * The two patterns that tables and reports format by the thousand take a fixed-offset fast path
 * for instants after 1991 (the time-zone database is about 100 times slower); earlier instants,
 * and every other pattern, go through the time-zone database.
 */
export function formatChinaTime(instant: Instant, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = toMs(instant);
  if (ms >= FIXED_OFFSET_SINCE && (pattern === 'YYYY-MM-DD HH:mm:ss' || pattern === 'YYYY-MM-DD')) {
    const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
    return pattern === 'YYYY-MM-DD' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return inChina(instant).format(pattern);
}

/** The China calendar date of an instant as `YYYY-MM-DD`. */
export function chinaDateKey(instant: Instant): string {
  return formatChinaTime(instant, 'YYYY-MM-DD');
}

/** Midnight at the start of the China day that holds the instant. */
export function startOfChinaDay(instant: Instant): Date {
  return inChina(instant).startOf('day').toDate();
}

/** The China day holding the instant, as `[00:00, next 00:00)`. */
export function chinaDayRange(instant: Instant): InstantRange {
  const start = inChina(instant).startOf('day');
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/**
 * The Monday-to-Sunday China week holding the instant. Weeks start on Monday as on Chinese
 * calendars, not on Sunday as dayjs assumes by default.
 */
export function chinaWeekRange(instant: Instant): InstantRange {
  const day = inChina(instant).startOf('day');
  const sinceMonday = (day.day() + 6) % 7;
  const start = day.subtract(sinceMonday, 'day');
  return { start: start.toDate(), end: start.add(7, 'day').toDate() };
}

/** The China calendar month (year and 1-based month) of the instant. */
export function chinaYearMonth(instant: Instant): YearMonth {
  const local = inChina(instant);
  return { year: local.year(), month: local.month() + 1 };
}

/** The instants covered by a China calendar month, `[1st 00:00, next 1st 00:00)`. */
export function chinaMonthRange(yearMonth: YearMonth): InstantRange {
  const start = dayjs.tz(`${yearMonth.year}-${pad2(yearMonth.month)}-01`, CHINA_TZ);
  return { start: start.toDate(), end: start.add(1, 'month').toDate() };
}

/** Compares two months: negative when `a` is earlier, zero when equal, positive when later. */
export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** The month `delta` months after (or, when negative, before) the given one. */
export function addMonths(yearMonth: YearMonth, delta: number): YearMonth {
  const index = yearMonth.year * 12 + (yearMonth.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Milliseconds elapsed since China midnight at the instant (0 to 86 399 999). */
export function msSinceChinaMidnight(instant: Instant): number {
  return toMs(instant) - startOfChinaDay(instant).getTime();
}

/**
 * The last `days` China days up to and including today, as used by the "latest 30/60/90 days"
 * ranges: from midnight `days - 1` days ago to the end of today.
 */
export function latestChinaDays(now: Instant, days: number): InstantRange {
  const today = inChina(now).startOf('day');
  return { start: today.subtract(days - 1, 'day').toDate(), end: today.add(1, 'day').toDate() };
}

/** Adds calendar months in China time, keeping the day of month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addChinaMonths(instant: Instant, months: number): Date {
  return inChina(instant).add(months, 'month').toDate();
}

/** Milliseconds since the epoch of an instant. */
export function toMs(instant: Instant): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** Two-digit zero padding for dates and clocks. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The span a list query's China-time bounds cover: `start` inclusive, `end` exclusive; absent bounds are open. */
export type ChinaListSpan = { readonly start: Date | undefined; readonly end: Date | undefined };

/**
 * The instants between a list query's `createStartTime` and `createEndTime`, China wall-clock text
 * (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss`). The start is inclusive. The end is
 * inclusive at its own precision: a date covers that whole China day, `HH:mm` its whole minute and
 * `HH:mm:ss` its second — so `… 23:59:59` and the date alone both reach midnight. Blank bounds are
 * open. Returns which bound is not a date instead of a span when one is malformed.
 */
export function chinaListSpan(startText: string | null | undefined, endText: string | null | undefined): ChinaListSpan | { readonly invalid: 'start' | 'end' } {
  const blank = (text: string | null | undefined): boolean => text === null || text === undefined || text.trim() === '';
  const start = blank(startText) ? undefined : parseChinaDateTime(startText ?? '');
  if (start === null) {
    return { invalid: 'start' };
  }
  if (blank(endText)) {
    return { start, end: undefined };
  }
  const trimmed = (endText ?? '').trim();
  const end = parseChinaDateTime(trimmed);
  if (end === null) {
    return { invalid: 'end' };
  }
  const unit = trimmed.length === 10 ? 'day' : trimmed.length === 16 ? 'minute' : 'second';
  return { start, end: inChina(end).add(1, unit).toDate() };
}
