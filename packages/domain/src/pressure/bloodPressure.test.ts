import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BP_COLOR,
  BP_GAUGE_LEVELS,
  bloodPressureSort,
  classifyBloodPressure,
  isBpValueInRange,
  levelFromColor,
  levelFromSort,
  parseBpInput,
  bloodPressureReminder,
  isUrgentBloodPressure,
} from './bloodPressure';
import type { BpRangeConfig } from './bloodPressure';

// A configuration in the shape of getBloodPressureDictionary: sort rises with severity.
const CONFIG: BpRangeConfig[] = [
  { sort: 1, sbpMin: 0, sbpMax: 89, dbpMin: 0, dbpMax: 59 },
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, sbpMin: 160, sbpMax: 250, dbpMin: 100, dbpMax: 250 },
];

describe('levelFromSort', () => {
  it.each([
    [0, 'low'],
    [1, 'low'],
    [2, 'normal'],
    [3, 'normal'],
    [4, 'high'],
    [6, 'high'],
  ] as const)('maps sort %i to %s', (sort, level) => {
    expect(levelFromSort(sort)).toBe(level);
  });
});

describe('classifyBloodPressure', () => {
  it.each([
    [85, 55, 1, 'low'],
    [115, 75, 2, 'normal'],
    [135, 70, 3, 'normal'],
    [115, 95, 4, 'high'],
    [170, 70, 5, 'high'],
  ] as const)('takes the worse of sbp %i and dbp %i (sort %i, %s)', (sbp, dbp, sort, level) => {
    expect(bloodPressureSort(sbp, dbp, CONFIG)).toBe(sort);
    expect(classifyBloodPressure(sbp, dbp, CONFIG)).toBe(level);
  });

  it('places values outside every row at the nearest end of the table', () => {
    const narrow = CONFIG.slice(1, 4);
    expect(bloodPressureSort(60, 40, narrow)).toBe(2);
    expect(bloodPressureSort(200, 120, narrow)).toBe(4);
  });

  it('prefers the worse row where rows overlap', () => {
    const overlapping: BpRangeConfig[] = [
      { sort: 2, sbpMin: 90, sbpMax: 140, dbpMin: 60, dbpMax: 90 },
      { sort: 4, sbpMin: 140, sbpMax: 180, dbpMin: 90, dbpMax: 110 },
    ];
    expect(bloodPressureSort(140, 70, overlapping)).toBe(4);
  });

  it('gives undefined without a configuration', () => {
    expect(classifyBloodPressure(120, 80, [])).toBeUndefined();
  });

  it('never rates a reading better when either value rises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 0, max: 100 }),
        (sbp, dbp, rise) => {
          const before = bloodPressureSort(sbp, dbp, CONFIG) ?? 0;
          expect(bloodPressureSort(Math.min(250, sbp + rise), dbp, CONFIG)).toBeGreaterThanOrEqual(before);
          expect(bloodPressureSort(sbp, Math.min(250, dbp + rise), CONFIG)).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });
});

describe('pressure colours and gauge', () => {
  it('codes color 1 low, 2 normal, 3 high and the gauge 10/50/90', () => {
    expect(BP_COLOR).toEqual({ low: 1, normal: 2, high: 3 });
    expect(BP_GAUGE_LEVELS).toEqual({ low: 10, normal: 50, high: 90 });
    expect(levelFromColor(3)).toBe('high');
    expect(levelFromColor(9)).toBeUndefined();
  });
});

describe('parseBpInput', () => {
  it.each([
    ['120', 120],
    [' 80 ', 80],
    [72, 72],
    ['0', null],
    ['-5', null],
    ['12.5', null],
    ['abc', null],
    ['', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseBpInput(text)).toBe(expected);
  });

  it.each([
    [1, true],
    [250, true],
    [0, false],
    [251, false],
    [120.5, false],
  ])('knows %d is within 1–250: %s', (value, expected) => {
    expect(isBpValueInRange(value)).toBe(expected);
  });
});

describe('bloodPressureReminder', () => {
  it.each(['low', 'normal', 'high'] as const)('gives a tip for %s without naming a medicine', (level) => {
    expect(bloodPressureReminder(level)).not.toMatch(/药|剂量|毫克/);
  });

  it('asks to re-measure after rest when the pressure is high', () => {
    expect(bloodPressureReminder('high')).toContain('复测');
  });
});

// The seeded table (Chinese hypertension guideline grades).
const SEEDED_CONFIG: BpRangeConfig[] = [
  { sort: 1, sbpMin: 1, sbpMax: 89, dbpMin: 1, dbpMax: 59 },
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, sbpMin: 160, sbpMax: 179, dbpMin: 100, dbpMax: 109 },
  { sort: 6, sbpMin: 180, sbpMax: 250, dbpMin: 110, dbpMax: 250 },
];

describe('isUrgentBloodPressure', () => {
  it.each([
    [180, 90, true],
    [150, 110, true],
    [179, 109, false],
    [160, 100, false],
    [120, 80, false],
    [80, 50, false],
  ])('pressure %i/%i urgent: %s', (sbp, dbp, urgent) => {
    expect(isUrgentBloodPressure(sbp, dbp, SEEDED_CONFIG)).toBe(urgent);
  });

  it('marks nothing urgent without a configuration, or when the worst row is not a high one', () => {
    expect(isUrgentBloodPressure(200, 120, [])).toBe(false);
    expect(isUrgentBloodPressure(200, 120, [{ sort: 3, sbpMin: 1, sbpMax: 250, dbpMin: 1, dbpMax: 250 }])).toBe(false);
  });
});
