import { SUGAR_MAX } from './sugar';
import { fail, OK } from './validation/validator';
import type { ValidationResult } from './validation/validator';

/** Shown when any of the four thresholds is empty. */
export const SUGAR_TARGET_REQUIRED_MESSAGE = '请填写血糖值';
/** Shown when low is not above severe low. */
export const SUGAR_TARGET_LOW_ORDER_MESSAGE = '低血糖值应大于严重低血糖值';
/** Shown when high is not above low. */
export const SUGAR_TARGET_HIGH_ORDER_MESSAGE = '高血糖值应大于低血糖值';
/** Shown when severe high is not above high. */
export const SUGAR_TARGET_MAX_ORDER_MESSAGE = '严重高血糖值应大于高血糖值';
/** Shown when a threshold is not under 33.3. */
export const SUGAR_TARGET_LIMIT_MESSAGE = '血糖值应小于33.3';

/** The four thresholds as typed on the target detail page; empty fields are `null` or blank. */
export type SugarTargetInput = {
  readonly minValue: number | string | null | undefined;
  readonly lowValue: number | string | null | undefined;
  readonly highValue: number | string | null | undefined;
  readonly maxValue: number | string | null | undefined;
};

const FIELDS = ['minValue', 'lowValue', 'highValue', 'maxValue'] as const;

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return null;
  }
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Checks a user's targets for one slot, in the spec's order: all four required, then strictly
 * ascending (severe low < low < high < severe high), then each under 33.3.
 */
export function validateSugarTargets(input: SugarTargetInput): ValidationResult {
  const values: number[] = [];
  for (const field of FIELDS) {
    const value = toNumber(input[field]);
    if (value === null) {
      return fail(field, SUGAR_TARGET_REQUIRED_MESSAGE);
    }
    values.push(value);
  }
  const [min = 0, low = 0, high = 0, max = 0] = values;
  if (low <= min) {
    return fail('lowValue', SUGAR_TARGET_LOW_ORDER_MESSAGE);
  }
  if (high <= low) {
    return fail('highValue', SUGAR_TARGET_HIGH_ORDER_MESSAGE);
  }
  if (max <= high) {
    return fail('maxValue', SUGAR_TARGET_MAX_ORDER_MESSAGE);
  }
  const overLimit = FIELDS.find((_field, index) => (values[index] ?? 0) >= SUGAR_MAX);
  return overLimit ? fail(overLimit, SUGAR_TARGET_LIMIT_MESSAGE) : OK;
}
