import { chinaDateKey, parseChinaDateTime } from '../shared/time';
import type { Instant } from '../shared/time';
import { isMobilePhone } from '../shared/phone';
import { failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { PRODUCT_REGISTRATION_MESSAGES } from './labels';

/** The warranty registration form: phone, purchase date `YYYY-MM-DD`, device IMEI. */
export type ProductRegistrationInput = {
  readonly phone?: string | null;
  readonly orderTimeStr?: string | null;
  readonly deviceImei?: string | null;
};

/** Submit is enabled only when phone, purchase date and IMEI are all present. */
export function canSubmitProductRegistration(input: ProductRegistrationInput): boolean {
  return !isBlank(input.phone) && !isBlank(input.orderTimeStr) && !isBlank(input.deviceImei);
}

/**
 * A device code as scanned or typed (after the domain's `extractImei`), normalised by
 * {@link normalizeDeviceCode}: an IMEI, or the SN of a meter without a SIM card, 6 to 32 upper-case
 * letters, digits or dashes.
 */
export const DEVICE_CODE_PATTERN = /^[A-Z0-9-]{6,32}$/;

/**
 * The one spelling of a device code, used before it is checked, stored or looked up: trimmed and
 * upper-cased, as SNs are printed in capitals and `sn12ab34` typed on a phone is the meter labelled
 * `SN12AB34` (so the one-record-per-device rule sees one device).
 */
export function normalizeDeviceCode(text: string | null | undefined): string {
  return (text ?? '').trim().toUpperCase();
}

/** Whether the text, normalised, is a device code (see {@link DEVICE_CODE_PATTERN}). */
export function isDeviceCode(text: string | null | undefined): boolean {
  return DEVICE_CODE_PATTERN.test(normalizeDeviceCode(text));
}

/**
 * The registration on submit: a valid phone, then a real purchase date (`YYYY-MM-DD`, a time after
 * it ignored) not after today (China), then a device code in any case (store
 * `normalizeDeviceCode(deviceImei)`).
 */
export function validateProductRegistration(input: ProductRegistrationInput, now: Instant): ValidationResult {
  const date = (input.orderTimeStr ?? '').trim().slice(0, 10);
  return firstFailure([
    () => failWhen(!isMobilePhone(input.phone ?? ''), 'phone', PRODUCT_REGISTRATION_MESSAGES.phone),
    () =>
      failWhen(
        date.length !== 10 || parseChinaDateTime(date) === null,
        'orderTimeStr',
        PRODUCT_REGISTRATION_MESSAGES.date,
      ),
    () => failWhen(date > chinaDateKey(now), 'orderTimeStr', PRODUCT_REGISTRATION_MESSAGES.futureDate),
    () => failWhen(!isDeviceCode(input.deviceImei), 'deviceImei', PRODUCT_REGISTRATION_MESSAGES.imei),
  ]);
}
