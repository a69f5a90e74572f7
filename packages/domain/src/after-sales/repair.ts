import { digitsOnly } from '../shared/display';
import { IMAGE_LIMITS } from '../shared/upload';
import { isMobilePhone } from '../shared/phone';
import { emojiCheck, fail, failWhen, firstFailure, isBlank, tooManyImagesMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { REPAIR_MESSAGES } from './labels';

/** Repair request `status`: 0 in service (服务中), 1 completed (已完成). */
export const REPAIR_STATUS = { inService: 0, completed: 1 } as const;

/** The repair request form, as typed. */
export type RepairInput = {
  readonly name?: string | null;
  readonly phone?: string | null;
  readonly categoryId?: string | number | null;
  readonly productId?: string | number | null;
  readonly purchaseDateStr?: string | null;
  readonly malfunctionContent?: string | null;
  readonly address?: string | null;
  readonly certificateImages?: readonly string[];
  readonly malfunctionImages?: readonly string[];
};

/**
 * The repair form in the spec's order: contact person, phone (then 1[3-9] and nine digits), category,
 * purchase date, fault description. The model is starred in the form but not checked; address,
 * batch number, SN/IMEI and photos are optional, up to 4 photos per group.
 */
export function validateRepair(input: RepairInput): ValidationResult {
  const phone = digitsOnly(input.phone ?? '');
  return firstFailure([
    () => failWhen(isBlank(input.name), 'name', REPAIR_MESSAGES.name),
    () => emojiCheck('name', input.name),
    () => failWhen(phone === '', 'phone', REPAIR_MESSAGES.phone),
    () => failWhen(!isMobilePhone(phone), 'phone', REPAIR_MESSAGES.phoneInvalid),
    () => failWhen(isBlank(input.categoryId), 'categoryId', REPAIR_MESSAGES.category),
    () => failWhen(isBlank(input.purchaseDateStr), 'purchaseDateStr', REPAIR_MESSAGES.purchaseDate),
    () => failWhen(isBlank(input.malfunctionContent), 'malfunctionContent', REPAIR_MESSAGES.fault),
    () => emojiCheck('malfunctionContent', input.malfunctionContent),
    () => emojiCheck('address', input.address),
    () =>
      failWhen(
        (input.certificateImages?.length ?? 0) > IMAGE_LIMITS.repairGroup,
        'certificateUrl',
        tooManyImagesMessage(IMAGE_LIMITS.repairGroup),
      ),
    () =>
      failWhen(
        (input.malfunctionImages?.length ?? 0) > IMAGE_LIMITS.repairGroup,
        'malfunctionUrl',
        tooManyImagesMessage(IMAGE_LIMITS.repairGroup),
      ),
  ]);
}

/** Choosing a model first needs a category. */
export function validateModelChoice(categoryId: string | number | null | undefined): ValidationResult {
  return isBlank(categoryId) ? fail('categoryId', REPAIR_MESSAGES.category) : { ok: true };
}
