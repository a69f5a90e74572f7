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
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (!match) {
    return null;
  }
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number];
  if (year >= FIXED_OFFSET_YEAR) {
    const ms = Date.UTC(year, month - 1, day, hour, minute, second);
    const back = new Date(ms);
    // Date.UTC rolls 2026-02-30 over to March and 24:00 to the next day; a round trip exposes both.
    const exact =
      back.getUTCFullYear() === year &&
      back.getUTCMonth() === month - 1 &&
      back.getUTCDate() === day &&
      back.getUTCHours() === hour &&
      back.getUTCMinutes() === minute &&
      back.getUTCSeconds() === second;
    return exact ? new Date(ms - CHINA_OFFSET_MS) : null;
  }
  const parsed = dayjs.tz(trimmed, CHINA_TZ);
  // dayjs rolls 2026-02-30 over to March; a round trip exposes such impossible dates.
  const shown = parsed.format(
    trimmed.length === 10 ? 'YYYY-MM-DD' : trimmed.length === 16 ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD HH:mm:ss',
  );
  return parsed.isValid() && shown === trimmed ? parsed.toDate() : null;
}

/**
 * China has kept UTC+8 all year since its last summer time ended in September 1991. From 1992 on,
 * China wall-clock arithmetic is plain arithmetic on a fixed offset; the time-zone database (about
 * a hundred times slower, and these functions run for every reading of a table or a report) is
 * only consulted for older instants.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const FIXED_OFFSET_YEAR = 1992;
const FIXED_OFFSET_SINCE = Date.UTC(FIXED_OFFSET_YEAR, 0, 1) - CHINA_OFFSET_MS;
const FAST_PATTERN = /^(?:YYYY|MM|DD|HH|mm|ss|[^A-Za-z[\]])*$/;

/**
 * Formats an instant as China wall-clock text with a dayjs pattern (default `YYYY-MM-DD HH:mm:ss`).
 * Patterns made only of YYYY, MM, DD, HH, mm, ss and punctuation take the fixed-offset path from
 * 1992 on; other patterns and older instants go through the time-zone database.
 */
export function formatChinaTime(instant: Instant, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = toMs(instant);
  // The two patterns nearly every caller uses skip the pattern check.
  if (
    ms >= FIXED_OFFSET_SINCE &&
    (pattern === 'YYYY-MM-DD HH:mm:ss' || pattern === 'YYYY-MM-DD' || FAST_PATTERN.test(pattern))
  ) {
    const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
    if (pattern === 'YYYY-MM-DD HH:mm:ss') {
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    }
    if (pattern === 'YYYY-MM-DD') {
      return iso.slice(0, 10);
    }
    const parts: Record<string, string> = {
      YYYY: iso.slice(0, 4),
      MM: iso.slice(5, 7),
      DD: iso.slice(8, 10),
      HH: iso.slice(11, 13),
      mm: iso.slice(14, 16),
      ss: iso.slice(17, 19),
    };
    return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
  }
  return inChina(instant).format(pattern);
}

/**
 * Orders fixed-width date and time texts (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss`) oldest first. Plain
 * comparison is their date order, and far cheaper than a locale-aware one.
 */
export function compareChinaTimeText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The China calendar date of an instant as `YYYY-MM-DD`. */
export function chinaDateKey(instant: Instant): string {
  return formatChinaTime(instant, 'YYYY-MM-DD');
}

/**
 * The China calendar day of an instant as a whole number (days since 1970-01-01 on China's
 * calendar): the same day gives the same number, the next day the next number. For counting and
 * comparing days without building date text.
 */
export function chinaDayNumber(instant: Instant): number {
  const ms = toMs(instant);
  if (ms >= FIXED_OFFSET_SINCE) {
    return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
  }
  return Date.parse(`${chinaDateKey(instant)}T00:00:00Z`) / DAY_MS;
}

/** Midnight at the start of the China day that holds the instant. */
export function startOfChinaDay(instant: Instant): Date {
  const ms = toMs(instant);
  if (ms >= FIXED_OFFSET_SINCE) {
    return new Date(Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
  }
  return inChina(instant).startOf('day').toDate();
}

/** The China day holding the instant, as `[00:00, next 00:00)`. */
export function chinaDayRange(instant: Instant): InstantRange {
  if (toMs(instant) >= FIXED_OFFSET_SINCE) {
    const start = startOfChinaDay(instant).getTime();
    return { start: new Date(start), end: new Date(start + DAY_MS) };
  }
  const start = inChina(instant).startOf('day');
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/**
 * The Monday-to-Sunday China week holding the instant. Weeks start on Monday as on Chinese
 * calendars, not on Sunday as dayjs assumes by default.
 */
export function chinaWeekRange(instant: Instant): InstantRange {
  if (toMs(instant) >= FIXED_OFFSET_SINCE + 7 * DAY_MS) {
    const day = startOfChinaDay(instant).getTime();
    const sinceMonday = (new Date(day + CHINA_OFFSET_MS).getUTCDay() + 6) % 7;
    const start = day - sinceMonday * DAY_MS;
    return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
  }
  const day = inChina(instant).startOf('day');
  const sinceMonday = (day.day() + 6) % 7;
  const start = day.subtract(sinceMonday, 'day');
  return { start: start.toDate(), end: start.add(7, 'day').toDate() };
}

/** The China calendar month (year and 1-based month) of the instant. */
export function chinaYearMonth(instant: Instant): YearMonth {
  const ms = toMs(instant);
  if (ms >= FIXED_OFFSET_SINCE) {
    const local = new Date(ms + CHINA_OFFSET_MS);
    return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
  }
  const local = inChina(instant);
  return { year: local.year(), month: local.month() + 1 };
}

/** The instants covered by a China calendar month, `[1st 00:00, next 1st 00:00)`. */
export function chinaMonthRange(yearMonth: YearMonth): InstantRange {
  if (yearMonth.year >= FIXED_OFFSET_YEAR) {
    return {
      start: new Date(Date.UTC(yearMonth.year, yearMonth.month - 1, 1) - CHINA_OFFSET_MS),
      end: new Date(Date.UTC(yearMonth.year, yearMonth.month, 1) - CHINA_OFFSET_MS),
    };
  }
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
  if (toMs(now) >= FIXED_OFFSET_SINCE + days * DAY_MS) {
    const midnight = startOfChinaDay(now).getTime();
    return { start: new Date(midnight - (days - 1) * DAY_MS), end: new Date(midnight + DAY_MS) };
  }
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
export function chinaListSpan(
  startText: string | null | undefined,
  endText: string | null | undefined,
): ChinaListSpan | { readonly invalid: 'start' | 'end' } {
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
  if (end.getTime() >= FIXED_OFFSET_SINCE) {
    return { start, end: new Date(end.getTime() + { day: DAY_MS, minute: 60_000, second: 1000 }[unit]) };
  }
  return { start, end: inChina(end).add(1, unit).toDate() };
}
