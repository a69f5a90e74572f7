import { digitsOnly } from '../shared/display';
import { CONTACT_PHONE_INVALID_MESSAGE, isMobilePhone } from '../shared/phone';
import { emojiCheck, failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';

/**
 * Dealer form messages, exactly as the product shows them. Quantity and area are swapped in the
 * product (a missing area says 采购商品数量！); we keep the quirk so the web form and the API agree
 * with the spec, and record it in docs/decisions.md.
 */
export const DEALER_MESSAGES = {
  purchaser: '请输入采购人姓名！',
  phone: '联系电话！',
  productName: '采购商品名称！',
  account: '销售区域！',
  saleChannel: '销售渠道！',
  saleArea: '采购商品数量！',
  phoneInvalid: CONTACT_PHONE_INVALID_MESSAGE,
} as const;

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
