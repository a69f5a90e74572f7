import { IMAGE_LIMITS } from '../shared/upload';
import {
  charCount,
  emojiCheck,
  failWhen,
  firstFailure,
  isBlank,
  tooLongMessage,
  tooManyImagesMessage,
} from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { FEEDBACK_EMPTY_MESSAGE } from './labels';

/** Longest feedback description, in characters. */
export const FEEDBACK_MAX = 200;
/** Feedback `type`: 1 suggestion, 2 problem. */
export const FEEDBACK_TYPE = { suggestion: 1, problem: 2 } as const;

/**
 * The feedback form: description required, no emoji, at most 200 characters, at most 5 images.
 * The length and image limits are enforced by the inputs in the app (a counter, a picker that
 * stops at 5) and so have no message of their own; the API reports them with the field name.
 */
export function validateFeedback(input: {
  readonly adviceContent?: string | null;
  readonly images?: readonly string[];
}): ValidationResult {
  const text = input.adviceContent ?? '';
  return firstFailure([
    () => failWhen(isBlank(text), 'adviceContent', FEEDBACK_EMPTY_MESSAGE),
    () => emojiCheck('adviceContent', text),
    () => failWhen(charCount(text) > FEEDBACK_MAX, 'adviceContent', tooLongMessage('问题描述', FEEDBACK_MAX)),
    () =>
      failWhen(
        (input.images?.length ?? 0) > IMAGE_LIMITS.feedback,
        'imgUrl',
        tooManyImagesMessage(IMAGE_LIMITS.feedback),
      ),
  ]);
}
