import { describe, expect, it } from 'vitest';
import {
  clampReportMonth,
  isMonthReportComingSoon,
  isWeekReportComingSoon,
  REPORT_MIN_MEASUREMENTS,
  reportEntryTarget,
  reportMonthBounds,
  weeksOfMonth,
} from './reports';

// 2026-02-01 00:30 in China, still 31 January in UTC.
const NOW = Date.UTC(2026, 0, 31, 16, 30);

describe('report month picker', () => {
  it('runs from January 2017 to the current China month', () => {
    expect(reportMonthBounds(NOW)).toEqual({ min: { year: 2017, month: 1 }, max: { year: 2026, month: 2 } });
  });

  it.each([
    [
      { year: 2016, month: 12 },
      { year: 2017, month: 1 },
    ],
    [
      { year: 2020, month: 6 },
      { year: 2020, month: 6 },
    ],
    [
      { year: 2026, month: 3 },
      { year: 2026, month: 2 },
    ],
  ])('keeps %j at %j', (picked, kept) => {
    expect(clampReportMonth(picked, NOW)).toEqual(kept);
  });
});

describe('weeksOfMonth', () => {
  it('gives the Monday–Sunday weeks whose Thursday is in the month', () => {
    expect(weeksOfMonth({ year: 2026, month: 2 })).toEqual([
      { week: 1, startDate: '2026-02-02', endDate: '2026-02-08' },
      { week: 2, startDate: '2026-02-09', endDate: '2026-02-15' },
      { week: 3, startDate: '2026-02-16', endDate: '2026-02-22' },
      { week: 4, startDate: '2026-02-23', endDate: '2026-03-01' },
    ]);
  });

  it('lets a week start in the previous month when its Thursday is in this one', () => {
    const weeks = weeksOfMonth({ year: 2026, month: 1 });
    expect(weeks[0]).toEqual({ week: 1, startDate: '2025-12-29', endDate: '2026-01-04' });
    expect(weeks).toHaveLength(5);
  });

  it('gives every day of a year to exactly one week', () => {
    const days = new Set<string>();
    for (let month = 1; month <= 12; month += 1) {
      for (const week of weeksOfMonth({ year: 2025, month })) {
        days.add(week.startDate);
      }
    }
    // 2025 has ISO weeks 1 to 52; each Monday appears once.
    expect(days.size).toBe(52);
  });
});

describe('coming soon', () => {
  it.each([
    [{ year: 2026, month: 1 }, false],
    [{ year: 2026, month: 2 }, true],
    [{ year: 2026, month: 5 }, true],
  ])('month %j is coming soon: %s', (month, expected) => {
    expect(isMonthReportComingSoon(month, NOW)).toBe(expected);
  });

  it.each([
    ['2026-01-31', false],
    ['2026-02-01', true],
    ['2026-02-08', true],
  ])('a week ending %s is coming soon: %s (China today is 2026-02-01)', (endDate, expected) => {
    expect(isWeekReportComingSoon({ endDate }, NOW)).toBe(expected);
  });
});

describe('reportEntryTarget', () => {
  const base = { period: 'week', comingSoon: false, reportType: 1, quantity: 10, name: '第1周' } as const;

  it('opens nothing while the period is current or future', () => {
    expect(reportEntryTarget({ ...base, comingSoon: true })).toEqual({ kind: 'comingSoon' });
  });

  it.each([
    ['week', REPORT_MIN_MEASUREMENTS.week - 1, 2],
    ['month', REPORT_MIN_MEASUREMENTS.month - 1, 1],
  ] as const)('sends a %s with %i measurements to the no-report page', (period, quantity, reportType) => {
    expect(reportEntryTarget({ ...base, period, quantity, reportType })).toEqual({
      kind: 'tooFewMeasurements',
      path: '/reportCenter/bloodSugar/noBloodSugarReport',
      query: { name: '第1周', count: REPORT_MIN_MEASUREMENTS[period], reportType },
    });
  });

  it('opens the detail with enough measurements', () => {
    expect(reportEntryTarget({ ...base, quantity: REPORT_MIN_MEASUREMENTS.week })).toEqual({
      kind: 'detail',
      path: '/reportCenter/bloodSugar/bloodSugarReportDetail',
    });
  });
});
