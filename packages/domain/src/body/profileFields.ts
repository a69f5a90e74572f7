import { HEIGHT_CM_MAX, HEIGHT_CM_MIN, WEIGHT_KG_MAX, WEIGHT_KG_MIN } from './weight';
import { charCount, emojiCheck, failWhen, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { PROFILE_FIELD_MESSAGES } from './labels';

/**
 * The fields a person's profile shares between registration, the profile edit (customer/edit) and
 * the health record, with one limit each wherever they are typed. The spec words the name as "at
 * most 10" at registration (用户名不能多于10个字符) and "under 10" in the health record
 * (姓名应少于10个字); both are read as at most 10, so a name that registration took is never
 * refused by the health record (and likewise the address: at most 50).
 */
export const PROFILE_FIELD_LIMITS = {
  nameMax: 10,
  addressMax: 50,
  heightCmMin: HEIGHT_CM_MIN,
  heightCmMax: HEIGHT_CM_MAX,
  weightKgMin: WEIGHT_KG_MIN,
  weightKgMax: WEIGHT_KG_MAX,
} as const;

/** A number given as a number or numeric text that lies in `[min, max]`; blank is not. */
function numberWithin(value: number | string | null | undefined, min: number, max: number): boolean {
  const n = Number(value);
  return !isBlank(value) && Number.isFinite(n) && n >= min && n <= max;
}

/** The detailed home address: no emoji, at most 50 characters after trimming; blank passes. */
export function homeAddressCheck(field: string, address: string | null | undefined): ValidationResult | undefined {
  const text = (address ?? '').trim();
  return (
    emojiCheck(field, text) ??
    failWhen(charCount(text) > PROFILE_FIELD_LIMITS.addressMax, field, PROFILE_FIELD_MESSAGES.addressTooLong)
  );
}

/** Height in cm, 20 to 240 (身高应在20~240cm之间); blank passes. */
export function heightCheck(field: string, height: number | string | null | undefined): ValidationResult | undefined {
  return isBlank(height)
    ? undefined
    : failWhen(!numberWithin(height, HEIGHT_CM_MIN, HEIGHT_CM_MAX), field, PROFILE_FIELD_MESSAGES.height);
}

/** Weight in kg, 5 to 200 (体重应在5~200Kg之间); blank passes. */
export function weightKgCheck(field: string, weight: number | string | null | undefined): ValidationResult | undefined {
  return isBlank(weight)
    ? undefined
    : failWhen(!numberWithin(weight, WEIGHT_KG_MIN, WEIGHT_KG_MAX), field, PROFILE_FIELD_MESSAGES.weight);
}
