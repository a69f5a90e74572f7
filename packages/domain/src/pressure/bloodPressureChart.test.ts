import { describe, expect, it } from 'vitest';
import { bpReferenceLines } from './bloodPressureChart';
import type { BpRangeConfig } from './bloodPressure';

// The seeded table (Chinese hypertension guideline grades).
const SEEDED_CONFIG: BpRangeConfig[] = [
  { sort: 1, sbpMin: 1, sbpMax: 89, dbpMin: 1, dbpMax: 59 },
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, sbpMin: 160, sbpMax: 179, dbpMin: 100, dbpMax: 109 },
  { sort: 6, sbpMin: 180, sbpMax: 250, dbpMin: 110, dbpMax: 250 },
];

describe('bpReferenceLines', () => {
  it('draws the lines where the configuration’s high grades begin: 140/90 in the guideline table', () => {
    expect(bpReferenceLines(SEEDED_CONFIG)).toEqual({ sbp: 140, dbp: 90 });
  });

  it('follows a configuration with other thresholds', () => {
    const stricter = SEEDED_CONFIG.map((row) => (row.sort === 4 ? { ...row, sbpMin: 130, dbpMin: 80 } : row));
    expect(bpReferenceLines(stricter)).toEqual({ sbp: 130, dbp: 80 });
  });

  it('is undefined without a high grade', () => {
    expect(bpReferenceLines(SEEDED_CONFIG.filter((row) => row.sort < 4))).toBeUndefined();
  });
});
