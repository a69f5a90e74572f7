import type { Instant } from '../shared/time';
import { PLAUSIBLE_DATE_MESSAGES, validateMeasurementTime } from '../shared/plausibleDates';
import { emojiCheck, failWhen, firstFailure, isBlank, maxLengthCheck, tooLongMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';

/** Longest sugar remark, in characters. */
export const SUGAR_REMARK_MAX = 100;
/** Sugar entry messages, in the spec's words. */
export const SUGAR_ENTRY_MESSAGES = {
  valueRequired: '血糖值不能为空',
  timeRequired: PLAUSIBLE_DATE_MESSAGES.timeRequired,
  timeInFuture: PLAUSIBLE_DATE_MESSAGES.timeInFuture,
} as const;
/** Shown when recording for another person while the follow list is empty. */
export const EMPTY_FOLLOW_LIST_MESSAGE = '亲友列表为空，请先添加亲友';

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
  return `${clamp.message}，将按${clamp.value} mmol/L保存。确定保存吗？`;
}
