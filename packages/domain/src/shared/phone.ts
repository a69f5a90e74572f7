import { fail, isBlank, OK } from './validator';
import type { ValidationResult } from './validator';
import { PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE } from './labels';

/**
 * The one mobile-number rule of the product: 11 digits starting with 13 to 19 (spec 3, dealer
 * form; every mainland mobile number). Spec 1's looser "11 digits starting with 1" let codes go to
 * numbers that cannot exist, such as 12345678901, so every phone field uses this rule.
 */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Whether a text (trimmed) is a possible mainland mobile number ({@link MOBILE_PHONE_PATTERN}). */
export function isMobilePhone(phone: string): boolean {
  return MOBILE_PHONE_PATTERN.test(phone.trim());
}

/**
 * The same rule as {@link isMobilePhone}, under the name the dealer and repair forms used.
 * @deprecated There is one mobile rule now; use `isMobilePhone`.
 */
export const isStrictMobilePhone = isMobilePhone;

/** A phone field: empty gives `emptyMessage`, not a possible mobile number gives `invalidMessage`. */
export function phoneCheck(
  field: string,
  phone: string | null | undefined,
  emptyMessage: string,
  invalidMessage: string,
): ValidationResult | undefined {
  if (isBlank(phone)) {
    return fail(field, emptyMessage);
  }
  return isMobilePhone(phone ?? '') ? undefined : fail(field, invalidMessage);
}

/** The registration phone: 手机号不能为空, then 请输入正确手机号. */
export function validatePhone(phone: string | null | undefined): ValidationResult {
  return phoneCheck('phone', phone, PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE) ?? OK;
}

/** A mobile number as shown to others: the first 3 and last 4 digits (138****8000); anything shorter is hidden whole. */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').trim();
  if (digits.length < 8) {
    return '*'.repeat(digits.length);
  }
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}
