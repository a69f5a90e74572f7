/*
 * The five level counts of a report and the shares built from them; internal to reports/ (reportContent re-exports countLevels).
 */
import { roundTo } from '../shared/numbers';
import type { SugarLevel } from '../glucose/sugar';

/** The pie chart's five counts. */
export type LevelCounts = {
  readonly seriousHighCount: number;
  readonly highCount: number;
  readonly normalCount: number;
  readonly lowCount: number;
  readonly seriousLowCount: number;
};

/** Counts per level; readings without a level (no thresholds for their slot) are not counted. */
export function countLevels(levels: readonly (SugarLevel | null | undefined)[]): LevelCounts {
  const counts = { seriousHighCount: 0, highCount: 0, normalCount: 0, lowCount: 0, seriousLowCount: 0 };
  for (const level of levels) {
    addLevel(counts, level);
  }
  return counts;
}

/** Adds one reading's level to the counts. */
export function addLevel(
  counts: { -readonly [K in keyof LevelCounts]: number },
  level: SugarLevel | null | undefined,
): void {
  switch (level) {
    case 'seriousHigh':
      counts.seriousHighCount += 1;
      break;
    case 'high':
      counts.highCount += 1;
      break;
    case 'normal':
      counts.normalCount += 1;
      break;
    case 'low':
      counts.lowCount += 1;
      break;
    case 'seriousLow':
      counts.seriousLowCount += 1;
      break;
    case null:
    case undefined:
      // No thresholds for the slot: not counted.
      break;
  }
}

/** Whether a level is above the range. */
export const isHigh = (level: SugarLevel | null | undefined) => level === 'high' || level === 'seriousHigh';
/** `part` of `total` in percent with one decimal; 0 of nothing is 0. */
export const percent = (part: number, total: number) => (total === 0 ? 0 : roundTo((part / total) * 100, 1));
