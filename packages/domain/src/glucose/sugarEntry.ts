import type { Instant } from '../shared/time';
import { validateMeasurementTime } from '../shared/plausibleDates';
import { emojiCheck, failWhen, firstFailure, isBlank, maxLengthCheck, tooLongMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { SUGAR_ENTRY_MESSAGES } from './labels';
import { formatSugar } from './sugar';

/** Longest sugar remark, in characters. */
export const SUGAR_REMARK_MAX = 100;

/**
 * A sugar reading on save: value required, time required, time not after now, remark without
 * emoji and at most 100 characters. The time is checked by `validateMeasurementTime`
 * (from 2000-01-01 to five minutes after now). The value's 0.3–33.3 range is applied on blur by `clampSugar`.
 */
export function validateSugarEntry(
  input: {
    readonly sugar?: number | string | null;
    readonly createTime?: Instant | null;
    readonly remark?: string | null;
  },
  now: Instant,
): ValidationResult {
  return firstFailure([
    () =>
      failWhen(isBlank(input.sugar) || Number.isNaN(Number(input.sugar)), 'sugar', SUGAR_ENTRY_MESSAGES.valueRequired),
    () => {
      const time = validateMeasurementTime(input.createTime, now);
      return time.ok ? undefined : time;
    },
    () => emojiCheck('remark', input.remark),
    () => maxLengthCheck('remark', input.remark, SUGAR_REMARK_MAX, tooLongMessage('备注', SUGAR_REMARK_MAX)),
  ]);
}

/**
 * Asked before saving a value that the entry rule raised to 0.3 or lowered to 33.3 (`clampSugar`):
 * the clamped value would be stored as a severe reading and told to the user's relatives, so the
 * user confirms it is what they measured rather than a typo (0, 99).
 */
export function extremeSugarConfirmText(clamp: { readonly value: number; readonly message: string }): string {
  return `${clamp.message}，将按${formatSugar(clamp.value)} mmol/L保存。确定保存吗？`;
}
