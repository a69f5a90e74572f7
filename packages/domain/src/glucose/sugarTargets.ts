import { SUGAR_MAX } from './sugar';
import { fail, OK } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import {
  SUGAR_TARGET_REQUIRED_MESSAGE,
  SUGAR_TARGET_LOW_ORDER_MESSAGE,
  SUGAR_TARGET_HIGH_ORDER_MESSAGE,
  SUGAR_TARGET_MAX_ORDER_MESSAGE,
  SUGAR_TARGET_LIMIT_MESSAGE,
} from './labels';

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
/** The target list and the detail page of one slot (spec 2 §2.13). */
export const SUGAR_TARGET_PATHS = {
  list: '/healthTarget/healthTarget',
  detail: '/healthTarget/healthTargetDetail',
} as const;

/** The four thresholds in the detail page's order, with the names the ordering messages use. */
export const SUGAR_TARGET_FIELDS = Object.freeze([
  { field: 'minValue', label: '严重低血糖值' },
  { field: 'lowValue', label: '低血糖值' },
  { field: 'highValue', label: '高血糖值' },
  { field: 'maxValue', label: '严重高血糖值' },
] as const);

/** The slot a detail page's `index` names (1–8), or `null` for anything else. */
export function sugarTargetIndex(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^[1-8]$/.test(raw.trim())) {
    return null;
  }
  return Number(raw.trim());
}

/** The detail page of one slot: `value` is the slot's name, `index` its time type (spec 2 §2.13). */
export function sugarTargetDetailPath(name: string, timeType: number): string {
  return `${SUGAR_TARGET_PATHS.detail}?value=${encodeURIComponent(name)}&index=${timeType}`;
}
