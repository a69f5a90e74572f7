import { chinaDateKey } from '../shared/time';
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

/** The registration on submit: a valid phone, then a purchase date not after today (China). */
export function validateProductRegistration(input: ProductRegistrationInput, now: Instant): ValidationResult {
  return firstFailure([
    () => failWhen(!isMobilePhone(input.phone ?? ''), 'phone', PRODUCT_REGISTRATION_MESSAGES.phone),
    () =>
      failWhen(
        (input.orderTimeStr ?? '').slice(0, 10) > chinaDateKey(now),
        'orderTimeStr',
        PRODUCT_REGISTRATION_MESSAGES.futureDate,
      ),
  ]);
}
