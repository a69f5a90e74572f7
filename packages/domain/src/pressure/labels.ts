/** The Chinese texts of pressure: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import type { BpLevel } from './bloodPressure';

/**
 * Shown when a pressure field holds anything but a positive integer; the field is cleared. The
 * spec words it 'fill in a positive integer'.
 */
export const BP_POSITIVE_INTEGER_MESSAGE = '请填写正整数';

/** Shown when the systolic value is not above the diastolic one (e.g. the two typed the wrong way round). */
export const BP_SYSTOLIC_NOT_ABOVE_MESSAGE = '收缩压(高压)应高于舒张压(低压)，请检查是否填反';

/** Names of the pressure levels, as a relative's notice shows them. */
export const BP_LEVEL_LABELS: Readonly<Record<BpLevel, string>> = Object.freeze({
  low: '偏低',
  normal: '正常',
  high: '偏高',
});
