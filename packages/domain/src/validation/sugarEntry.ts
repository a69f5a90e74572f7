import { toMs } from '../time';
import type { Instant } from '../time';
import { emojiCheck, failWhen, firstFailure, isBlank, maxLengthCheck, tooLongMessage } from './validator';
import type { ValidationResult } from './validator';

/** Longest sugar remark, in characters. */
export const SUGAR_REMARK_MAX = 100;
/** Sugar entry messages, in the spec's words. */
export const SUGAR_ENTRY_MESSAGES = {
  valueRequired: '血糖值不能为空',
  timeRequired: '请选择时间',
  timeInFuture: '所选时间不能超过当前时间',
} as const;
/** Shown when recording for another person while the follow list is empty. */
export const EMPTY_FOLLOW_LIST_MESSAGE = '亲友列表为空，请先添加亲友';

/** The time of any measurement: required (请选择时间) and not after now (所选时间不能超过当前时间). */
export function validateMeasurementTime(createTime: Instant | null | undefined, now: Instant): ValidationResult {
  return firstFailure([
    () => failWhen(createTime === null || createTime === undefined, 'createTime', SUGAR_ENTRY_MESSAGES.timeRequired),
    () => failWhen(createTime !== null && createTime !== undefined && toMs(createTime) > toMs(now), 'createTime', SUGAR_ENTRY_MESSAGES.timeInFuture),
  ]);
}

/**
 * A sugar reading on save: value required, time required, time not after now, remark without
 * emoji and at most 100 characters. The value's 0.3–33.3 range is applied on blur by `clampSugar`.
 */
export function validateSugarEntry(input: { readonly sugar?: number | string | null; readonly createTime?: Instant | null; readonly remark?: string | null }, now: Instant): ValidationResult {
  return firstFailure([
    () => failWhen(isBlank(input.sugar) || Number.isNaN(Number(input.sugar)), 'sugar', SUGAR_ENTRY_MESSAGES.valueRequired),
    () => {
      const time = validateMeasurementTime(input.createTime, now);
      return time.ok ? undefined : time;
    },
    () => emojiCheck('remark', input.remark),
    () => maxLengthCheck('remark', input.remark, SUGAR_REMARK_MAX, tooLongMessage('备注', SUGAR_REMARK_MAX)),
  ]);
}
