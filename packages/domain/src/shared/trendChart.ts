import { inChina, pad2 } from './time';
import type { Instant } from './time';

/**
 * The rules every trend chart follows (ADR 0108): which calendar unit its time axis is labelled
 * in, how densely its time axis is laid out so that it reads linearly in time, how its value axis
 * is fitted to the readings and their reference values, and how the span on screen is named.
 */

/** The calendar unit a time axis is labelled in: hours, days (日) or months (月). */
export type ChartTimeUnit = 'hour' | 'day' | 'month';
/** What a tick of the time axis marks: a new year, month or day, or a time within a day. */
export type ChartTickKind = 'year' | 'month' | 'day' | 'time';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The label unit for a chart spanning `spanDays`: up to two days in hours, up to a month in days
 * (日), longer in months (月). Year boundaries are always labelled with 年.
 */
export function chartTimeUnit(spanDays: number): ChartTimeUnit {
  if (spanDays <= 2) {
    return 'hour';
  }
  return spanDays <= 31 ? 'day' : 'month';
}

/**
 * The step of the even time grid a chart with a named range is laid out on, so that equal times take
 * equal widths (the chart library spaces its points evenly, whatever their dates): readings are
 * placed on the hour they were taken in (a second reading of the same hour on the next free hour), so
 * a year is 8,760 places, and the grid holds every China midnight, hence every first of a month.
 */
export const CHART_GRID_STEP_MS = HOUR_MS;

/**
 * The label of a time-axis tick, in Chinese, or `null` for a tick the unit leaves blank: a month
 * axis names months (11月) and years (2026年) only, a day axis days (24日), months and years, an
 * hour axis times (08:00) and days. So one range never mixes 9月 with 3日.
 */
export function formatChartTick(instant: Instant, kind: ChartTickKind, unit: ChartTimeUnit): string | null {
  const at = inChina(instant);
  switch (kind) {
    case 'year':
      return `${at.year()}年`;
    case 'month':
      return unit === 'hour' ? `${at.month() + 1}月${at.date()}日` : `${at.month() + 1}月`;
    case 'day':
      return unit === 'month' ? null : `${at.date()}日`;
    case 'time':
      return unit === 'hour' ? `${pad2(at.hour())}:${pad2(at.minute())}` : null;
  }
}

/** A fitted value axis: from `min` to `max`, labelled every `step`. */
export type ChartValueRange = { readonly min: number; readonly max: number; readonly step: number };

/** The options of {@link fitChartValueRange}. */
export type FitValueRangeOptions = {
  /** Values that must be on the axis too: a target band's ends, reference lines. */
  readonly references?: readonly number[];
  /** A fixed label step (pressure: 25); otherwise a round step giving about five labels. */
  readonly step?: number;
  /** The axis never goes below this (0: no negative sugar or pressure). */
  readonly floor?: number;
  /** The smallest span shown, so that one reading or a flat line does not fill the height. */
  readonly minSpan?: number;
};

/** The round label step (1, 2, 2.5 or 5 times a power of ten) that divides `span` into about five. */
export function niceChartStep(span: number): number {
  const rough = span / 5;
  if (!(rough > 0)) {
    return 1;
  }
  const power = 10 ** Math.floor(Math.log10(rough));
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * power >= rough) ?? 10;
  return factor * power;
}

/**
 * The value axis fitted to the readings and the reference values (ADR 0108): from the lowest to the
 * highest of them, widened to at least `minSpan`, padded by a tenth of the span on each side, and
 * rounded out to whole steps; never below `floor`. `null` when there is nothing to show.
 */
export function fitChartValueRange(
  values: readonly number[],
  { references = [], step, floor = 0, minSpan = 0 }: FitValueRangeOptions = {},
): ChartValueRange | null {
  const all = [...values, ...references].filter(Number.isFinite);
  if (all.length === 0) {
    return null;
  }
  let low = Math.min(...all);
  let high = Math.max(...all);
  if (high - low < minSpan) {
    const middle = (low + high) / 2;
    low = middle - minSpan / 2;
    high = middle + minSpan / 2;
  }
  const pad = (high - low) / 10 || 1;
  const labelStep = step ?? niceChartStep(high - low + 2 * pad);
  const min = Math.max(floor, Math.floor((low - pad) / labelStep) * labelStep);
  const max = Math.ceil((high + pad) / labelStep) * labelStep;
  return { min: roundStep(min), max: roundStep(max), step: labelStep };
}

/** Removes the binary noise of multiplying decimal steps (0.1 × 3 = 0.30000000000000004). */
function roundStep(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Names the span of dates on screen, e.g. 11月24日–26日, 10月30日–11月2日 or 2025年12月28日–2026年1月3日
 * (the year only when the span crosses one); a single day is named once.
 */
export function formatChartSpan(from: Instant, to: Instant): string {
  const start = inChina(from);
  const end = inChina(to);
  const startText = `${start.month() + 1}月${start.date()}日`;
  if (start.year() !== end.year()) {
    return `${start.year()}年${startText}–${end.year()}年${end.month() + 1}月${end.date()}日`;
  }
  if (start.month() === end.month()) {
    return start.date() === end.date() ? startText : `${startText}–${end.date()}日`;
  }
  return `${startText}–${end.month() + 1}月${end.date()}日`;
}

/** The span of a chart's data in days (at least a day), for charts without a named range. */
export function chartSpanDays(times: readonly number[]): number {
  if (times.length === 0) {
    return 1;
  }
  return Math.max(1, (Math.max(...times) - Math.min(...times)) / DAY_MS);
}

/**
 * The smallest span of each chart's value axis, in its unit, so that a few close readings are not
 * stretched over the whole height: 4 mmol/L of sugar, 50 mmHg of pressure, 1 mmol/L of ketone,
 * 100 μmol/L of uric acid and 6 jin of weight.
 */
export const CHART_MIN_SPANS = { sugar: 4, pressure: 50, ketone: 1, uricAcid: 100, weightJin: 6 } as const;
