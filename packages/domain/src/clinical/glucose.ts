/*
 * Glucose summaries beyond the product spec, for fingerstick meters.
 *
 * Sources:
 * - Battelino T et al. "Clinical Targets for Continuous Glucose Monitoring Data Interpretation:
 *   Recommendations From the International Consensus on Time in Range", Diabetes Care 2019;42:1593–1603
 *   — target 3.9–10.0 mmol/L, level 1/2 hypoglycaemia < 3.9 / < 3.0, level 1/2 hyperglycaemia
 *   > 10.0 / > 13.9, glycaemic variability CV ≤ 36 %, at least 14 days of data. Restated in the
 *   ADA Standards of Care (section 6, Glycemic Goals).
 * - Bergenstal RM et al. "Glucose Management Indicator (GMI): A New Term for Estimating A1C From
 *   Continuous Glucose Monitoring", Diabetes Care 2018;41:2275–2280 — GMI % = 3.31 + 0.02392 × mean mg/dL.
 * - mg/dL = mmol/L × 18.016 (molar mass of glucose 180.16 g/mol): `MG_DL_PER_MMOL_L` in glucose/units.ts.
 *
 * These targets were defined for continuous monitoring. Fingerstick readings are sparse and
 * clustered around meals, so the shares below are shares of readings, not of time, and need
 * more data than a CGM before they mean anything; below the minimum we say so instead of
 * printing a number.
 */
import { roundTo } from '../shared/numbers';
import { mmolToMgdl } from '../glucose/units';
import type { SugarRange } from '../glucose/sugar';
import { chinaDayNumber } from '../shared/time';
import type { Instant } from '../shared/time';

/** Consensus target range, mmol/L (inclusive). */
export const CONSENSUS_TARGET = { low: 3.9, high: 10.0 } as const;
/** Level 2 (clinically significant) hypoglycaemia: below this, mmol/L. */
export const CONSENSUS_VERY_LOW_BELOW = 3.0;
/** Level 2 hyperglycaemia: above this, mmol/L. */
export const CONSENSUS_VERY_HIGH_ABOVE = 13.9;
/** Coefficient of variation at or below which glucose is considered stable, percent. */
export const CV_STABLE_AT_MOST = 36;
/** Readings needed before shares of readings in range are reported (ours: one reading moves a share of 10 by 10 points). */
export const MIN_READINGS_FOR_RANGES = 10;
/** Readings needed before mean, SD and CV are reported. */
export const MIN_READINGS_FOR_VARIABILITY = 30;
/** Distinct China days with readings needed before GMI is reported. */
export const MIN_DAYS_FOR_GMI = 14;

/** A summary, or the reason it could not be computed and how much data there was. */
export type Summary<T> =
  | ({ readonly status: 'ok' } & T)
  | {
      readonly status: 'insufficientData';
      readonly have: number;
      readonly need: number;
      readonly unit: 'readings' | 'days';
    };

/** A glucose reading with its moment. */
export type GlucoseReading = { readonly at: Instant; readonly mmol: number };

/** Counts and percentages (1 decimal) of readings in each band of the consensus ranges. */
export type ConsensusRanges = {
  readonly total: number;
  readonly veryLow: number;
  readonly low: number;
  readonly inRange: number;
  readonly high: number;
  readonly veryHigh: number;
  readonly percent: {
    readonly veryLow: number;
    readonly low: number;
    readonly inRange: number;
    readonly high: number;
    readonly veryHigh: number;
  };
};

function insufficient(have: number, need: number, unit: 'readings' | 'days'): Summary<never> {
  return { status: 'insufficientData', have, need, unit };
}

function share(part: number, total: number): number {
  return roundTo((part / total) * 100, 1);
}

/**
 * Readings per consensus band: very low < 3.0, low 3.0–<3.9, in range 3.9–10.0, high >10.0–13.9,
 * very high > 13.9. Bands are exclusive, so "below 3.9" is veryLow + low.
 */
export function consensusRanges(values: readonly number[]): Summary<ConsensusRanges> {
  if (values.length < MIN_READINGS_FOR_RANGES) {
    return insufficient(values.length, MIN_READINGS_FOR_RANGES, 'readings');
  }
  let veryLow = 0;
  let low = 0;
  let inRange = 0;
  let high = 0;
  let veryHigh = 0;
  for (const v of values) {
    if (v < CONSENSUS_VERY_LOW_BELOW) {
      veryLow += 1;
    } else if (v < CONSENSUS_TARGET.low) {
      low += 1;
    } else if (v <= CONSENSUS_TARGET.high) {
      inRange += 1;
    } else if (v <= CONSENSUS_VERY_HIGH_ABOVE) {
      high += 1;
    } else {
      veryHigh += 1;
    }
  }
  const total = values.length;
  return {
    status: 'ok',
    total,
    veryLow,
    low,
    inRange,
    high,
    veryHigh,
    percent: {
      veryLow: share(veryLow, total),
      low: share(low, total),
      inRange: share(inRange, total),
      high: share(high, total),
      veryHigh: share(veryHigh, total),
    },
  };
}

/** Counts and percentages of readings below, within and above the user's own low/high targets. */
export type TargetRanges = {
  readonly total: number;
  readonly below: number;
  readonly inRange: number;
  readonly above: number;
  readonly percent: { readonly below: number; readonly inRange: number; readonly above: number };
};

/**
 * Readings against the user's own targets. Each reading is judged by the range of its own slot
 * (`rangeOf`), because fasting and after-meal targets differ; readings whose slot has no range are left out.
 */
export function targetRanges<T>(
  readings: readonly T[],
  valueOf: (r: T) => number,
  rangeOf: (r: T) => SugarRange | undefined,
): Summary<TargetRanges> {
  let below = 0;
  let inRange = 0;
  let above = 0;
  for (const reading of readings) {
    const range = rangeOf(reading);
    if (!range) {
      continue;
    }
    const v = valueOf(reading);
    if (v < range.lowValue) {
      below += 1;
    } else if (v > range.highValue) {
      above += 1;
    } else {
      inRange += 1;
    }
  }
  const total = below + inRange + above;
  if (total < MIN_READINGS_FOR_RANGES) {
    return insufficient(total, MIN_READINGS_FOR_RANGES, 'readings');
  }
  return {
    status: 'ok',
    total,
    below,
    inRange,
    above,
    percent: { below: share(below, total), inRange: share(inRange, total), above: share(above, total) },
  };
}

/** Mean (mmol/L, 2 decimals), sample SD (2 decimals), CV (percent, 1 decimal) and whether CV ≤ 36 %. */
export type Variability = {
  readonly count: number;
  readonly mean: number;
  readonly sd: number;
  readonly cv: number;
  readonly stable: boolean;
};

/** Mean, SD and CV of the readings; only with at least 30 readings. */
export function glucoseVariability(values: readonly number[]): Summary<Variability> {
  const n = values.length;
  if (n < MIN_READINGS_FOR_VARIABILITY) {
    return insufficient(n, MIN_READINGS_FOR_VARIABILITY, 'readings');
  }
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (n - 1);
  const sd = Math.sqrt(variance);
  const cv = (sd / mean) * 100;
  return {
    status: 'ok',
    count: n,
    mean: roundTo(mean, 2),
    sd: roundTo(sd, 2),
    cv: roundTo(cv, 1),
    stable: cv <= CV_STABLE_AT_MOST,
  };
}

/** GMI from a mean glucose in mmol/L: 3.31 + 0.02392 × mean mg/dL (Bergenstal 2018), in percent. */
export function gmiPercent(meanMmol: number): number {
  return 3.31 + 0.02392 * mmolToMgdl(meanMmol);
}

/** Estimated A1c (GMI) in percent (1 decimal) with the mean it came from and the days covered. */
export type Gmi = { readonly gmi: number; readonly meanMmol: number; readonly days: number; readonly readings: number };

/**
 * Estimated A1c (GMI) from readings; only when they cover at least 14 distinct China days, the
 * consensus minimum for a mean that reflects the period rather than a few meals.
 */
export function estimateGmi(readings: readonly GlucoseReading[]): Summary<Gmi> {
  const days = new Set(readings.map((r) => chinaDayNumber(r.at))).size;
  if (days < MIN_DAYS_FOR_GMI) {
    return insufficient(days, MIN_DAYS_FOR_GMI, 'days');
  }
  const mean = readings.reduce((s, r) => s + r.mmol, 0) / readings.length;
  return {
    status: 'ok',
    gmi: roundTo(gmiPercent(mean), 1),
    meanMmol: roundTo(mean, 2),
    days,
    readings: readings.length,
  };
}
