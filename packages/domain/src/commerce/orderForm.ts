import { RECEIVE_TYPE_UI } from './order';
import { failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { ORDER_SUBMIT_MESSAGES } from './labels';

/**
 * The order form: a receive method, and an address when mailing. Virtual goods (a service package
 * or a meter data plan: goodsTypeOf) are neither mailed nor picked up, so they need neither.
 */
export function validateOrderSubmit(input: {
  readonly receiveType?: number | null;
  readonly addressId?: string | number | null;
  readonly virtual?: boolean;
}): ValidationResult {
  if (input.virtual === true) {
    return { ok: true };
  }
  return firstFailure([
    () =>
      failWhen(
        input.receiveType === null || input.receiveType === undefined,
        'receiveType',
        ORDER_SUBMIT_MESSAGES.receiveType,
      ),
    () =>
      failWhen(
        input.receiveType === RECEIVE_TYPE_UI.mail && isBlank(input.addressId),
        'addressId',
        ORDER_SUBMIT_MESSAGES.address,
      ),
  ]);
}
