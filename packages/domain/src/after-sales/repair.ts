import { digitsOnly } from '../shared/display';
import { chinaDateKey, parseChinaDateTime } from '../shared/time';
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
 * The repair form in the spec's order (with `now`, the server's check, also a purchase date from
 * 1900-01-01 to today, China time): contact person, phone (then 1[3-9] and nine digits), category,
 * purchase date, fault description. The model is starred in the form but not checked; address,
 * batch number, SN/IMEI and photos are optional, up to 4 photos per group.
 */
export function validateRepair(input: RepairInput, now?: Instant): ValidationResult {
  const phone = digitsOnly(input.phone ?? '');
  const purchaseDate = (input.purchaseDateStr ?? '').trim().slice(0, 10);
  return firstFailure([
    () => failWhen(isBlank(input.name), 'name', REPAIR_MESSAGES.name),
    () => emojiCheck('name', input.name),
    () => failWhen(phone === '', 'phone', REPAIR_MESSAGES.phone),
    () => failWhen(!isMobilePhone(phone), 'phone', REPAIR_MESSAGES.phoneInvalid),
    () => failWhen(isBlank(input.categoryId), 'categoryId', REPAIR_MESSAGES.category),
    () => failWhen(isBlank(input.purchaseDateStr), 'purchaseDateStr', REPAIR_MESSAGES.purchaseDate),
    () =>
      now === undefined
        ? undefined
        : failWhen(!isRepairPurchaseDate(purchaseDate, now), 'purchaseDateStr', REPAIR_MESSAGES.purchaseDateRange),
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

/** Whether `YYYY-MM-DD` is a real date within {@link repairPurchaseDateBounds}. */
export function isRepairPurchaseDate(date: string, now: Instant): boolean {
  const { min, max } = repairPurchaseDateBounds(now);
  return date.length === 10 && parseChinaDateTime(date) !== null && date >= min && date <= max;
}

/** Choosing a model first needs a category. */
export function validateModelChoice(categoryId: string | number | null | undefined): ValidationResult {
  return isBlank(categoryId) ? fail('categoryId', REPAIR_MESSAGES.category) : { ok: true };
}

/** The letters of a 服务编码's tail: no 0/O, 1/I/L, so a code read out over the phone is not misheard. */
export const UPKEEP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How many letters of {@link UPKEEP_CODE_ALPHABET} end a 服务编码. */
export const UPKEEP_CODE_TAIL_LENGTH = 5;

/**
 * A repair request's 服务编码: `BX` (报修), the China date `YYMMDD` and a tail of
 * {@link UPKEEP_CODE_TAIL_LENGTH} letters picked by `pick(n)` (a random integer below n), e.g.
 * `BX261127K7Q3M`. The API keeps them unique (a unique index, drawn again on a clash).
 */
export function makeUpkeepCode(now: Instant, pick: (n: number) => number): string {
  let tail = '';
  for (let i = 0; i < UPKEEP_CODE_TAIL_LENGTH; i += 1) {
    tail += UPKEEP_CODE_ALPHABET[pick(UPKEEP_CODE_ALPHABET.length)] ?? '2';
  }
  return `BX${chinaDateKey(now).slice(2).replaceAll('-', '')}${tail}`;
}

/** Whether a text has the shape of a 服务编码 (a search box may take one). */
export function isUpkeepCode(text: string): boolean {
  return new RegExp(`^BX[0-9]{6}[${UPKEEP_CODE_ALPHABET}]{${UPKEEP_CODE_TAIL_LENGTH}}$`).test(text);
}
