import { describe, expect, it } from 'vitest';
import { milliseconds } from './access-log';

describe('milliseconds (the access line responseTime)', () => {
  it('writes a duration to the microsecond with three decimals, as JSON', () => {
    expect(milliseconds(0.418292)).toBe('0.418');
    expect(milliseconds(0.0215)).toBe('0.022');
    expect(milliseconds(2.05)).toBe('2.050');
    expect(milliseconds(12.3456)).toBe('12.346');
    expect(milliseconds(0)).toBe('0.000');
    expect(milliseconds(0.0004)).toBe('0.000');
    expect(milliseconds(0.9999)).toBe('1.000');
    for (const ms of [0.001, 0.42, 7.007, 999.999, 65_432.1]) {
      expect(JSON.parse(milliseconds(ms))).toBeCloseTo(ms, 3);
    }
  });

  it('keeps what is out of range valid JSON', () => {
    expect(milliseconds(-1)).toBe('-1');
    expect(milliseconds(Number.NaN)).toBe('0');
    expect(milliseconds(Number.POSITIVE_INFINITY)).toBe('0');
    expect(milliseconds(5_000_000)).toBe('5000000');
    for (const ms of [-1, Number.NaN, Number.POSITIVE_INFINITY, 5_000_000]) {
      expect(() => JSON.parse(milliseconds(ms)) as unknown).not.toThrow();
    }
  });
});
