import { fail, isBlank, OK } from './validator';
import type { ValidationResult } from './validator';

/** Registration: phone empty. */
export const PHONE_EMPTY_MESSAGE = '手机号不能为空';
/** Registration: phone not 11 digits starting with 1. */
export const PHONE_INVALID_MESSAGE = '请输入正确手机号';
/** Phone change and address form: phone invalid. */
export const PHONE_INCORRECT_MESSAGE = '手机号不正确';
/** Dealer and repair forms: phone invalid. */
export const CONTACT_PHONE_INVALID_MESSAGE = '请输入正确的电话号码！';

/** 11 digits starting with 1 — the product's general phone rule. */
export function isMobilePhone(phone: string): boolean {
  return /^1\d{10}$/.test(phone.trim());
}

/** 11 digits starting with 13 to 19 — the stricter rule of the dealer and repair forms. */
export function isStrictMobilePhone(phone: string): boolean {
  return /^1[3-9]\d{9}$/.test(phone.trim());
}

/** A phone field: empty gives `emptyMessage`, not 11 digits starting with 1 gives `invalidMessage`. */
export function phoneCheck(field: string, phone: string | null | undefined, emptyMessage: string, invalidMessage: string): ValidationResult | undefined {
  if (isBlank(phone)) {
    return fail(field, emptyMessage);
  }
  return isMobilePhone(phone ?? '') ? undefined : fail(field, invalidMessage);
}

/** The registration phone: 手机号不能为空, then 请输入正确手机号. */
export function validatePhone(phone: string | null | undefined): ValidationResult {
  return phoneCheck('phone', phone, PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE) ?? OK;
}
