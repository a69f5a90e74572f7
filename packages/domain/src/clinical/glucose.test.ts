import { describe, expect, it } from 'vitest';
import { consensusRanges, estimateGmi, glucoseVariability, gmiPercent, targetRanges } from './glucose';
import type { GlucoseReading } from './glucose';

const repeat = (value: number, times: number): number[] => Array.from({ length: times }, () => value);

describe('consensusRanges', () => {
  it('says data are insufficient below 10 readings', () => {
    expect(consensusRanges(repeat(6, 9))).toEqual({ status: 'insufficientData', have: 9, need: 10, unit: 'readings' });
  });

  it('splits readings at 3.0, 3.9, 10.0 and 13.9 mmol/L', () => {
    const values = [2.9, 3.0, 3.8, 3.9, 10.0, 10.1, 13.9, 14.0, 6, 7];
    expect(consensusRanges(values)).toEqual({
      status: 'ok',
      total: 10,
      veryLow: 1,
      low: 2,
      inRange: 4,
      high: 2,
      veryHigh: 1,
      percent: { veryLow: 10, low: 20, inRange: 40, high: 20, veryHigh: 10 },
    });
  });
});

describe('targetRanges', () => {
  type R = { v: number; slot: number };
  const ranges = { 1: { minValue: 3.9, lowValue: 4.4, highValue: 7, maxValue: 10 } } as const;
  const rangeOf = (r: R) => (r.slot === 1 ? ranges[1] : undefined);

  it('judges each reading by its own slot and leaves out slots without targets', () => {
    const readings: R[] = [
      ...repeat(5, 8).map((v) => ({ v, slot: 1 })),
      { v: 4.3, slot: 1 },
      { v: 7.1, slot: 1 },
      { v: 99, slot: 3 },
    ];
    expect(targetRanges(readings, (r) => r.v, rangeOf)).toEqual({
      status: 'ok',
      total: 10,
      below: 1,
      inRange: 8,
      above: 1,
      percent: { below: 10, inRange: 80, above: 10 },
    });
  });

  it('says data are insufficient with too few judged readings', () => {
    expect(targetRanges([{ v: 5, slot: 3 }], (r) => r.v, rangeOf)).toMatchObject({
      status: 'insufficientData',
      have: 0,
    });
  });
});

describe('glucoseVariability', () => {
  it('needs 30 readings', () => {
    expect(glucoseVariability(repeat(6, 29))).toEqual({
      status: 'insufficientData',
      have: 29,
      need: 30,
      unit: 'readings',
    });
  });

  it('gives mean, sample SD and CV, stable at 36% or less', () => {
    const values = [...repeat(5, 15), ...repeat(7, 15)];
    const result = glucoseVariability(values);
    // mean 6, SD = sqrt(30 / 29) ≈ 1.017, CV ≈ 16.95 %
    expect(result).toEqual({ status: 'ok', count: 30, mean: 6, sd: 1.02, cv: 17, stable: true });
  });

  it('flags variability above 36%', () => {
    const values = [...repeat(3, 15), ...repeat(12, 15)];
    expect(glucoseVariability(values)).toMatchObject({ status: 'ok', stable: false });
  });
});

describe('GMI', () => {
  it('uses 3.31 + 0.02392 × mean mg/dL', () => {
    // Bergenstal 2018, table 1: mean 154 mg/dL ≈ GMI 7.0 %.
    expect(gmiPercent(154 / 18.016)).toBeCloseTo(6.99, 2);
  });

  const day = (d: number, hour = 8): number => Date.UTC(2026, 0, d, hour - 8);
  const readings = (days: number): GlucoseReading[] =>
    Array.from({ length: days }, (_, i) => ({ at: day(i + 1), mmol: 8.5 }));

  it('needs 14 distinct China days', () => {
    expect(estimateGmi(readings(13))).toEqual({ status: 'insufficientData', have: 13, need: 14, unit: 'days' });
  });

  it('counts days in China time', () => {
    // 23:30 UTC on 1 January is 07:30 on 2 January in China: the two readings share a China day.
    const pair: GlucoseReading[] = [
      { at: Date.UTC(2026, 0, 1, 23, 30), mmol: 6 },
      { at: Date.UTC(2026, 0, 2, 1, 0), mmol: 6 },
    ];
    expect(estimateGmi(pair)).toMatchObject({ have: 1 });
  });

  it('estimates A1c from 14 days of readings', () => {
    // 8.5 mmol/L = 153.136 mg/dL → 3.31 + 3.663 = 6.97 → 7.0
    expect(estimateGmi(readings(14))).toEqual({ status: 'ok', gmi: 7, meanMmol: 8.5, days: 14, readings: 14 });
  });
});
