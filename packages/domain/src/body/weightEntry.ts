import { roundTo } from '../shared/numbers';
import { HEIGHT_CM_MAX, HEIGHT_CM_MIN, WEIGHT_KG_MAX, WEIGHT_KG_MIN, kgToJin } from './weight';

import { failWhen, firstFailure, isBlank } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { WEIGHT_ENTRY_MESSAGES } from './labels';
import { HEALTH_RECORD_MESSAGES } from './labels';

/**
 * The weight popup: height (asked only while the user's height is unknown), then weight in jin.
 * Non-numeric or non-positive values count as missing.
 */
export function validateWeightEntry(
  input: { readonly heightCm?: number | string | null; readonly weightJin?: number | string | null },
  options: { readonly heightKnown: boolean },
): ValidationResult {
  const missing = (v: number | string | null | undefined): boolean => isBlank(v) || !(Number(v) > 0);
  return firstFailure([
    () => failWhen(!options.heightKnown && missing(input.heightCm), 'height', WEIGHT_ENTRY_MESSAGES.heightRequired),
    () => failWhen(missing(input.weightJin), 'weight', WEIGHT_ENTRY_MESSAGES.weightRequired),
  ]);
}

/** Bounds of a weight record in jin: the health record's 5–200 kg, shown doubled. */
export const WEIGHT_JIN_MIN = kgToJin(WEIGHT_KG_MIN);
/** Bounds of a weight record in jin: the health record's 5–200 kg, shown doubled. */
export const WEIGHT_JIN_MAX = kgToJin(WEIGHT_KG_MAX);
/** A weight outside the record's bounds (the spec words none; modelled on 体重应在5~200Kg之间, in jin). */
export const WEIGHT_JIN_RANGE_MESSAGE = `体重应在${WEIGHT_JIN_MIN}~${WEIGHT_JIN_MAX}斤之间`;

/**
 * A weight record on save, as the server checks it: the popup's rule (`validateWeightEntry`), then
 * the bounds the record must meet to become the health record's height and weight — height 20–240
 * cm (身高应在20~240cm之间) when given, weight 10–400 jin (5–200 kg). Values are checked as stored:
 * weight to 1 decimal of a jin, height to 1 decimal of a cm.
 */
export function validateWeightRecord(
  input: { readonly heightCm?: number | string | null; readonly weightJin?: number | string | null },
  options: { readonly heightKnown: boolean },
): ValidationResult {
  const within = (value: number | string | null | undefined, min: number, max: number): boolean => {
    const n = roundTo(Number(value), 1);
    return n >= min && n <= max;
  };
  return firstFailure([
    () => {
      const entry = validateWeightEntry(input, options);
      return entry.ok ? undefined : entry;
    },
    () =>
      failWhen(
        !isBlank(input.heightCm) && !within(input.heightCm, HEIGHT_CM_MIN, HEIGHT_CM_MAX),
        'height',
        HEALTH_RECORD_MESSAGES.height,
      ),
    () => failWhen(!within(input.weightJin, WEIGHT_JIN_MIN, WEIGHT_JIN_MAX), 'weight', WEIGHT_JIN_RANGE_MESSAGE),
  ]);
}
