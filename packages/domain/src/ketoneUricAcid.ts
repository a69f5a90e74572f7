import { formatChinaTime } from './time';
import type { Instant } from './time';
import { emojiCheck, firstFailure, maxLengthCheck, tooLongMessage } from './validation/validator';
import type { ValidationResult } from './validation/validator';

/** The colour band of a ketone or uric acid value. */
export type LabBand = 'low' | 'normal' | 'high';

/** Ketone values at or below this are low. */
export const KETONE_LOW_AT_MOST = 0;
/** Ketone values at or above this are high. */
export const KETONE_HIGH_AT_LEAST = 8;
/** Uric acid values (μmol/L) at or below this are low. */
export const URIC_ACID_LOW_AT_MOST = 178;
/** Uric acid values (μmol/L) at or above this are high. */
export const URIC_ACID_HIGH_AT_LEAST = 1190;
/** Longest ketone or uric acid remark, in characters. */
export const LAB_REMARK_MAX = 100;
/** Shown when saving a ketone record without a value (the save is still sent). */
export const KETONE_EMPTY_MESSAGE = '请输入血酮值!';
/** Shown when saving a uric acid record without a value (the save is still sent). */
export const URIC_ACID_EMPTY_MESSAGE = '请输入尿酸值!';

function band(value: number, lowAtMost: number, highAtLeast: number): LabBand {
  if (value <= lowAtMost) {
    return 'low';
  }
  return value >= highAtLeast ? 'high' : 'normal';
}

/** Ketone colour: ≤ 0 low, ≥ 8 high, else normal. */
export function ketoneBand(value: number): LabBand {
  return band(value, KETONE_LOW_AT_MOST, KETONE_HIGH_AT_LEAST);
}

/** Uric acid colour: ≤ 178 low, ≥ 1190 high, else normal. */
export function uricAcidBand(value: number): LabBand {
  return band(value, URIC_ACID_LOW_AT_MOST, URIC_ACID_HIGH_AT_LEAST);
}

/**
 * The warning for an empty value on save, or `null`. The product shows it yet still sends the
 * save, so this is a warning rather than a validation failure; the API decides what to store.
 */
export function labEmptyWarning(kind: 'ketone' | 'uricAcid', value: string | number | null | undefined): string | null {
  const empty = value === null || value === undefined || String(value).trim() === '';
  if (!empty) {
    return null;
  }
  return kind === 'ketone' ? KETONE_EMPTY_MESSAGE : URIC_ACID_EMPTY_MESSAGE;
}

/** The `createTimeStr` of a ketone or uric acid save: China `yyyy-MM-dd HH:mm` plus `:00`. */
export function labCreateTimeStr(instant: Instant): string {
  return `${formatChinaTime(instant, 'YYYY-MM-DD HH:mm')}:00`;
}

/** The ketone / uric acid popup's remark: no emoji, at most 100 characters. */
export function validateLabRemark(remark: string | null | undefined): ValidationResult {
  return firstFailure([() => emojiCheck('remark', remark), () => maxLengthCheck('remark', remark, LAB_REMARK_MAX, tooLongMessage('备注', LAB_REMARK_MAX))]);
}
