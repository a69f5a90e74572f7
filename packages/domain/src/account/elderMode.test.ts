import { describe, expect, it } from 'vitest';
import { ELDER_MODE_AGE, birthYearOf, isElderByBirthYear } from './elderMode';

// 2026-01-01 00:30 in China is still 2025-12-31 in UTC: the China calendar year decides.
const newYearInChina = Date.parse('2025-12-31T16:30:00Z');
const midYear = Date.parse('2026-06-15T04:00:00Z');

describe('isElderByBirthYear', () => {
  it.each([
    ['1966-12-31', midYear, true],
    ['1966-01-01', midYear, true],
    ['1940-05-05', midYear, true],
    ['1967-01-01', midYear, false],
    ['1990-03-08', midYear, false],
    ['1966-12-31', newYearInChina, true],
    ['1966-12-31', Date.parse('2025-12-31T15:59:00Z'), false],
  ] as const)('born %s is %s for 长辈模式 at %s', (birthday, now, expected) => {
    expect(isElderByBirthYear(birthday, now)).toBe(expected);
  });

  it('never offers it without a plausible birthday', () => {
    expect(isElderByBirthYear(null, midYear)).toBe(false);
    expect(isElderByBirthYear(undefined, midYear)).toBe(false);
    expect(isElderByBirthYear('', midYear)).toBe(false);
    expect(isElderByBirthYear('不详', midYear)).toBe(false);
    expect(isElderByBirthYear('1899-01-01', midYear)).toBe(false);
    expect(isElderByBirthYear('2999-01-01', midYear)).toBe(false);
  });

  it('is 60 years by birth year', () => {
    expect(ELDER_MODE_AGE).toBe(60);
    expect(birthYearOf('1958-07-01')).toBe(1958);
    expect(birthYearOf('1958')).toBe(1958);
    expect(birthYearOf('19580701')).toBeNull();
  });
});
