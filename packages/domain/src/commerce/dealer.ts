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

/**
 * The dealer form in the spec's order: purchaser, phone (then its 13–19 format, digits only),
 * product name, quantity, sales channel, sales area; the remark is optional but may not hold emoji.
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
    () => failWhen(isBlank(input.saleChannel), 'saleChannel', DEALER_MESSAGES.saleChannel),
    () => emojiCheck('saleChannel', input.saleChannel),
    () => failWhen(isBlank(input.saleArea), 'saleArea', DEALER_MESSAGES.saleArea),
    () => emojiCheck('saleArea', input.saleArea),
    () => emojiCheck('remark', input.remark),
  ]);
}
