import { roundTo } from '../shared/numbers';

/** Weight is entered and shown in jin; the stored value is kilograms, half the jin shown. */
export const JIN_PER_KG = 2;
/** Health-record height bounds, cm. */
export const HEIGHT_CM_MIN = 20;
/** Health-record height bounds, cm. */
export const HEIGHT_CM_MAX = 240;
/** Health-record weight bounds, kg. */
export const WEIGHT_KG_MIN = 5;
/** Health-record weight bounds, kg. */
export const WEIGHT_KG_MAX = 200;
/** BMI of the ideal weight. */
export const IDEAL_BMI = 21.25;
/** BMI marks of the ideal-weight scale: low / standard / high / obese boundaries. */
export const BMI_MARKS = [18.5, 24, 28] as const;
/** BMI at which the gauge is full. */
export const BMI_GAUGE_FULL = 80;
/** Points the weight chart shows at a time. */
export const WEIGHT_CHART_POINTS = 7;

/** Kilograms (stored) for a weight shown in jin. */
export function jinToKg(jin: number): number {
  return jin / JIN_PER_KG;
}

/** Jin (shown) for a stored weight in kilograms. */
export function kgToJin(kg: number): number {
  return kg * JIN_PER_KG;
}

/** BMI from a weight in kg and a height in cm, to 2 decimals; `null` when height is not positive. */
export function bmiFromKg(weightKg: number, heightCm: number): number | null {
  if (!(heightCm > 0)) {
    return null;
  }
  const metres = heightCm / 100;
  return roundTo(weightKg / (metres * metres), 2);
}

/** BMI from a weight in jin (as entered) and a height in cm: weight / 2 / metres², to 2 decimals. */
export function bmiFromJin(weightJin: number, heightCm: number): number | null {
  return bmiFromKg(jinToKg(weightJin), heightCm);
}

/** The BMI classes with their codes, labels and border colours. */
export const BMI_CLASSES = [
  { code: 1, label: '偏轻', colour: 'blue', below: 18.5 },
  { code: 2, label: '标准', colour: 'green', below: 24 },
  { code: 3, label: '偏重', colour: 'orange', below: 28 },
  { code: 4, label: '过重', colour: 'red', below: Number.POSITIVE_INFINITY },
] as const;
/** One of the four BMI classes. */
export type BmiClass = (typeof BMI_CLASSES)[number];

/** The class of a BMI: under 18.5 偏轻, under 24 标准, under 28 偏重, else 过重. */
export function classifyBmi(bmi: number): BmiClass {
  return BMI_CLASSES.find((c) => bmi < c.below) ?? BMI_CLASSES[3];
}

/** The weight in jin (1 decimal) that gives `bmi` at the height. */
export function weightJinAtBmi(bmi: number, heightCm: number): number {
  const metres = heightCm / 100;
  return roundTo(kgToJin(bmi * metres * metres), 1);
}

/** The ideal weight in jin (1 decimal): BMI 21.25 at the user's height. */
export function idealWeightJin(heightCm: number): number {
  return weightJinAtBmi(IDEAL_BMI, heightCm);
}

/** The weights in jin at the three scale marks (BMI 18.5, 24, 28). */
export function idealWeightMarks(heightCm: number): {
  readonly low: number;
  readonly standard: number;
  readonly high: number;
} {
  const [low, standard, high] = BMI_MARKS.map((bmi) => weightJinAtBmi(bmi, heightCm));
  return { low: low ?? 0, standard: standard ?? 0, high: high ?? 0 };
}

/**
 * The gauge position in percent. The gauge has four equal quarters, one per class, and is full at
 * BMI 80; within a quarter the position is linear. Negative BMI gives 0 and anything past 80 gives 100.
 */
export function bmiGaugePercent(bmi: number): number {
  const edges = [0, ...BMI_MARKS, BMI_GAUGE_FULL];
  for (let quarter = 0; quarter < 4; quarter += 1) {
    const from = edges[quarter] ?? 0;
    const to = edges[quarter + 1] ?? BMI_GAUGE_FULL;
    if (bmi < to) {
      const within = Math.max(0, (bmi - from) / (to - from));
      return roundTo((quarter + within) * 25, 2);
    }
  }
  return 100;
}

/** The change in jin (1 decimal, signed) from an earlier record to the current one; `null` without an earlier one. */
export function weightChangeJin(currentJin: number, earlierJin: number | null | undefined): number | null {
  return earlierJin === null || earlierJin === undefined ? null : roundTo(currentJin - earlierJin, 1);
}
