import { describe, expect, it } from 'vitest';
import { summariseHomeBp } from './homeBp';
import type { HomeBpReading } from './homeBp';

// China wall-clock time on a January 2026 day.
const at = (day: number, hour: number, minute = 0): number => Date.UTC(2026, 0, day, hour - 8, minute);

function week(sbp: number, dbp: number, days = 7): HomeBpReading[] {
  const readings: HomeBpReading[] = [];
  for (let d = 1; d <= days; d += 1) {
    readings.push(
      { at: at(d, 7), sbp, dbp },
      { at: at(d, 7, 2), sbp, dbp },
      { at: at(d, 19), sbp, dbp },
      { at: at(d, 19, 2), sbp, dbp },
    );
  }
  return readings;
}

describe('summariseHomeBp', () => {
  it('discards the first day and averages morning and evening', () => {
    const readings = [...week(130, 80), { at: at(1, 7, 5), sbp: 190, dbp: 110 }];
    const result = summariseHomeBp(readings);
    expect(result).toMatchObject({ status: 'ok', days: 6, elevated: false, overall: { sbp: 130, dbp: 80, count: 24 } });
    expect(result).toMatchObject({ morning: { count: 12 }, evening: { count: 12 } });
  });

  it('ignores readings outside 06–09 and 18–21 China time', () => {
    const readings = [
      ...week(120, 75),
      { at: at(3, 12), sbp: 200, dbp: 120 },
      { at: at(3, 21), sbp: 200, dbp: 120 },
      { at: at(3, 5, 59), sbp: 200, dbp: 120 },
    ];
    expect(summariseHomeBp(readings)).toMatchObject({ overall: { sbp: 120, dbp: 75 } });
  });

  it.each([
    [135, 80, true],
    [134, 84, false],
    [120, 85, true],
  ])('judges a mean of %i/%i elevated: %s (135/85)', (sbp, dbp, elevated) => {
    expect(summariseHomeBp(week(sbp, dbp))).toMatchObject({ status: 'ok', elevated });
  });

  it('needs three days after the first', () => {
    expect(summariseHomeBp(week(130, 80, 3))).toEqual({ status: 'insufficientData', have: 2, need: 3, unit: 'days' });
  });

  it('needs twelve readings after the first day', () => {
    const sparse: HomeBpReading[] = [1, 2, 3, 4, 5].map((d) => ({ at: at(d, 7), sbp: 130, dbp: 80 }));
    expect(summariseHomeBp(sparse)).toEqual({ status: 'insufficientData', have: 4, need: 12, unit: 'readings' });
  });

  it('reports a window without readings as null', () => {
    const mornings = week(130, 80).filter((r) => new Date(r.at).getUTCHours() === 23);
    expect(summariseHomeBp(mornings)).toMatchObject({ status: 'ok', evening: null, morning: { count: 12 } });
  });
});
