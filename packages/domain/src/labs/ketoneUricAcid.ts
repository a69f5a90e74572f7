import { roundTo } from '../shared/numbers';
import { formatChinaTime } from '../shared/time';
import type { Instant } from '../shared/time';
import { validateMeasurementTime } from '../shared/plausibleDates';
import { emojiCheck, fail, firstFailure, maxLengthCheck, tooLongMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { KETONE_EMPTY_MESSAGE, URIC_ACID_EMPTY_MESSAGE } from './labels';

/** The colour band of a ketone or uric acid value. */
export type LabBand = 'low' | 'normal' | 'high';

/** Ketone values at or below this are low. */
export const KETONE_LOW_AT_MOST = 0;
/** Ketone values at or above this are high. */
export const KETONE_HIGH_AT_LEAST = 8;
/** Uric acid values (μmol/L) at or below this are low. */
export const URIC_ACID_LOW_AT_MOST = 178;
/** Uric acid values (μmol/L) at or above this are high. */
export const URIC_ACID_HIGH_AT_LEAST = 1190;
/** Longest ketone or uric acid remark, in characters. */
export const LAB_REMARK_MAX = 100;

function band(value: number, lowAtMost: number, highAtLeast: number): LabBand {
  if (value <= lowAtMost) {
    return 'low';
  }
  return value >= highAtLeast ? 'high' : 'normal';
}

/** Ketone colour: ≤ 0 low, ≥ 8 high, else normal. */
export function ketoneBand(value: number): LabBand {
  return band(value, KETONE_LOW_AT_MOST, KETONE_HIGH_AT_LEAST);
}

/** Uric acid colour: ≤ 178 low, ≥ 1190 high, else normal. */
export function uricAcidBand(value: number): LabBand {
  return band(value, URIC_ACID_LOW_AT_MOST, URIC_ACID_HIGH_AT_LEAST);
}

/**
 * The warning for an empty value on save, or `null`. The product shows it yet still sends the
 * save, so this is a warning rather than a validation failure; the API decides what to store.
 */
export function labEmptyWarning(kind: 'ketone' | 'uricAcid', value: string | number | null | undefined): string | null {
  const empty = value === null || value === undefined || String(value).trim() === '';
  if (!empty) {
    return null;
  }
  return kind === 'ketone' ? KETONE_EMPTY_MESSAGE : URIC_ACID_EMPTY_MESSAGE;
}

/** The `createTimeStr` of a ketone or uric acid save: China `yyyy-MM-dd HH:mm` plus `:00`. */
export function labCreateTimeStr(instant: Instant): string {
  return `${formatChinaTime(instant, 'YYYY-MM-DD HH:mm')}:00`;
}

/** The ketone / uric acid popup's remark: no emoji, at most 100 characters. */
export function validateLabRemark(remark: string | null | undefined): ValidationResult {
  return firstFailure([
    () => emojiCheck('remark', remark),
    () => maxLengthCheck('remark', remark, LAB_REMARK_MAX, tooLongMessage('备注', LAB_REMARK_MAX)),
  ]);
}

/** Which lab value: blood ketone (mmol/L) or uric acid (μmol/L). */
export type LabKind = 'ketone' | 'uricAcid';

/**
 * What a stored lab value may be. The spec gives no range; these cover what meters and lab reports
 * show: blood ketone 0–20 mmol/L to 0.1 (meters read 0.0–8.0, 0 being a real reading and the 'low'
 * colour), uric acid 0–2000 μmol/L in whole units (meters read 179–1189, reports give integers).
 */
export const LAB_LIMITS = {
  ketone: { min: 0, max: 20, decimals: 1, label: '血酮值' },
  uricAcid: { min: 0, max: 2000, decimals: 0, label: '尿酸值' },
} as const;

/** The message for a value outside `LAB_LIMITS`, worded like the pressure's X应在1~250之间. */
export function labRangeMessage(kind: LabKind): string {
  const { label, min, max } = LAB_LIMITS[kind];
  return `${label}应在${min}~${max}之间`;
}

/** A lab value as stored: rounded to the kind's decimals. */
export function roundLabValue(kind: LabKind, value: number): number {
  return roundTo(value, LAB_LIMITS[kind].decimals);
}

/** The colour band of a value of either kind. */
export function labBand(kind: LabKind, value: number): LabBand {
  return kind === 'ketone' ? ketoneBand(value) : uricAcidBand(value);
}

/**
 * A ketone or uric acid record on save, as the server checks it: the value is required (the app
 * shows 请输入血酮值! / 请输入尿酸值! yet still sends the save, so the server must refuse it with the
 * same words), within `LAB_LIMITS` after rounding, a time that is set and not in the future, and the
 * remark rule.
 */
export function validateLabEntry(
  kind: LabKind,
  input: {
    readonly value?: number | string | null;
    readonly createTime?: Instant | null;
    readonly remark?: string | null;
  },
  now: Instant,
): ValidationResult {
  return firstFailure([
    () => {
      const empty = labEmptyWarning(kind, input.value);
      return empty === null ? undefined : fail('value', empty);
    },
    () => {
      const n = Number(input.value);
      const { min, max } = LAB_LIMITS[kind];
      return Number.isFinite(n) && roundLabValue(kind, n) >= min && roundLabValue(kind, n) <= max
        ? undefined
        : fail('value', labRangeMessage(kind));
    },
    () => {
      const time = validateMeasurementTime(input.createTime, now);
      return time.ok ? undefined : time;
    },
    () => {
      const remark = validateLabRemark(input.remark);
      return remark.ok ? undefined : remark;
    },
  ]);
}
