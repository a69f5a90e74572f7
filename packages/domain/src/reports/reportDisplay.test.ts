import { describe, expect, it } from 'vitest';
import {
  REPORT_LEVEL_ORDER,
  homeBpVerdict,
  insufficientDataText,
  noReportTexts,
  parseReportDetailSearch,
  reportDetailSearch,
  reportLevelColour,
  reportName,
  reportTypeFromQuery,
  type ReportPeriodRef,
} from './reportDisplay';
import { REPORT_TYPE } from './reports';
import { SUGAR_LEVEL_LABELS } from '../glucose/labels';

const OCTOBER: ReportPeriodRef = { kind: 'month', year: 2026, month: 10 };
const OCTOBER_WEEK_2: ReportPeriodRef = {
  kind: 'week',
  year: 2026,
  month: 10,
  week: 2,
  startDate: '2026-10-05',
  endDate: '2026-10-11',
};

describe('report levels', () => {
  it('shows the five levels worst-high first with the sugar table’s names', () => {
    expect(REPORT_LEVEL_ORDER.map((level) => SUGAR_LEVEL_LABELS[level])).toEqual([
      '严重偏高',
      '偏高',
      '正常',
      '偏低',
      '严重偏低',
    ]);
  });

  it.each([
    ['seriousHigh', 'red'],
    ['high', 'red'],
    ['normal', 'green'],
    ['low', 'yellow'],
    ['seriousLow', 'yellow'],
  ] as const)('colours %s %s, like the sugar table', (level, colour) => {
    expect(reportLevelColour(level)).toBe(colour);
  });
});

describe('reportTypeFromQuery', () => {
  it.each([
    ['2', REPORT_TYPE.pressure],
    ['1', REPORT_TYPE.sugar],
    ['3', REPORT_TYPE.sugar],
    ['', REPORT_TYPE.sugar],
    [null, REPORT_TYPE.sugar],
    [undefined, REPORT_TYPE.sugar],
  ])('reads %j as %s (2 is pressure, otherwise sugar)', (value, type) => {
    expect(reportTypeFromQuery(value)).toBe(type);
  });
});

describe('reportName', () => {
  it.each([
    [OCTOBER, REPORT_TYPE.sugar, '2026年10月血糖月报'],
    [OCTOBER, REPORT_TYPE.pressure, '2026年10月血压月报'],
    [OCTOBER_WEEK_2, REPORT_TYPE.sugar, '2026年10月第2周血糖周报'],
    [OCTOBER_WEEK_2, REPORT_TYPE.pressure, '2026年10月第2周血压周报'],
  ])('names %j type %s %s', (period, type, name) => {
    expect(reportName(period, type)).toBe(name);
  });
});

describe('report detail query', () => {
  it.each([
    [OCTOBER, REPORT_TYPE.sugar, '?reportType=1&isMonth=1&year=2026&month=10'],
    [
      OCTOBER_WEEK_2,
      REPORT_TYPE.pressure,
      '?reportType=2&isWeek=1&year=2026&month=10&week=2&startDate=2026-10-05&endDate=2026-10-11&isWeekDate=1',
    ],
  ])('addresses %j type %s as %s and reads it back', (period, type, search) => {
    expect(reportDetailSearch(period, type)).toBe(search);
    expect(parseReportDetailSearch(search)).toEqual({ reportType: type, period });
  });

  it.each([
    ['?isMonth=1&year=2026&month=10', { reportType: 1, period: OCTOBER }],
    ['?reportType=9&isMonth=true&year=2026&month=10', { reportType: 1, period: OCTOBER }],
    // A week without its number or month: the dates decide (the week of 2026-09-28 belongs to October).
    [
      '?reportType=2&isWeek=1&startDate=2026-09-28&endDate=2026-10-04',
      {
        reportType: 2,
        period: { kind: 'week', year: 2026, month: 10, week: 1, startDate: '2026-09-28', endDate: '2026-10-04' },
      },
    ],
    ['?isWeekDate=1&startDate=2026-10-05&endDate=2026-10-11&week=2', { reportType: 1, period: OCTOBER_WEEK_2 }],
  ])('reads %s', (search, expected) => {
    expect(parseReportDetailSearch(search)).toEqual(expected);
  });

  it.each([
    [''],
    ['?reportType=1'],
    ['?isMonth=1&year=2026'],
    ['?isMonth=1&year=2026&month=13'],
    ['?isMonth=1&year=twenty&month=10'],
    ['?isMonth=0&year=2026&month=10'],
    ['?isWeek=1&startDate=2026-10-05'],
    ['?isWeek=1&startDate=2026/10/05&endDate=2026-10-11'],
  ])('finds no period in %j', (search) => {
    expect(parseReportDetailSearch(search)).toBeNull();
  });
});

describe('noReportTexts', () => {
  it('says how many readings are missing and asks to keep measuring sugar', () => {
    expect(noReportTexts(4, REPORT_TYPE.sugar)).toEqual({
      reason: '本期测量次数少于4次，暂时无法生成报告。',
      keepMeasuring: '请坚持测量空腹和餐后血糖并记录，测量次数足够后即可生成血糖报告。',
    });
  });

  it('asks to keep measuring pressure for a pressure report', () => {
    expect(noReportTexts(15, REPORT_TYPE.pressure)).toEqual({
      reason: '本期测量次数少于15次，暂时无法生成报告。',
      keepMeasuring: '请坚持每天早晚测量血压并记录，测量次数足够后即可生成血压报告。',
    });
  });
});

describe('clinical wording', () => {
  it.each([
    [{ have: 12, need: 30, unit: 'readings' as const }, '数据不足：至少需要30次测量，本期12次'],
    [{ have: 6, need: 14, unit: 'days' as const }, '数据不足：至少需要14天有测量，本期6天'],
  ])('explains %j', (summary, text) => {
    expect(insufficientDataText(summary)).toBe(text);
  });

  it.each([
    [true, '高于家庭血压标准（135/85 mmHg）'],
    [false, '在家庭血压标准（135/85 mmHg）以内'],
  ])('judges a home average (elevated %s)', (elevated, text) => {
    expect(homeBpVerdict(elevated)).toBe(text);
  });
});
