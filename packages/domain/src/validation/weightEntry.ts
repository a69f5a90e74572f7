import { failWhen, firstFailure, isBlank } from './validator';
import type { ValidationResult } from './validator';

/** Weight popup messages, in the spec's words. */
export const WEIGHT_ENTRY_MESSAGES = { heightRequired: '请填写身高', weightRequired: '请填写体重' } as const;
/** Asked before deleting a weight record. */
export const WEIGHT_DELETE_CONFIRM = '确定删除此条记录吗?';
/** Shown after a weight record is added. */
export const WEIGHT_ADDED_MESSAGE = '新增成功';

/**
 * The weight popup: height (asked only while the user's height is unknown), then weight in jin.
 * Non-numeric or non-positive values count as missing.
 */
export function validateWeightEntry(input: { readonly heightCm?: number | string | null; readonly weightJin?: number | string | null }, options: { readonly heightKnown: boolean }): ValidationResult {
  const missing = (v: number | string | null | undefined): boolean => isBlank(v) || !(Number(v) > 0);
  return firstFailure([
    () => failWhen(!options.heightKnown && missing(input.heightCm), 'height', WEIGHT_ENTRY_MESSAGES.heightRequired),
    () => failWhen(missing(input.weightJin), 'weight', WEIGHT_ENTRY_MESSAGES.weightRequired),
  ]);
}
