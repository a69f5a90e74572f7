import type { Instant } from '../shared/time';
import { birthdayCheck } from '../shared/plausibleDates';
import { PROFILE_FIELD_LIMITS, heightCheck, homeAddressCheck, weightKgCheck } from '../body/profileFields';
import { phoneCheck } from '../shared/phone';
import { charCount, emojiCheck, fail, failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { REGISTRATION_MESSAGES } from './labels';
import { PHONE_EMPTY_MESSAGE, PHONE_INCORRECT_MESSAGE, PHONE_INVALID_MESSAGE } from '../shared/labels';

/** Longest user name, in characters: the profile's one limit for a name. */
export const NAME_MAX = PROFILE_FIELD_LIMITS.nameMax;
/** Length of the SMS verification code. */
export const VERIFY_CODE_LENGTH = 6;
/** Length of an invite code. */
export const INVITE_CODE_LENGTH = 6;
/** Seconds the code button waits before another code can be asked for. */
export const CODE_COUNTDOWN_SECONDS = 120;

/** The code button's text during the countdown. */
export function codeCountdownLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `${secondsLeft}秒后获取` : '获取验证码';
}

/** The name: not empty after trimming, no emoji, at most 10 characters. */
export function nameCheck(name: string | null | undefined): ValidationResult | undefined {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') {
    return fail('nickname', REGISTRATION_MESSAGES.nameEmpty);
  }
  return (
    emojiCheck('nickname', trimmed) ??
    failWhen(charCount(trimmed) > NAME_MAX, 'nickname', REGISTRATION_MESSAGES.nameTooLong)
  );
}

/** The verification code: exactly six characters. */
export function verifyCodeCheck(code: string | null | undefined): ValidationResult | undefined {
  return failWhen(charCount((code ?? '').trim()) !== VERIFY_CODE_LENGTH, 'validCode', REGISTRATION_MESSAGES.codeLength);
}

/** Step 1 (and the 'skip' registration): name, phone, 6-character code, in that order. */
export function validateRegistrationStep1(input: {
  readonly nickname?: string | null;
  readonly phone?: string | null;
  readonly validCode?: string | null;
}): ValidationResult {
  return firstFailure([
    () => nameCheck(input.nickname),
    () => phoneCheck('phone', input.phone, PHONE_EMPTY_MESSAGE, PHONE_INVALID_MESSAGE),
    () => verifyCodeCheck(input.validCode),
  ]);
}

/** Step 2 of registration, as typed. */
export type RegistrationStep2Input = {
  readonly sex?: string | number | null;
  readonly birthday?: string | null;
  readonly diabetesType?: string | number | null;
  readonly bloodPressureType?: string | number | null;
  readonly address?: string | null;
  readonly inviteCode?: string | null;
  /** The server's answer to the invite-code check (`isChecked`/`checkInvitation`), 1 when valid. */
  readonly inviteChecked?: number | null;
};

/**
 * Step 2: sex, birth date (from 1900-01-01 to today), at least one of diabetes and blood-pressure
 * type, the detailed address as the health record limits it, then — in the brand that shows invite
 * codes — a 6-character code the server verified.
 */
export function validateRegistrationStep2(
  input: RegistrationStep2Input,
  options: { readonly requireInviteCode: boolean; readonly now: Instant },
): ValidationResult {
  return firstFailure([
    () => failWhen(isBlank(input.sex), 'sex', REGISTRATION_MESSAGES.sexRequired),
    () => birthdayCheck('birthday', input.birthday, options.now, { required: true }),
    () =>
      failWhen(
        isBlank(input.diabetesType) && isBlank(input.bloodPressureType),
        'diabetesType',
        REGISTRATION_MESSAGES.typeRequired,
      ),
    () => homeAddressCheck('address', input.address),
    () => (options.requireInviteCode ? inviteCodeCheck(input.inviteCode, input.inviteChecked) : undefined),
  ]);
}

/** The invite code: exactly 6 characters, then verified by the server (1). */
export function inviteCodeCheck(
  code: string | null | undefined,
  checked: number | null | undefined,
): ValidationResult | undefined {
  if (charCount((code ?? '').trim()) !== INVITE_CODE_LENGTH) {
    return fail('inviteCode', REGISTRATION_MESSAGES.inviteLength);
  }
  return failWhen(checked !== 1, 'inviteCode', REGISTRATION_MESSAGES.inviteWrong);
}

/** The profile page: name as at registration, then diabetes type and hypertension type required. */
export function validateProfile(input: {
  readonly nickname?: string | null;
  readonly diabetesType?: string | number | null;
  readonly bloodPressureType?: string | number | null;
}): ValidationResult {
  return firstFailure([
    () => nameCheck(input.nickname),
    () => failWhen(isBlank(input.diabetesType), 'diabetesType', REGISTRATION_MESSAGES.diabetesTypeRequired),
    () =>
      failWhen(isBlank(input.bloodPressureType), 'bloodPressureType', REGISTRATION_MESSAGES.bloodPressureTypeRequired),
  ]);
}

/** The phone-change page: phone (手机号不能为空 / 手机号不正确), then code (验证码不能为空). */
export function validatePhoneChange(input: {
  readonly phone?: string | null;
  readonly validCode?: string | null;
}): ValidationResult {
  return firstFailure([
    () => phoneCheck('phone', input.phone, PHONE_EMPTY_MESSAGE, PHONE_INCORRECT_MESSAGE),
    () => failWhen(isBlank(input.validCode), 'validCode', REGISTRATION_MESSAGES.codeEmpty),
  ]);
}

/** The profile edit (customer/edit), as sent: every field optional, each checked as in the other forms. */
export type ProfileEditInput = {
  readonly nickname?: string | null;
  readonly birthday?: string | null;
  readonly address?: string | null;
  readonly height?: number | string | null;
  readonly weight?: number | string | null;
};

/**
 * The profile edit: the name as at registration (when sent), the birthday from 1900-01-01 to today,
 * the address, height and weight as in the health record.
 */
export function validateProfileEdit(input: ProfileEditInput, now: Instant): ValidationResult {
  return firstFailure([
    () => (input.nickname === undefined ? undefined : nameCheck(input.nickname)),
    () => birthdayCheck('birthday', input.birthday, now),
    () => homeAddressCheck('address', input.address),
    () => heightCheck('height', input.height),
    () => weightKgCheck('weight', input.weight),
  ]);
}
