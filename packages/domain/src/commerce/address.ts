import { phoneCheck } from '../shared/phone';
import {
  charCount,
  emojiCheck,
  failWhen,
  firstFailure,
  isBlank,
  maxLengthCheck,
  tooLongMessage,
} from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { ADDRESS_MESSAGES } from './labels';
import { PHONE_EMPTY_MESSAGE, PHONE_INCORRECT_MESSAGE } from '../shared/labels';

/** Addresses per page of the address list (spec 3 §9). */
export const ADDRESS_PAGE_SIZE = 5;

/** The most addresses a customer keeps (docs/adr/0182-addresses-one-default.md). */
export const ADDRESS_MAX_COUNT = 20;

/** Address form limits. */
export const ADDRESS_LIMITS = { consigneeMax: 10, detailMin: 5, detailMax: 40 } as const;

/** The address form, as typed. */
export type AddressInput = {
  readonly consigneeName?: string | null;
  readonly phone?: string | null;
  readonly province?: string | null;
  readonly city?: string | null;
  readonly district?: string | null;
  readonly detailAddress?: string | null;
};

/** The address form in the spec's order: consignee, phone (empty, then valid), region, detail (empty, at least 5, at most 40). */
export function validateAddress(input: AddressInput): ValidationResult {
  const detail = (input.detailAddress ?? '').trim();
  return firstFailure([
    () => failWhen(isBlank(input.consigneeName), 'consigneeName', ADDRESS_MESSAGES.consigneeEmpty),
    () => emojiCheck('consigneeName', input.consigneeName),
    () =>
      maxLengthCheck(
        'consigneeName',
        (input.consigneeName ?? '').trim(),
        ADDRESS_LIMITS.consigneeMax,
        tooLongMessage('收货人', ADDRESS_LIMITS.consigneeMax),
      ),
    () => phoneCheck('phone', input.phone, PHONE_EMPTY_MESSAGE, PHONE_INCORRECT_MESSAGE),
    () =>
      failWhen(
        isBlank(input.province) || isBlank(input.city) || isBlank(input.district),
        'region',
        ADDRESS_MESSAGES.regionEmpty,
      ),
    () => failWhen(detail === '', 'detailAddress', ADDRESS_MESSAGES.detailEmpty),
    () => emojiCheck('detailAddress', detail),
    () => failWhen(charCount(detail) < ADDRESS_LIMITS.detailMin, 'detailAddress', ADDRESS_MESSAGES.detailTooShort),
    () =>
      maxLengthCheck(
        'detailAddress',
        detail,
        ADDRESS_LIMITS.detailMax,
        tooLongMessage('详细地址', ADDRESS_LIMITS.detailMax),
      ),
  ]);
}

/** Address form modes from the `isEdit` query: 0 edit (delete shown), 1 add from the order flow, 2 plain add. */
export const ADDRESS_EDIT_MODE = { edit: 0, addFromOrder: 1, add: 2 } as const;
