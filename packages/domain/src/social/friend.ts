import { isMobilePhone } from '../shared/phone';
import { emojiCheck, failWhen, firstFailure, isBlank, maxLengthCheck, tooLongMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { FRIEND_MESSAGES } from './labels';

/** Longest note name a relative gives a patient, in characters (the spec gives no limit; the nickname's 10). */
export const FRIEND_NOTE_MAX = 10;
/** Longest feed comment, in characters (the spec gives no limit). */
export const COMMENT_MAX = 200;

/** A friend's note name: not empty, no emoji, at most 10 characters. */
export function validateFriendNote(note: string | null | undefined): ValidationResult {
  return firstFailure([
    () => failWhen(isBlank(note), 'customerNote', FRIEND_MESSAGES.noteEmpty),
    () => emojiCheck('customerNote', note),
    () => maxLengthCheck('customerNote', note?.trim(), FRIEND_NOTE_MAX, tooLongMessage('备注', FRIEND_NOTE_MAX)),
  ]);
}

/** The friend search box: a valid phone number. */
export function validateFriendSearch(phone: string | null | undefined): ValidationResult {
  return firstFailure([() => failWhen(!isMobilePhone(phone ?? ''), 'phone', FRIEND_MESSAGES.phoneInvalid)]);
}

/** A search result the user may add: it exists and is not the user. */
export function validateFriendCandidate(result: {
  readonly existsFlag: boolean | number;
  readonly isSelfFlag: boolean | number;
}): ValidationResult {
  return firstFailure([
    () => failWhen(!result.existsFlag, 'phone', FRIEND_MESSAGES.unknownUser),
    () => failWhen(Boolean(result.isSelfFlag), 'phone', FRIEND_MESSAGES.self),
  ]);
}

/** A feed comment: not empty, no emoji, at most 200 characters. */
export function validateComment(content: string | null | undefined): ValidationResult {
  return firstFailure([
    () => failWhen(isBlank(content), 'content', FRIEND_MESSAGES.commentEmpty),
    () => emojiCheck('content', content),
    () => maxLengthCheck('content', content?.trim(), COMMENT_MAX, tooLongMessage('评论', COMMENT_MAX)),
  ]);
}

/** The add button of a search result by `auditStatus`: 1 已添加 (disabled), 0 已发送 (still clickable), else 添加. */
export function friendAddButton(auditStatus: number | null | undefined): {
  readonly label: string;
  readonly disabled: boolean;
} {
  if (auditStatus === 1) {
    return { label: '已添加', disabled: true };
  }
  return { label: auditStatus === 0 ? '已发送' : '添加', disabled: false };
}
