/*
 * The parts of a weekly or monthly health report (spec 2 §2.6, §3), generated deterministically from
 * a period's readings: counts per level, the time-slot distribution, the analysis, the monitoring,
 * diet and exercise advice, the remark analysis and the clinical summaries.
 *
 * The advice is general lifestyle advice chosen by the pattern of the readings. It never speaks of
 * medicine doses or changing medicine: that is the doctor's decision ({@link MEDICATION_ADVICE_WORDS}).
 *
 * This file holds what both reports share; the sugar report's parts are in sugarReport.ts, the
 * pressure report's in bpReport.ts, the level counts in levelCounts.ts.
 */
import { MEDICATION_ADVICE_WORDS } from './labels';
export { countLevels, type LevelCounts } from './levelCounts';

/** A report covers a Monday-to-Sunday week or a calendar month (China time). */
export type ReportPeriod = 'week' | 'month';

/** Whether a text gives medicine-dose advice (contains one of {@link MEDICATION_ADVICE_WORDS}). */
export function mentionsMedicationAdvice(text: string): boolean {
  return MEDICATION_ADVICE_WORDS.some((word) => text.includes(word));
}

/** At or above this share in range, control is called good. */
export const REPORT_GOOD_SHARE = 70;
/** At or above this share in range (and below {@link REPORT_GOOD_SHARE}), control is called fair. */
export const REPORT_FAIR_SHARE = 50;
