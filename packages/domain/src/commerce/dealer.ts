import { digitsOnly } from '../shared/display';
import { isMobilePhone } from '../shared/phone';
import { emojiCheck, failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { DEALER_MESSAGES } from './labels';

/** The dealer procurement enquiry, as typed. `account` is the quantity. */
export type DealerInput = {
  readonly purchaser?: string | null;
  readonly phone?: string | null;
  readonly productName?: string | null;
  readonly account?: string | number | null;
  readonly saleChannel?: string | null;
  readonly saleArea?: string | null;
  readonly remark?: string | null;
};

/** The largest quantity one enquiry may ask for. */
export const DEALER_MAX_QUANTITY = 99_999_999;

/** The quantity as a whole number from 1 to {@link DEALER_MAX_QUANTITY}, or null when it is not one. */
export function dealerQuantity(account: string | number | null | undefined): number | null {
  const text = typeof account === 'number' ? String(account) : (account ?? '').trim();
  if (!/^[0-9]{1,8}$/.test(text)) {
    return null;
  }
  const quantity = Number(text);
  return quantity >= 1 && quantity <= DEALER_MAX_QUANTITY ? quantity : null;
}

/**
 * The dealer form in the spec's order: purchaser, phone (then its 13–19 format, digits only),
 * product name, quantity (a whole number from 1), sales channel, sales area, each with its own
 * message; the remark is optional but may not hold emoji.
 */
export function validateDealer(input: DealerInput): ValidationResult {
  const phone = digitsOnly(input.phone ?? '');
  return firstFailure([
    () => failWhen(isBlank(input.purchaser), 'purchaser', DEALER_MESSAGES.purchaser),
    () => emojiCheck('purchaser', input.purchaser),
    () => failWhen(phone === '', 'phone', DEALER_MESSAGES.phone),
    () => failWhen(!isMobilePhone(phone), 'phone', DEALER_MESSAGES.phoneInvalid),
    () => failWhen(isBlank(input.productName), 'productName', DEALER_MESSAGES.productName),
    () => emojiCheck('productName', input.productName),
    () => failWhen(isBlank(input.account), 'account', DEALER_MESSAGES.account),
    () => failWhen(dealerQuantity(input.account) === null, 'account', DEALER_MESSAGES.accountInvalid),
    () => failWhen(isBlank(input.saleChannel), 'saleChannel', DEALER_MESSAGES.saleChannel),
    () => emojiCheck('saleChannel', input.saleChannel),
    () => failWhen(isBlank(input.saleArea), 'saleArea', DEALER_MESSAGES.saleArea),
    () => emojiCheck('saleArea', input.saleArea),
    () => emojiCheck('remark', input.remark),
  ]);
}
