import { failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { MEDICATION_MESSAGES } from './labels';

/** Longest dosage text. */
export const DOSAGE_MAX_LENGTH = 10;
/** Earliest year of the medication diary. */
export const DIARY_FIRST_YEAR = 2019;

/**
 * A medication record in the spec's order: medicine, usage, frequency, dosage. The dosage must be a
 * number of at most 10 characters; anything else is treated as not chosen.
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
        dosage === '' || dosage.length > DOSAGE_MAX_LENGTH || !Number.isFinite(Number(dosage)),
        'dosage',
        MEDICATION_MESSAGES.dosage,
      ),
  ]);
}

/** The diary's year dropdown: 2019 to the current year. */
export function diaryYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = DIARY_FIRST_YEAR; y <= currentYear; y += 1) {
    years.push(y);
  }
  return years;
}
