import type { Instant } from '../shared/time';
import { chinaYearMonth } from '../shared/time';

/** The age from which 长辈模式 (the elder-friendly mode) is offered: 60, by birth year. */
export const ELDER_MODE_AGE = 60;

/**
 * The birth year of a `YYYY-MM-DD` (or `YYYY…`) birthday, or null when the text does not start
 * with a plausible year (1900 or later).
 */
export function birthYearOf(birthday: string | null | undefined): number | null {
  const match = /^(\d{4})(?:$|-)/.exec(birthday?.trim() ?? '');
  if (match?.[1] === undefined) {
    return null;
  }
  const year = Number(match[1]);
  return year >= 1900 ? year : null;
}

/**
 * Whether a person born on `birthday` is offered 长辈模式: 60 or older by birth year, that is the
 * China calendar year of `now` minus the birth year is at least 60 (someone born in 1966 qualifies
 * on 1 January 2026, before the birthday itself). An unknown or implausible birthday (none, a
 * future year) never qualifies.
 */
export function isElderByBirthYear(birthday: string | null | undefined, now: Instant): boolean {
  const born = birthYearOf(birthday);
  if (born === null) {
    return false;
  }
  const { year } = chinaYearMonth(now);
  return born <= year && year - born >= ELDER_MODE_AGE;
}
