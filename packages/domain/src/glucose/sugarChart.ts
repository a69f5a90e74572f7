import { SUGAR_CHART_SLOTS } from './sugar';
import type { SugarRange } from './sugar';

/** The target band a sugar chart draws: readings from `low` to `high` are on target. */
export type SugarTargetBand = {
  readonly low: number;
  readonly high: number;
  /** False when the slots the chart covers have different targets and the band spans them all. */
  readonly uniform: boolean;
};

/**
 * The target band of a sugar chart's time type (1 fasting, 2 before a meal, 3 after a meal): the
 * user's low–high target of the slots it covers (their own targets, else the dictionary's). A
 * before-meal chart covers 午餐前 and 晚餐前: when their targets differ, the band runs from the
 * lowest low to the highest high and says it is not uniform (ADR 0109). `undefined` when no slot
 * of the time type has thresholds.
 */
export function sugarChartTargetBand(
  chartTimeType: keyof typeof SUGAR_CHART_SLOTS,
  rangeOf: (timeType: number) => SugarRange | undefined,
): SugarTargetBand | undefined {
  const ranges = SUGAR_CHART_SLOTS[chartTimeType].flatMap((slot) => rangeOf(slot) ?? []);
  const first = ranges[0];
  if (first === undefined) {
    return undefined;
  }
  return {
    low: Math.min(...ranges.map((r) => r.lowValue)),
    high: Math.max(...ranges.map((r) => r.highValue)),
    uniform: ranges.every((r) => r.lowValue === first.lowValue && r.highValue === first.highValue),
  };
}
