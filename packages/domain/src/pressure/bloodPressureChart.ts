import { levelFromSort } from './bloodPressure';
import type { BpRangeConfig } from './bloodPressure';

/** The reference lines of the pressure chart: where high systolic and high diastolic begin. */
export type BpReferenceLines = { readonly sbp: number; readonly dbp: number };

/**
 * Where the range configuration's high grades begin, for the chart's reference lines: the lowest
 * `sbpMin` and `dbpMin` among the rows whose sort reads as high (140 and 90 in the seeded,
 * guideline table). `undefined` when the configuration has no high row.
 */
export function bpReferenceLines(config: readonly BpRangeConfig[]): BpReferenceLines | undefined {
  const high = config.filter((row) => levelFromSort(row.sort) === 'high');
  if (high.length === 0) {
    return undefined;
  }
  return { sbp: Math.min(...high.map((row) => row.sbpMin)), dbp: Math.min(...high.map((row) => row.dbpMin)) };
}
