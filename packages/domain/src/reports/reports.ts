import { chinaDateKey, chinaYearMonth, compareYearMonth, pad2 } from '../shared/time';
import type { Instant, YearMonth } from '../shared/time';

/** The month picker's floor: January 2017. */
export const REPORT_MONTH_MIN: YearMonth = Object.freeze({ year: 2017, month: 1 });

/** A report list entry's `reportType`: 1 blood sugar, 2 blood pressure. */
export const REPORT_TYPE = { sugar: 1, pressure: 2 } as const;
/** A report type code. */
export type ReportType = (typeof REPORT_TYPE)[keyof typeof REPORT_TYPE];

/**
 * Measurements a period needs before its report is worth generating (our choice, see
 * docs/adr/0002-china-time-and-the-thresholds-the-spec-leaves-open.md): on average one reading
 * every other day, so four in a week and fifteen in a month. The same floor applies to sugar and pressure.
 */
export const REPORT_MIN_MEASUREMENTS = { week: 4, month: 15 } as const;

/** Where a too-thin report entry leads; the page reads `name`, `count` and `reportType`. */
export const NO_REPORT_PATH = '/reportCenter/bloodSugar/noBloodSugarReport';
/** The report detail page. */
export const REPORT_DETAIL_PATH = '/reportCenter/bloodSugar/bloodSugarReportDetail';

/** A week of a month's report list, with China calendar dates `YYYY-MM-DD`. */
export type ReportWeek = { readonly week: number; readonly startDate: string; readonly endDate: string };

/** The month picker's bounds: January 2017 up to the current China month. */
export function reportMonthBounds(now: Instant): { readonly min: YearMonth; readonly max: YearMonth } {
  return { min: REPORT_MONTH_MIN, max: chinaYearMonth(now) };
}

/** Keeps a picked month within {@link reportMonthBounds}. */
export function clampReportMonth(picked: YearMonth, now: Instant): YearMonth {
  const { min, max } = reportMonthBounds(now);
  if (compareYearMonth(picked, min) < 0) {
    return min;
  }
  return compareYearMonth(picked, max) > 0 ? max : picked;
}

const DAY_MS = 86_400_000;

function dateKeyOfUtc(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/**
 * The Monday-to-Sunday weeks of a month's report list. A week belongs to the month that holds its
 * Thursday (the ISO 8601 rule), so every week belongs to exactly one month and a month has four
 * or five weeks; a week may therefore start in the previous month or end in the next.
 */
export function weeksOfMonth(yearMonth: YearMonth): ReportWeek[] {
  // Pure calendar arithmetic on UTC dates: no instant is involved, so no zone can shift a day.
  const first = Date.UTC(yearMonth.year, yearMonth.month - 1, 1);
  const sinceMonday = (new Date(first).getUTCDay() + 6) % 7;
  let monday = first - sinceMonday * DAY_MS;
  if (new Date(monday + 3 * DAY_MS).getUTCMonth() !== yearMonth.month - 1) {
    monday += 7 * DAY_MS;
  }
  const weeks: ReportWeek[] = [];
  while (new Date(monday + 3 * DAY_MS).getUTCMonth() === yearMonth.month - 1) {
    weeks.push({ week: weeks.length + 1, startDate: dateKeyOfUtc(monday), endDate: dateKeyOfUtc(monday + 6 * DAY_MS) });
    monday += 7 * DAY_MS;
  }
  return weeks;
}

/** Whether a month's report is 'coming soon': the current or a future China month. */
export function isMonthReportComingSoon(yearMonth: YearMonth, now: Instant): boolean {
  return compareYearMonth(yearMonth, chinaYearMonth(now)) >= 0;
}

/** Whether a week's report is 'coming soon': the week has not ended yet in China (today is on or before its last day). */
export function isWeekReportComingSoon(week: Pick<ReportWeek, 'endDate'>, now: Instant): boolean {
  // ISO dates compare correctly as text.
  return week.endDate >= chinaDateKey(now);
}

/** What tapping a report entry does. */
export type ReportEntryTarget =
  | { readonly kind: 'comingSoon' }
  | {
      readonly kind: 'tooFewMeasurements';
      readonly path: string;
      readonly query: { readonly name: string; readonly count: number; readonly reportType: ReportType };
    }
  | { readonly kind: 'detail'; readonly path: string };

/**
 * Decides what a report entry opens: nothing while the period is current or future, the
 * 'not enough measurements' page when the period holds fewer than {@link REPORT_MIN_MEASUREMENTS},
 * otherwise the report detail.
 */
export function reportEntryTarget(entry: {
  readonly period: 'week' | 'month';
  readonly comingSoon: boolean;
  readonly reportType: ReportType;
  readonly quantity: number;
  readonly name: string;
}): ReportEntryTarget {
  if (entry.comingSoon) {
    return { kind: 'comingSoon' };
  }
  const needed = REPORT_MIN_MEASUREMENTS[entry.period];
  if (entry.quantity < needed) {
    return {
      kind: 'tooFewMeasurements',
      path: NO_REPORT_PATH,
      query: { name: entry.name, count: needed, reportType: entry.reportType },
    };
  }
  return { kind: 'detail', path: REPORT_DETAIL_PATH };
}
