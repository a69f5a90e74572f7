import { charCount, emojiCheck, failWhen, firstFailure, isBlank } from './validator';
import type { ValidationResult } from './validator';

/** Longest report name, in characters. */
export const REPORT_NAME_MAX = 8;
/**
 * Reports a type may hold. The help text says 10 while the upload check says 50; the check is
 * what the product enforces, so 50 it is (see docs/decisions.md).
 */
export const REPORTS_PER_TYPE = 50;
/** Uploaded report `typeCode`: 1 blood sugar, 2 blood pressure, 3 blood lipid, 4 uric acid, anything else other. */
export const REPORT_TYPE_CODE = { bloodSugar: 1, bloodPressure: 2, bloodLipid: 3, uricAcid: 4 } as const;
/** Report upload messages, in the spec's words (including its 多余 for 多于). */
export const REPORT_UPLOAD_MESSAGES = {
  nameRequired: '请填写报告名',
  nameTooLong: '报告名称不能多余8个字符',
  typeFull: '暂时您只能上传50张报告',
} as const;

/** The gallery group of a `typeCode`. */
export function reportGroup(typeCode: number): keyof typeof REPORT_TYPE_CODE | 'other' {
  const entry = Object.entries(REPORT_TYPE_CODE).find(([, code]) => code === typeCode);
  return entry ? (entry[0] as keyof typeof REPORT_TYPE_CODE) : 'other';
}

/** An uploaded report: name required, no emoji, at most 8 characters, and the type not yet holding 50. */
export function validateReportUpload(input: { readonly reportName?: string | null; readonly reportsOfType: number }): ValidationResult {
  const name = (input.reportName ?? '').trim();
  return firstFailure([
    () => failWhen(isBlank(name), 'reportName', REPORT_UPLOAD_MESSAGES.nameRequired),
    () => emojiCheck('reportName', name),
    () => failWhen(charCount(name) > REPORT_NAME_MAX, 'reportName', REPORT_UPLOAD_MESSAGES.nameTooLong),
    () => failWhen(input.reportsOfType >= REPORTS_PER_TYPE, 'typeCode', REPORT_UPLOAD_MESSAGES.typeFull),
  ]);
}
