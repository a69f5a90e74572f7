import { digitsOnly } from '../shared/display';
import { IMAGE_LIMITS } from '../shared/upload';
import { CONTACT_PHONE_INVALID_MESSAGE, isMobilePhone } from '../shared/phone';
import { emojiCheck, fail, failWhen, firstFailure, isBlank, tooManyImagesMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';

/** Repair form messages, in the spec's words. */
export const REPAIR_MESSAGES = {
  name: '请填写联系人',
  phone: '请填写联系电话',
  phoneInvalid: CONTACT_PHONE_INVALID_MESSAGE,
  category: '请选择品类',
  purchaseDate: '请选择购买日期',
  fault: '请选择故障描述',
} as const;

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

/**
 * The detail page's two image groups. The product labels them the other way round (fault photos
 * under 发票信息, vouchers under 故障图片); we return the labels by content so the UI can decide
 * whether to keep that quirk.
 */
export const REPAIR_IMAGE_GROUP_LABELS = { certificateUrl: '发票信息', malfunctionUrl: '故障图片' } as const;
