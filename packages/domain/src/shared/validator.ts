import { EMOJI_MESSAGE } from './labels';
/**
 * The outcome of a form check, shared by the web forms (which toast `message`) and the API
 * handlers (which answer 400 with it). Only the first failing rule is reported, in the order the
 * spec lists the rules, because the product shows one toast at a time.
 */
export type ValidationResult =
  { readonly ok: true } | { readonly ok: false; readonly field: string; readonly message: string };

/** A single check: `undefined` when it passes, otherwise the failure to report. */
export type Check = () => ValidationResult | undefined;

/** The passing result, shared so callers can compare by identity if they wish. */
export const OK: ValidationResult = Object.freeze({ ok: true });

/** A failing result for `field` with the spec's `message`. */
export function fail(field: string, message: string): ValidationResult {
  return { ok: false, field, message };
}

/** Runs the checks in order and returns the first failure, or OK when all pass. */
export function firstFailure(checks: readonly Check[]): ValidationResult {
  for (const check of checks) {
    const result = check();
    if (result) {
      return result;
    }
  }
  return OK;
}

/** A check that fails with `message` when `condition` holds. */
export function failWhen(condition: boolean, field: string, message: string): ValidationResult | undefined {
  return condition ? fail(field, message) : undefined;
}

// Extended_Pictographic covers the emoji blocks; keycaps (1️⃣) and flags are built from code
// points outside it, and the variation selector marks text drawn as emoji (e.g. ☺️).
const EMOJI_PATTERN = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3|\uFE0F/u;

/** Whether the text holds an emoji; every free-text field of the product rejects them. */
export function containsEmoji(text: string): boolean {
  return EMOJI_PATTERN.test(text);
}

/**
 * The number of characters as a reader counts them: a Chinese character or an astral symbol is
 * one, whereas `String.length` counts UTF-16 units and would count some symbols twice.
 */
export function charCount(text: string): number {
  let count = 0;
  for (const _char of text) {
    count += 1;
  }
  return count;
}

/** Whether a form value is missing: undefined, null, or text that is blank after trimming. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A text check shared by many forms: fails with the emoji message when the text holds an emoji. */
export function emojiCheck(field: string, text: string | undefined | null): ValidationResult | undefined {
  return failWhen(typeof text === 'string' && containsEmoji(text), field, EMOJI_MESSAGE);
}

/** Fails with `message` when the text is longer than `max` characters. */
export function maxLengthCheck(
  field: string,
  text: string | undefined | null,
  max: number,
  message: string,
): ValidationResult | undefined {
  return failWhen(typeof text === 'string' && charCount(text) > max, field, message);
}

/**
 * The message for a text over its limit where the spec gives none (the app's inputs stop typing at
 * the limit, so only the API ever shows it). Modelled on the spec's own '设备名不能超过10个字符'.
 */
export function tooLongMessage(label: string, max: number): string {
  return `${label}不能超过${max}个字符`;
}

/** The message for too many images where the spec gives none; 'only 9 pictures can be uploaded' in its words. */
export function tooManyImagesMessage(max: number): string {
  return `最多只能上传${max}张图片`;
}
