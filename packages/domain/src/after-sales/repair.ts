import { digitsOnly } from '../shared/display';
import { chinaDateKey } from '../shared/time';
import type { Instant } from '../shared/time';
import { IMAGE_LIMITS } from '../shared/upload';
import { isMobilePhone } from '../shared/phone';
import { emojiCheck, fail, failWhen, firstFailure, isBlank, tooManyImagesMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { REPAIR_MESSAGES } from './labels';

/** Repair request `status`: 0 in service (服务中), 1 completed (已完成). */
export const REPAIR_STATUS = { inService: 0, completed: 1 } as const;

/**
 * The repair list's no-more threshold (spec 3 §9: pages of 7, threshold 5): the list says it has
 * nothing more only once it holds at least this many requests, so a short list of one or two
 * does not end in 没有更多了 (docs/adr/0208-repair-pages.md).
 */
export const REPAIR_NO_MORE_THRESHOLD = 5;

/** Whether the repair list, finished with `loaded` requests, shows its 没有更多了 line. */
export function showsRepairNoMore(loaded: number): boolean {
  return loaded >= REPAIR_NO_MORE_THRESHOLD;
}

/** The earliest purchase date the repair form's picker offers (spec 3 §5: 1900-01-01 to today). */
export const REPAIR_PURCHASE_DATE_MIN = '1900-01-01';

/** The span the repair form's purchase date picker offers: 1900-01-01 to today (China). */
export function repairPurchaseDateBounds(now: Instant): { readonly min: string; readonly max: string } {
  return { min: REPAIR_PURCHASE_DATE_MIN, max: chinaDateKey(now) };
}

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
