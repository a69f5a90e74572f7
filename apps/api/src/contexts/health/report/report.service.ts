import type { Db } from '../../../lib/db';
import {
  REPORT_COMING_SOON_MESSAGE,
  REPORT_MIN_MEASUREMENTS,
  REPORT_MONTH_MIN,
  REPORT_TYPE,
  bpReportContent,
  chinaMonthRange,
  compareYearMonth,
  isMonthReportComingSoon,
  isWeekReportComingSoon,
  medicationDays,
  pad2,
  parseChinaDateTime,
  sugarReportContent,
  weeksOfMonth,
  type ReportPeriod,
  type YearMonth,
} from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { ranges } from '../pressure/pressure.service';
import { rangesFor } from '../glucose/glucose.service';
import { ReportRepository, type DayCount } from './report.repository';

const DAY_MS = 86_400_000;
const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** One report period: its China days, instants and place in the report list. */
interface ReportSpan {
  period: ReportPeriod;
  start: Date;
  end: Date;
  startDate: string;
  endDate: string;
  days: number;
  reportMonth: string;
  reportWeek: number | null;
}

const monthKey = (ym: YearMonth) => `${ym.year}-${pad2(ym.month)}`;
const daysInMonth = (ym: YearMonth) => new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();

function monthSpan(ym: YearMonth, now: Date): ReportSpan {
  if (isMonthReportComingSoon(ym, now)) {
    throw badRequest(REPORT_COMING_SOON_MESSAGE);
  }
  const { start, end } = chinaMonthRange(ym);
  const days = daysInMonth(ym);
  return {
    period: 'month',
    start,
    end,
    startDate: `${monthKey(ym)}-01`,
    endDate: `${monthKey(ym)}-${pad2(days)}`,
    days,
    reportMonth: monthKey(ym),
    reportWeek: null,
  };
}

/** A week report's period: a Monday-to-Sunday week of the report list (China dates). */
function weekSpan(startDate: string, endDate: string, now: Date): ReportSpan {
  const start = parseChinaDateTime(startDate);
  if (!start || startDate.length !== 10) {
    throw badRequest('开始日期格式不正确');
  }
  const last = parseChinaDateTime(endDate);
  if (!last || endDate.length !== 10) {
    throw badRequest('结束日期格式不正确');
  }
  if (startDate > endDate) {
    throw badRequest('开始日期不能晚于结束日期');
  }
  // Calendar arithmetic on the date text as UTC: no instant, so no zone can shift a day.
  const monday = Date.parse(`${startDate}T00:00:00Z`);
  const thursday = new Date(monday + 3 * DAY_MS);
  const ym = { year: thursday.getUTCFullYear(), month: thursday.getUTCMonth() + 1 };
  const week = weeksOfMonth(ym).find((w) => w.startDate === startDate && w.endDate === endDate);
  if (!week) {
    throw badRequest('请选择报告列表中的周（周一至周日）');
  }
  if (compareYearMonth(ym, REPORT_MONTH_MIN) < 0) {
    throw badRequest('报告月份不能早于2017年1月');
  }
  if (isWeekReportComingSoon(week, now)) {
    throw badRequest(REPORT_COMING_SOON_MESSAGE);
  }
  return {
    period: 'week',
    start,
    end: new Date(last.getTime() + DAY_MS),
    startDate,
    endDate,
    days: 7,
    reportMonth: monthKey(ym),
    reportWeek: week.week,
  };
}

function header(span: ReportSpan, count: number) {
  return {
    startTime: span.startDate,
    endTime: span.endDate,
    reportMonth: span.reportMonth,
    reportWeek: span.reportWeek,
    count,
  };
}

/**
 * The China day (`YYYY-MM-DD`) of each medication record of the customer in `[start, end)`. The
 * diary is care's, which health cannot import: the composition root passes care's reader in
 * (docs/adr/0160-medication-diary-in-care.md, as docs/adr/0019-cross-context-needs-inverted.md does).
 */
export type MedicationDatesOf = (db: Db, customerId: string, start: Date, end: Date) => Promise<string[]>;

/** A sugar report of a span, or existsFlag false with the number of readings the period needs. */
async function sugarReport(em: Db, customerId: string, span: ReportSpan, medicationDates: MedicationDatesOf) {
  const [readings, { range }, medicationDatesOfSpan] = await Promise.all([
    new ReportRepository(em).sugarReadings(customerId, span.start, span.end),
    rangesFor(em, customerId),
    medicationDates(em, customerId, span.start, span.end),
  ]);
  const needed = REPORT_MIN_MEASUREMENTS[span.period];
  if (readings.length < needed) {
    return { existsFlag: false, count: needed, vo: null };
  }
  return {
    existsFlag: true,
    count: readings.length,
    vo: {
      ...header(span, readings.length),
      ...sugarReportContent(readings, range, span.days),
      medicationDays: medicationDays(
        span.startDate,
        span.endDate,
        medicationDatesOfSpan,
        readings.map((r) => r.time.slice(0, 10)),
      ),
    },
  };
}

async function pressureReport(em: Db, customerId: string, span: ReportSpan) {
  const [readings, config] = await Promise.all([
    new ReportRepository(em).pressureReadings(customerId, span.start, span.end),
    ranges(em),
  ]);
  const needed = REPORT_MIN_MEASUREMENTS[span.period];
  if (readings.length < needed) {
    return { existsFlag: false, count: needed, vo: null };
  }
  return {
    existsFlag: true,
    count: readings.length,
    vo: { ...header(span, readings.length), ...bpReportContent(readings, config, span.days) },
  };
}

/** GET /healthReport/v1/getMonthReport. */
export async function sugarMonthReport(
  em: Db,
  customerId: string,
  ym: YearMonth,
  now: Date,
  medicationDates: MedicationDatesOf,
) {
  const { existsFlag, count, vo } = await sugarReport(em, customerId, monthSpan(ym, now), medicationDates);
  return { existsFlag, count, healthMonthReportVo: vo };
}

/** GET /healthReport/v1/getWeekReport. */
export async function sugarWeekReport(
  em: Db,
  customerId: string,
  startDate: string,
  endDate: string,
  now: Date,
  medicationDates: MedicationDatesOf,
) {
  const { existsFlag, count, vo } = await sugarReport(
    em,
    customerId,
    weekSpan(startDate, endDate, now),
    medicationDates,
  );
  return { existsFlag, count, healthWeekReportVo: vo };
}

/** GET /healthReport/v1/getBpMonthReport. */
export async function pressureMonthReport(em: Db, customerId: string, ym: YearMonth, now: Date) {
  const { existsFlag, count, vo } = await pressureReport(em, customerId, monthSpan(ym, now));
  return { existsFlag, count, healthMonthReportVo: vo };
}

/** GET /healthReport/v1/getBpWeekReport. */
export async function pressureWeekReport(em: Db, customerId: string, startDate: string, endDate: string, now: Date) {
  const { existsFlag, count, vo } = await pressureReport(em, customerId, weekSpan(startDate, endDate, now));
  return { existsFlag, count, healthWeekReportVo: vo };
}

const sumBetween = (counts: DayCount[], first: string, last: string) =>
  counts.filter((c) => c.day >= first && c.day <= last).reduce((n, c) => n + c.count, 0);

/** GET /healthReport/v1/list: readings per type for the month and each of its weeks. */
export async function listReports(em: Db, customerId: string, ym: YearMonth, now: Date) {
  const weeks = weeksOfMonth(ym);
  const month = chinaMonthRange(ym);
  const firstWeek = weeks[0];
  const lastWeek = weeks[weeks.length - 1];
  // One read per type covers the month and the weeks that reach into its neighbours.
  const start = new Date(
    Math.min(month.start.getTime(), firstWeek ? (parseChinaDateTime(firstWeek.startDate) as Date).getTime() : Infinity),
  );
  const end = new Date(
    Math.max(
      month.end.getTime(),
      lastWeek ? (parseChinaDateTime(lastWeek.endDate) as Date).getTime() + DAY_MS : -Infinity,
    ),
  );
  const repo = new ReportRepository(em);
  const [sugar, pressure] = await Promise.all([
    repo.dayCounts('sugar', customerId, start, end),
    repo.dayCounts('pressure', customerId, start, end),
  ]);
  const stats = (first: string, last: string) => [
    { reportType: REPORT_TYPE.sugar, quantity: sumBetween(sugar, first, last) },
    { reportType: REPORT_TYPE.pressure, quantity: sumBetween(pressure, first, last) },
  ];
  const key = monthKey(ym);
  return {
    monthStats: stats(`${key}-01`, `${key}-${pad2(daysInMonth(ym))}`),
    weekInfos: weeks.map((w) => ({
      ...w,
      stats: stats(w.startDate, w.endDate),
      comingSoon: isWeekReportComingSoon(w, now),
    })),
    monthComingSoon: isMonthReportComingSoon(ym, now),
  };
}
