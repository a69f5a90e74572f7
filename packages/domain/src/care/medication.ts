import { failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { parseChinaDateTime } from '../shared/time';
import { MEDICATION_MESSAGES } from './labels';

/** Longest dosage text. */
export const DOSAGE_MAX_LENGTH = 10;
/** Earliest year of the medication diary. */
export const DIARY_FIRST_YEAR = 2019;
/** The earliest China day a record may be on (the diary's first year starts it). */
export const DIARY_FIRST_DAY = `${DIARY_FIRST_YEAR}-01-01`;
/** The longest range (days, both ends included) one query of the diary may ask for: a leap year. */
export const MEDICATION_RANGE_MAX_DAYS = 366;
/** How many recently used medicines 最近使用 offers. */
export const MEDICATION_RECENT_MAX = 10;
/** The medicine search's page size (spec 3 §9: medicines and history 10). */
export const MEDICINE_PAGE_SIZE = 10;

const DAY_MS = 86_400_000;

/** A dose: a positive decimal number such as 1, 0.5 or 12.25 (no sign, exponent or fraction). */
const DOSAGE_PATTERN = /^\d+(\.\d+)?$/;

/**
 * A medication record in the spec's order: medicine, usage, frequency, dosage. The dosage must be a
 * positive number of at most 10 characters; anything else is treated as not chosen.
 */
export function validateMedication(input: {
  readonly medicineId?: string | number | null;
  readonly usaged?: string | number | null;
  readonly rate?: string | number | null;
  readonly dosage?: string | number | null;
}): ValidationResult {
  const dosage = String(input.dosage ?? '').trim();
  return firstFailure([
    () => failWhen(isBlank(input.medicineId), 'medicineId', MEDICATION_MESSAGES.medicine),
    () => failWhen(isBlank(input.usaged), 'usaged', MEDICATION_MESSAGES.usage),
    () => failWhen(isBlank(input.rate), 'rate', MEDICATION_MESSAGES.frequency),
    () =>
      failWhen(
        dosage.length > DOSAGE_MAX_LENGTH || !DOSAGE_PATTERN.test(dosage) || Number(dosage) <= 0,
        'dosage',
        MEDICATION_MESSAGES.dosage,
      ),
  ]);
}

/**
 * The time a record says the medicine was taken (China wall-clock `YYYY-MM-DD HH:mm[:ss]`): a real
 * time, not after `now` and not before the diary's first day. Answers the instant, or the failure.
 */
export function medicationTime(
  recordTime: string,
  now: Date,
): { readonly ok: true; readonly at: Date } | { readonly ok: false; readonly field: string; readonly message: string } {
  const at = recordTime.trim().length >= 16 ? parseChinaDateTime(recordTime) : null;
  if (!at) {
    return { ok: false, field: 'recordTime', message: MEDICATION_MESSAGES.time };
  }
  if (at.getTime() > now.getTime()) {
    return { ok: false, field: 'recordTime', message: MEDICATION_MESSAGES.timeInFuture };
  }
  if (at.getTime() < (parseChinaDateTime(DIARY_FIRST_DAY) as Date).getTime()) {
    return { ok: false, field: 'recordTime', message: MEDICATION_MESSAGES.timeTooEarly };
  }
  return { ok: true, at };
}

/**
 * A query of the diary between two China days (`YYYY-MM-DD`, both included): the instants
 * `[start, end)` it covers, or the failure (not a date, reversed, longer than 366 days).
 */
export function medicationRange(
  startDate: string,
  endDate: string,
): { readonly ok: true; readonly start: Date; readonly end: Date } | { readonly ok: false; readonly message: string } {
  const start = startDate.length === 10 ? parseChinaDateTime(startDate) : null;
  if (!start) {
    return { ok: false, message: '开始日期格式不正确' };
  }
  const last = endDate.length === 10 ? parseChinaDateTime(endDate) : null;
  if (!last) {
    return { ok: false, message: '结束日期格式不正确' };
  }
  if (last.getTime() < start.getTime()) {
    return { ok: false, message: MEDICATION_MESSAGES.rangeReversed };
  }
  const end = new Date(last.getTime() + DAY_MS);
  if ((end.getTime() - start.getTime()) / DAY_MS > MEDICATION_RANGE_MAX_DAYS) {
    return { ok: false, message: MEDICATION_MESSAGES.rangeTooLong };
  }
  return { ok: true, start, end };
}

/** One day of a report's period: how many medication records and glucose readings it had. */
export interface MedicationDay {
  /** The China day, `YYYY-MM-DD`. */
  readonly date: string;
  /** At least one medication record on that day. */
  readonly taken: boolean;
  readonly medicationCount: number;
  readonly sugarCount: number;
}

/**
 * The report's medication column: every China day from `startDate` to `endDate` (both included,
 * `YYYY-MM-DD`), each with its count of medication records and of glucose readings, so a reader
 * sees the days with medication next to the sugar readings of the same days and the days without.
 */
export function medicationDays(
  startDate: string,
  endDate: string,
  medicationDates: readonly string[],
  sugarDates: readonly string[],
): MedicationDay[] {
  const count = (dates: readonly string[]) => {
    const byDay = new Map<string, number>();
    for (const date of dates) {
      byDay.set(date, (byDay.get(date) ?? 0) + 1);
    }
    return byDay;
  };
  const medication = count(medicationDates);
  const sugar = count(sugarDates);
  const days: MedicationDay[] = [];
  // Calendar arithmetic on the date text as UTC: no instant, so no zone can shift a day.
  for (let at = Date.parse(`${startDate}T00:00:00Z`); at <= Date.parse(`${endDate}T00:00:00Z`); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    const medicationCount = medication.get(date) ?? 0;
    days.push({ date, taken: medicationCount > 0, medicationCount, sugarCount: sugar.get(date) ?? 0 });
  }
  return days;
}

/** The diary's year dropdown: 2019 to the current year. */
export function diaryYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = DIARY_FIRST_YEAR; y <= currentYear; y += 1) {
    years.push(y);
  }
  return years;
}
