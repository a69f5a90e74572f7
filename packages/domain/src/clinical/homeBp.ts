/*
 * Home blood-pressure summary beyond the product spec.
 *
 * Source: Whelton PK et al. "2017 ACC/AHA … Guideline for the Prevention, Detection, Evaluation,
 * and Management of High Blood Pressure in Adults" (home BP monitoring, table 11: readings in the
 * morning before medication and in the evening, for at least a week; home 135/85 corresponds to
 * office 140/90 and daytime ambulatory 135/85) and the ESH practice guideline for home blood
 * pressure monitoring (Parati G et al., J Hum Hypertens 2010): measure morning and evening,
 * discard the first day, use at least 12 readings over at least 3 days (7 preferred); mean
 * ≥ 135 systolic or ≥ 85 diastolic is elevated.
 */
import { roundTo } from '../shared/numbers';
import { chinaDayNumber, msSinceChinaMidnight } from '../shared/time';
import type { Instant } from '../shared/time';
import type { Summary } from './glucose';

/** Morning window, China time, in hours: [06:00, 09:00). */
export const HOME_BP_MORNING = { fromHour: 6, toHour: 9 } as const;
/** Evening window, China time, in hours: [18:00, 21:00). */
export const HOME_BP_EVENING = { fromHour: 18, toHour: 21 } as const;
/** Home systolic mean at or above this is elevated, mmHg. */
export const HOME_BP_SBP_THRESHOLD = 135;
/** Home diastolic mean at or above this is elevated, mmHg. */
export const HOME_BP_DBP_THRESHOLD = 85;
/** Readings (after the first day) needed for a summary. */
export const HOME_BP_MIN_READINGS = 12;
/** Days (after the first day) needed for a summary. */
export const HOME_BP_MIN_DAYS = 3;

/** A home pressure reading. */
export type HomeBpReading = { readonly at: Instant; readonly sbp: number; readonly dbp: number };

/** Mean systolic and diastolic (1 decimal) of a set of readings, or `null` when there are none. */
export type BpMean = { readonly sbp: number; readonly dbp: number; readonly count: number } | null;

/** The home-monitoring summary. */
export type HomeBpSummary = {
  readonly morning: BpMean;
  readonly evening: BpMean;
  readonly overall: NonNullable<BpMean>;
  readonly days: number;
  readonly elevated: boolean;
};

function inWindow(at: Instant, window: { readonly fromHour: number; readonly toHour: number }): boolean {
  const hour = msSinceChinaMidnight(at) / 3_600_000;
  return hour >= window.fromHour && hour < window.toHour;
}

function mean(readings: readonly HomeBpReading[]): BpMean {
  if (readings.length === 0) {
    return null;
  }
  const sbp = readings.reduce((s, r) => s + r.sbp, 0) / readings.length;
  const dbp = readings.reduce((s, r) => s + r.dbp, 0) / readings.length;
  return { sbp: roundTo(sbp, 1), dbp: roundTo(dbp, 1), count: readings.length };
}

/**
 * Summarises home readings per the protocol: only readings in the morning or evening windows
 * count, the first China day of the series is discarded (first-day readings run high from
 * unfamiliarity), and the mean is elevated at ≥ 135 systolic or ≥ 85 diastolic.
 */
export function summariseHomeBp(readings: readonly HomeBpReading[]): Summary<HomeBpSummary> {
  const windowed = readings.filter((r) => inWindow(r.at, HOME_BP_MORNING) || inWindow(r.at, HOME_BP_EVENING));
  const firstDay = windowed.reduce((first, r) => Math.min(first, chinaDayNumber(r.at)), Infinity);
  const kept = windowed.filter((r) => chinaDayNumber(r.at) !== firstDay);
  const days = new Set(kept.map((r) => chinaDayNumber(r.at))).size;
  if (days < HOME_BP_MIN_DAYS) {
    return { status: 'insufficientData', have: days, need: HOME_BP_MIN_DAYS, unit: 'days' };
  }
  const overall = mean(kept);
  if (overall === null || kept.length < HOME_BP_MIN_READINGS) {
    return { status: 'insufficientData', have: kept.length, need: HOME_BP_MIN_READINGS, unit: 'readings' };
  }
  return {
    status: 'ok',
    morning: mean(kept.filter((r) => inWindow(r.at, HOME_BP_MORNING))),
    evening: mean(kept.filter((r) => inWindow(r.at, HOME_BP_EVENING))),
    overall,
    days,
    // Judge on the unrounded mean would differ only below 0.05 mmHg; the rounded one is what the user sees.
    elevated: overall.sbp >= HOME_BP_SBP_THRESHOLD || overall.dbp >= HOME_BP_DBP_THRESHOLD,
  };
}
