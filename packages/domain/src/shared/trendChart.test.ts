import { describe, expect, it } from 'vitest';
import {
  chartSpanDays,
  chartTimeUnit,
  fitChartValueRange,
  formatChartSpan,
  formatChartTick,
  niceChartStep,
} from './trendChart';
import { parseChinaDateTime } from './time';

const at = (text: string) => parseChinaDateTime(text)!;

describe('chartTimeUnit', () => {
  it.each([
    [1, 'hour'],
    [2, 'hour'],
    [7, 'day'],
    [30, 'day'],
    [31, 'day'],
    [90, 'month'],
    [180, 'month'],
    [360, 'month'],
    [365, 'month'],
  ] as const)('labels a %i-day chart in %s', (days, unit) => {
    expect(chartTimeUnit(days)).toBe(unit);
  });
});

describe('formatChartTick', () => {
  const firstOfSeptember = at('2026-09-01 00:00');
  it.each([
    ['year', 'month', at('2026-01-01 00:00'), '2026年'],
    ['month', 'month', firstOfSeptember, '9月'],
    ['day', 'month', at('2026-09-03 00:00'), null],
    ['time', 'month', at('2026-09-03 08:00'), null],
    ['month', 'day', firstOfSeptember, '9月'],
    ['day', 'day', at('2026-09-24 00:00'), '24日'],
    ['time', 'day', at('2026-09-24 08:00'), null],
    ['month', 'hour', firstOfSeptember, '9月1日'],
    ['day', 'hour', at('2026-09-24 00:00'), '24日'],
    ['time', 'hour', at('2026-09-24 08:05'), '08:05'],
  ] as const)('labels a %s tick of a %s axis', (kind, unit, instant, label) => {
    expect(formatChartTick(instant, kind, unit)).toBe(label);
  });

  it('names the six-month axis in months only, never mixing in a day (8月 9月 3日 11月)', () => {
    const ticks = [
      ['month', at('2026-08-01 00:00')],
      ['month', at('2026-09-01 00:00')],
      ['day', at('2026-10-03 00:00')],
      ['month', at('2026-11-01 00:00')],
    ] as const;
    expect(ticks.map(([kind, instant]) => formatChartTick(instant, kind, chartTimeUnit(180)))).toEqual([
      '8月',
      '9月',
      null,
      '11月',
    ]);
  });

  it('reads China time whatever the clock of the machine', () => {
    // 2026-08-31 16:00 UTC is already 1 September in China.
    expect(formatChartTick(Date.UTC(2026, 7, 31, 16), 'month', 'month')).toBe('9月');
  });
});

describe('niceChartStep', () => {
  it.each([
    [5, 1],
    [9, 2],
    [12, 2.5],
    [20, 5],
    [125, 25],
    [0, 1],
  ])('divides a span of %d into about five round steps of %d', (span, step) => {
    expect(niceChartStep(span)).toBe(step);
  });
});

describe('fitChartValueRange', () => {
  it('fits pressure readings and the 140/90 lines on steps of 25 instead of 0–250', () => {
    expect(fitChartValueRange([118, 137, 150, 72, 88, 65], { references: [140, 90], step: 25 })).toEqual({
      min: 50,
      max: 175,
      step: 25,
    });
  });

  it('keeps the target band on the axis even when every reading is above it', () => {
    const range = fitChartValueRange([9.1, 10.4, 12.2], { references: [4.4, 7.0] })!;
    expect(range.min).toBeLessThanOrEqual(4.4);
    expect(range.max).toBeGreaterThanOrEqual(12.2);
    expect(range.max - 12.2).toBeGreaterThan(0);
  });

  it('pads a flat line to the minimum span rather than filling the height with it', () => {
    const range = fitChartValueRange([6.2, 6.2], { minSpan: 4 })!;
    expect(range.min).toBeLessThanOrEqual(4.2);
    expect(range.max).toBeGreaterThanOrEqual(8.2);
  });

  it('never goes below the floor, and rounds away binary noise', () => {
    expect(fitChartValueRange([0.3, 0.4], { minSpan: 0.5 })).toEqual({ min: 0, max: 0.8, step: 0.2 });
  });

  it('gives a single value room on both sides, and skips values that are not numbers', () => {
    expect(fitChartValueRange([5, Number.NaN])).toEqual({ min: 4, max: 6, step: 0.5 });
  });

  it('is null with nothing to show', () => {
    expect(fitChartValueRange([])).toBeNull();
  });
});

describe('formatChartSpan', () => {
  it.each([
    [at('2026-11-24 08:00'), at('2026-11-26 20:00'), '11月24日–26日'],
    [at('2026-10-30 08:00'), at('2026-11-02 08:00'), '10月30日–11月2日'],
    [at('2025-12-28 08:00'), at('2026-01-03 08:00'), '2025年12月28日–2026年1月3日'],
    [at('2026-11-24 08:00'), at('2026-11-24 20:00'), '11月24日'],
  ])('names the span from %s to %s', (from, to, text) => {
    expect(formatChartSpan(from, to)).toBe(text);
  });
});

describe('chartSpanDays', () => {
  it('is the span of the times in days, at least one', () => {
    expect(chartSpanDays([])).toBe(1);
    expect(chartSpanDays([0, 3600_000])).toBe(1);
    expect(chartSpanDays([0, 10 * 86_400_000, 5])).toBe(10);
  });
});
