import { BP_REMARK_MAX, BP_VALUE_MAX, BP_VALUE_MIN } from './bloodPressure';
import { emojiCheck, fail, firstFailure, maxLengthCheck, tooLongMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { BP_POSITIVE_INTEGER_MESSAGE, BP_SYSTOLIC_NOT_ABOVE_MESSAGE } from './labels';

/** Field names and the labels used in their messages (the form's labels, without their plain-word gloss). */
const BP_FIELDS = [
  ['sbp', '收缩压'],
  ['dbp', '舒张压'],
  ['hr', '心率'],
] as const;

/**
 * The entry form's fields as the user sees them: the medical name with the everyday one
 * (高压/低压) beside it, and the unit. Pulse is 心率 in 次/分, as the notices word it.
 */
export const BP_ENTRY_FIELDS = [
  { key: 'sbp', label: '收缩压(高压)', unit: 'mmHg' },
  { key: 'dbp', label: '舒张压(低压)', unit: 'mmHg' },
  { key: 'hr', label: '心率', unit: '次/分' },
] as const;

/**
 * A pressure reading on save: systolic, diastolic and pulse each required and a whole number from
 * 1 to 250 (the gauge cannot leave that range; the API reports it with the field's name), then
 * systolic above diastolic (a pressure of 80/120 is two fields swapped, not a reading), then the
 * remark without emoji and at most 140 characters.
 */
export function validateBloodPressureEntry(input: {
  readonly sbp?: number | string | null;
  readonly dbp?: number | string | null;
  readonly hr?: number | string | null;
  readonly remark?: string | null;
}): ValidationResult {
  return firstFailure([
    ...BP_FIELDS.map(([field, label]) => () => {
      const raw = input[field];
      if (raw === null || raw === undefined || String(raw).trim() === '') {
        return fail(field, `请填写${label}`);
      }
      const value = Number(raw);
      if (!Number.isInteger(value) || value < BP_VALUE_MIN) {
        return fail(field, BP_POSITIVE_INTEGER_MESSAGE);
      }
      return value > BP_VALUE_MAX ? fail(field, `${label}应在${BP_VALUE_MIN}~${BP_VALUE_MAX}之间`) : undefined;
    }),
    () => (Number(input.sbp) <= Number(input.dbp) ? fail('sbp', BP_SYSTOLIC_NOT_ABOVE_MESSAGE) : undefined),
    () => emojiCheck('remark', input.remark),
    () => maxLengthCheck('remark', input.remark, BP_REMARK_MAX, tooLongMessage('备注', BP_REMARK_MAX)),
  ]);
}
