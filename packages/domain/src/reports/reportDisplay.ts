/*
 * How the report list and the report detail name and address a report (spec 2 §2.5, §2.6): the
 * entry names, the detail page's query, the no-report page's texts and the wording of the clinical
 * summaries. The numbers themselves come from the API (reportContent.ts); this is the shared wording.
 */
import { HOME_BP_DBP_THRESHOLD, HOME_BP_SBP_THRESHOLD } from '../clinical/homeBp';
import { readQuery, writeQuery } from '../shared/query';
import { REPORT_TYPE, type ReportType } from './reports';
import { SUGAR_CELL_COLOURS, sugarBand, type SugarCellColour, type SugarLevel } from '../glucose/sugar';
import { REPORT_TYPE_NAMES } from './labels';

/** The five quality levels in the order the report shows them (pie slices and their legend). */
export const REPORT_LEVEL_ORDER = [
  'seriousHigh',
  'high',
  'normal',
  'low',
  'seriousLow',
] as const satisfies readonly SugarLevel[];

/** The sugar table's colour of a reading's level: red above, yellow below, green in range. */
export function reportLevelColour(level: SugarLevel): SugarCellColour {
  return SUGAR_CELL_COLOURS[sugarBand(level)];
}

/** `reportType` from the address: 2 is blood pressure, anything else blood sugar (spec 2 §2.6). */
export function reportTypeFromQuery(value: string | null | undefined): ReportType {
  return value === String(REPORT_TYPE.pressure) ? REPORT_TYPE.pressure : REPORT_TYPE.sugar;
}

/** A report's period as the list and the detail page address it. */
export type ReportPeriodRef =
  | { readonly kind: 'month'; readonly year: number; readonly month: number }
  | {
      readonly kind: 'week';
      readonly year: number;
      readonly month: number;
      readonly week: number;
      readonly startDate: string;
      readonly endDate: string;
    };

/** The report's name: 2026年10月血糖月报, 2026年10月第2周血压周报. */
export function reportName(period: ReportPeriodRef, reportType: ReportType): string {
  const type = REPORT_TYPE_NAMES[reportType];
  const month = `${period.year}年${period.month}月`;
  return period.kind === 'month' ? `${month}${type}月报` : `${month}第${period.week}周${type}周报`;
}

/**
 * The detail page's query (spec 2 §2.6): reportType, isMonth or isWeek, year, month, and for a week
 * its number, startDate, endDate and isWeekDate (the week is given by its dates).
 */
export function reportDetailSearch(period: ReportPeriodRef, reportType: ReportType): string {
  const common: [string, string][] = [
    ['reportType', String(reportType)],
    [period.kind === 'month' ? 'isMonth' : 'isWeek', '1'],
    ['year', String(period.year)],
    ['month', String(period.month)],
  ];
  if (period.kind === 'month') {
    return writeQuery(common);
  }
  return writeQuery([
    ...common,
    ['week', String(period.week)],
    ['startDate', period.startDate],
    ['endDate', period.endDate],
    ['isWeekDate', '1'],
  ]);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function whole(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined || !/^\d{1,4}$/.test(value)) {
    return null;
  }
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

const isFlag = (value: string | undefined) => value === '1' || value === 'true';

/**
 * Reads the detail page's query; `null` when it names no period the page can ask for. A week needs
 * its dates (year, month and number only title it and default to its Thursday's month); a month
 * needs year and month.
 */
export function parseReportDetailSearch(
  search: string,
): { readonly reportType: ReportType; readonly period: ReportPeriodRef } | null {
  const params = readQuery(search);
  const reportType = reportTypeFromQuery(params.get('reportType'));
  const year = whole(params.get('year'), 1000, 9999);
  const month = whole(params.get('month'), 1, 12);
  if (isFlag(params.get('isWeek')) || isFlag(params.get('isWeekDate'))) {
    const startDate = params.get('startDate') ?? '';
    const endDate = params.get('endDate') ?? '';
    if (!DATE.test(startDate) || !DATE.test(endDate)) {
      return null;
    }
    // The Thursday of a Monday-to-Sunday week decides its month; the dates are the authority.
    const thursday = new Date(Date.parse(`${startDate}T00:00:00Z`) + 3 * 86_400_000);
    return {
      reportType,
      period: {
        kind: 'week',
        year: year ?? thursday.getUTCFullYear(),
        month: month ?? thursday.getUTCMonth() + 1,
        week: whole(params.get('week'), 1, 6) ?? 1,
        startDate,
        endDate,
      },
    };
  }
  if (isFlag(params.get('isMonth')) && year !== null && month !== null) {
    return { reportType, period: { kind: 'month', year, month } };
  }
  return null;
}

/** The no-report page's texts: why there is no report, and the line that asks to keep measuring. */
export function noReportTexts(
  count: number,
  reportType: ReportType,
): { readonly reason: string; readonly keepMeasuring: string } {
  return {
    reason: `本期测量次数少于${count}次，暂时无法生成报告。`,
    keepMeasuring:
      reportType === REPORT_TYPE.pressure
        ? '请坚持每天早晚测量血压并记录，测量次数足够后即可生成血压报告。'
        : '请坚持测量空腹和餐后血糖并记录，测量次数足够后即可生成血糖报告。',
  };
}

/** Why a clinical summary is missing: how much data it needs and how much the period has. */
export function insufficientDataText(summary: {
  readonly have: number;
  readonly need: number;
  readonly unit: 'readings' | 'days';
}): string {
  return summary.unit === 'days'
    ? `数据不足：至少需要${summary.need}天有测量，本期${summary.have}天`
    : `数据不足：至少需要${summary.need}次测量，本期${summary.have}次`;
}

/** The verdict of a home blood-pressure summary against the home threshold 135/85 mmHg. */
export function homeBpVerdict(elevated: boolean): string {
  const threshold = `${HOME_BP_SBP_THRESHOLD}/${HOME_BP_DBP_THRESHOLD} mmHg`;
  return elevated ? `高于家庭血压标准（${threshold}）` : `在家庭血压标准（${threshold}）以内`;
}
