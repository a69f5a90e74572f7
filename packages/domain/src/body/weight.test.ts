import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BMI_CLASSES,
  bmiFromJin,
  bmiFromKg,
  bmiGaugePercent,
  classifyBmi,
  idealWeightJin,
  idealWeightMarks,
  jinToKg,
  kgToJin,
  weightChangeJin,
} from './weight';

describe('jin and kg', () => {
  it('stores half the jin shown', () => {
    expect(jinToKg(130)).toBe(65);
    expect(kgToJin(65)).toBe(130);
  });
});

describe('bmiFromJin', () => {
  it.each([
    [130, 170, 22.49],
    [100, 160, 19.53],
    [200, 175, 32.65],
  ])('gives %d jin at %d cm a BMI of %d', (jin, cm, bmi) => {
    expect(bmiFromJin(jin, cm)).toBe(bmi);
  });

  it('gives null without a height', () => {
    expect(bmiFromJin(130, 0)).toBeNull();
    expect(bmiFromKg(65, Number.NaN)).toBeNull();
  });
});

describe('classifyBmi', () => {
  it.each([
    [18.49, 1, '偏轻', 'blue'],
    [18.5, 2, '标准', 'green'],
    [23.99, 2, '标准', 'green'],
    [24, 3, '偏重', 'orange'],
    [27.99, 3, '偏重', 'orange'],
    [28, 4, '过重', 'red'],
    [45, 4, '过重', 'red'],
  ])('classes BMI %d as %i %s (%s)', (bmi, code, label, colour) => {
    expect(classifyBmi(bmi)).toMatchObject({ code, label, colour });
  });

  it('is monotone', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (bmi, more) => {
          expect(classifyBmi(bmi + more).code).toBeGreaterThanOrEqual(classifyBmi(bmi).code);
        },
      ),
    );
    expect(BMI_CLASSES).toHaveLength(4);
  });
});

describe('ideal weight', () => {
  it('is BMI 21.25 in jin to one decimal', () => {
    // 21.25 × 1.70² = 61.4125 kg = 122.825 jin
    expect(idealWeightJin(170)).toBe(122.8);
  });

  it('marks BMI 18.5, 24 and 28', () => {
    expect(idealWeightMarks(170)).toEqual({ low: 106.9, standard: 138.7, high: 161.8 });
  });
});

describe('bmiGaugePercent', () => {
  it.each([
    [0, 0],
    [-3, 0],
    [18.5, 25],
    [21.25, 37.5],
    [24, 50],
    [28, 75],
    [54, 87.5],
    [80, 100],
    [95, 100],
  ])('puts BMI %d at %d%%', (bmi, percent) => {
    expect(bmiGaugePercent(bmi)).toBe(percent);
  });

  it('never decreases and stays within 0–100', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 120, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (bmi, more) => {
          const a = bmiGaugePercent(bmi);
          expect(bmiGaugePercent(bmi + more)).toBeGreaterThanOrEqual(a);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('weightChangeJin', () => {
  it('gives the signed change to one decimal, or null without an earlier record', () => {
    expect(weightChangeJin(130.4, 131.5)).toBe(-1.1);
    expect(weightChangeJin(130, null)).toBeNull();
    expect(weightChangeJin(130, undefined)).toBeNull();
  });
});
