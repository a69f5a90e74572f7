import { IMAGE_LIMITS } from '../shared/upload';
import { isValidIdCard } from '../shared/idCard';
import {
  charCount,
  emojiCheck,
  fail,
  failWhen,
  firstFailure,
  isBlank,
  tooLongMessage,
  tooManyImagesMessage,
} from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { CONSULT_MESSAGES } from './labels';

/** Consultation text limits, in characters. */
export const CONSULT_LIMITS = { description: 300, illness: 100, chat: 500, treatment: 200 } as const;

/** Spec 3 §9: a second tap on the submit button within 2 s of the first is ignored. */
export const CONSULT_SUBMIT_DEBOUNCE_MS = 2000;

/** The toast when a text reaches its limit while typing (spec 3 §5 "a toast at the limit"). */
export function atLimitMessage(label: string, max: number): string {
  return `${label}最多输入${max}个字`;
}

/** Spec 3 §8: the diagnostic submit's fallback message when the server gives no 50007 reason. */
export const CONSULT_SUBMIT_FAILED_MESSAGE = '提交失败，请稍后再试';
/** Spec 3 §8: the code whose server message the submit page shows as it is. */
export const CONSULT_SUBMIT_REFUSED_CODE = 50007;

/** The consultation submit page: description required, at most 300 characters, at most 9 photos. */
export function validateConsultDescription(input: {
  readonly desc?: string | null;
  readonly images?: readonly string[];
}): ValidationResult {
  return firstFailure([
    () => failWhen(isBlank(input.desc), 'desc', CONSULT_MESSAGES.descriptionRequired),
    () => emojiCheck('desc', input.desc),
    () =>
      failWhen(
        charCount(input.desc ?? '') > CONSULT_LIMITS.description,
        'desc',
        tooLongMessage('咨询内容', CONSULT_LIMITS.description),
      ),
    () =>
      failWhen(
        (input.images?.length ?? 0) > IMAGE_LIMITS.consult,
        'imgList',
        tooManyImagesMessage(IMAGE_LIMITS.consult),
      ),
  ]);
}

/** The illness description: required, at most 100 characters, at most 9 photos. */
export function validateIllness(input: {
  readonly desc?: string | null;
  readonly images?: readonly string[];
}): ValidationResult {
  return firstFailure([
    () => failWhen(isBlank(input.desc), 'desc', CONSULT_MESSAGES.illnessRequired),
    () => emojiCheck('desc', input.desc),
    () =>
      failWhen(
        charCount(input.desc ?? '') > CONSULT_LIMITS.illness,
        'desc',
        tooLongMessage('病情描述', CONSULT_LIMITS.illness),
      ),
    () =>
      failWhen(
        (input.images?.length ?? 0) > IMAGE_LIMITS.consult,
        'imgList',
        tooManyImagesMessage(IMAGE_LIMITS.consult),
      ),
  ]);
}

/** Allergy options that stand alone: choosing one clears the others. */
export const EXCLUSIVE_ALLERGY_OPTIONS: readonly number[] = Object.freeze([1, 2, 3, 5]);
/** The 'other' allergy option, which needs a detail text. */
export const ALLERGY_OTHER_OPTION = 5;

/**
 * Toggles an allergy option. An exclusive option (1, 2, 3, 5) becomes the only choice; any other
 * option drops the exclusive ones; choosing a selected option deselects it.
 */
export function toggleAllergyOption(selected: readonly number[], option: number): number[] {
  if (selected.includes(option)) {
    return selected.filter((o) => o !== option);
  }
  if (EXCLUSIVE_ALLERGY_OPTIONS.includes(option)) {
    return [option];
  }
  return [...selected.filter((o) => !EXCLUSIVE_ALLERGY_OPTIONS.includes(o)), option];
}

/** The allergy history: at least one option; 'other' (5) needs a detail text. */
export function validateAllergyHistory(input: {
  readonly options: readonly number[];
  readonly detail?: string | null;
}): ValidationResult {
  return firstFailure([
    () => failWhen(input.options.length === 0, 'allergicHistory', CONSULT_MESSAGES.allergyRequired),
    () =>
      failWhen(
        input.options.includes(ALLERGY_OTHER_OPTION) && isBlank(input.detail),
        'allergicHistoryDetail',
        CONSULT_MESSAGES.allergyDetailRequired,
      ),
    () => emojiCheck('allergicHistoryDetail', input.detail),
  ]);
}

/** The patient information form: all five fields required, then a valid ID number. */
export function validatePatientInfo(input: {
  readonly idCard?: string | null;
  readonly sex?: string | number | null;
  readonly patientName?: string | null;
  readonly birthday?: string | null;
  readonly national?: string | number | null;
}): ValidationResult {
  const fields = ['idCard', 'sex', 'patientName', 'birthday', 'national'] as const;
  return firstFailure([
    () => {
      const missing = fields.find((f) => isBlank(input[f]));
      return missing ? fail(missing, CONSULT_MESSAGES.patientInfoIncomplete) : undefined;
    },
    () => emojiCheck('patientName', input.patientName),
    () => failWhen(!isValidIdCard(input.idCard ?? ''), 'idCard', CONSULT_MESSAGES.idCardInvalid),
  ]);
}

/**
 * Whether the stored patient information is complete (checkPatientInfo's 1): the form's five fields
 * present and the ID number valid, so the prescription flow skips /recipe/fillInformation.
 */
export function isPatientInfoComplete(input: Parameters<typeof validatePatientInfo>[0]): boolean {
  return validatePatientInfo(input).ok;
}

/** A chat text: the consultation must be running (status 2), the text not blank and at most 500 characters. */
export function validateChatText(input: { readonly text?: string | null; readonly status: number }): ValidationResult {
  return firstFailure([
    () => failWhen(input.status !== 2, 'status', CONSULT_MESSAGES.consultEnded),
    () => failWhen(isBlank(input.text), 'text', CONSULT_MESSAGES.chatEmpty),
    () =>
      failWhen(charCount(input.text ?? '') > CONSULT_LIMITS.chat, 'text', tooLongMessage('消息', CONSULT_LIMITS.chat)),
  ]);
}
