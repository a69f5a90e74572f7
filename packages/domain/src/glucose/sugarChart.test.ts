import { describe, expect, it } from 'vitest';
import { sugarChartTargetBand } from './sugarChart';
import type { SugarRange } from './sugar';

const range = (lowValue: number, highValue: number): SugarRange => ({
  minValue: 3.0,
  lowValue,
  highValue,
  maxValue: 16.7,
});

describe('sugarChartTargetBand', () => {
  const targets: Record<number, SugarRange> = {
    1: range(4.4, 7.0),
    2: range(4.4, 10.0),
    3: range(4.4, 7.0),
    4: range(4.4, 10.0),
    5: range(4.4, 7.0),
    6: range(4.4, 10.0),
  };
  const rangeOf = (timeType: number) => targets[timeType];

  it.each([
    [1, { low: 4.4, high: 7.0, uniform: true }],
    [2, { low: 4.4, high: 7.0, uniform: true }],
    [3, { low: 4.4, high: 10.0, uniform: true }],
  ] as const)('draws the targets of the slots chart time type %i covers', (chartTimeType, band) => {
    expect(sugarChartTargetBand(chartTimeType, rangeOf)).toEqual(band);
  });

  it('spans both before-meal slots when the user set them differently, and says so', () => {
    const own: Record<number, SugarRange> = { ...targets, 5: range(5.0, 8.0) };
    expect(sugarChartTargetBand(2, (t) => own[t])).toEqual({ low: 4.4, high: 8.0, uniform: false });
  });

  it('is undefined when no slot has thresholds', () => {
    expect(sugarChartTargetBand(1, () => undefined)).toBeUndefined();
  });
});
