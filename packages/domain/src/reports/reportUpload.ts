import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGE_TYPES } from '../shared/upload';
import { charCount, emojiCheck, failWhen, firstFailure, isBlank, OK } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { REPORT_TYPE_LABELS, REPORT_UPLOAD_MESSAGES } from './labels';

/** Longest report name, in characters (a Chinese character or an emoji counts once). */
export const REPORT_NAME_MAX = 8;
/**
 * Reports a type may hold. The help text says 10 while the upload check says 50; the check is
 * what the product enforces, so 50 it is, and our help text says 50 too (see
 * docs/adr/0063-medical-report-uploads-private-photos.md).
 */
export const REPORTS_PER_TYPE = 50;
/**
 * Uploaded report `typeCode`: 1 blood sugar, 2 blood pressure, 3 blood lipid, 4 uric acid; the
 * spec files any other code under 'other', and 5 is the code we give 'other' (dictionary `report_type`).
 */
export const REPORT_TYPE_CODE = { bloodSugar: 1, bloodPressure: 2, bloodLipid: 3, uricAcid: 4, other: 5 } as const;
/** A gallery group of uploaded reports. */
export type ReportGroup = keyof typeof REPORT_TYPE_CODE;
/** The gallery groups in the page's order: 血糖, 尿酸, 血脂, 血压, 其他 (spec 2 §2.14). */
export const REPORT_GALLERY_ORDER: readonly ReportGroup[] = Object.freeze([
  'bloodSugar',
  'uricAcid',
  'bloodLipid',
  'bloodPressure',
  'other',
]);
/** The dictionary `report_type` (served by /dictionary/v1/getByCodes), in gallery order. */
export const REPORT_TYPE_DICTIONARY: readonly { readonly itemKey: string; readonly itemValue: string }[] =
  Object.freeze(
    REPORT_GALLERY_ORDER.map((group) => ({
      itemKey: String(REPORT_TYPE_CODE[group]),
      itemValue: REPORT_TYPE_LABELS[group],
    })),
  );

/** The help dialog's lines. The product's help text said 10 reports per type; the enforced limit is 50. */
export const REPORT_UPLOAD_HELP: readonly string[] = Object.freeze([
  '1. 点击“上传报告”，选择报告类型，填写报告名称后选择图片。',
  `2. 报告名称最多${REPORT_NAME_MAX}个字。`,
  '3. 支持jpg、png格式的图片，单张需小于10MB，较大的图片会自动压缩后上传。',
  `4. 每种类型最多保存${REPORTS_PER_TYPE}张报告。`,
  '5. 点击报告可查看大图，在大图下方可删除该报告。',
]);

/** The gallery group of a `typeCode`; codes other than 1–4 are 'other', as the spec says. */
export function reportGroup(typeCode: number): ReportGroup {
  const entry = Object.entries(REPORT_TYPE_CODE).find(([, code]) => code === typeCode);
  return entry ? (entry[0] as ReportGroup) : 'other';
}

/** Whether a `typeCode` may be uploaded: one of the dictionary's five codes. */
export function isReportTypeCode(typeCode: unknown): typeCode is (typeof REPORT_TYPE_CODE)[ReportGroup] {
  return Object.values(REPORT_TYPE_CODE).includes(typeCode as never);
}

/** A report's name: required, no emoji, at most 8 characters (after trimming). */
export function validateReportName(reportName: string | null | undefined): ValidationResult {
  const name = (reportName ?? '').trim();
  return firstFailure([
    () => failWhen(isBlank(name), 'reportName', REPORT_UPLOAD_MESSAGES.nameRequired),
    () => emojiCheck('reportName', name),
    () => failWhen(charCount(name) > REPORT_NAME_MAX, 'reportName', REPORT_UPLOAD_MESSAGES.nameTooLong),
  ]);
}

/** Whether a type holding `reportsOfType` reports still takes one: fails at 50. */
export function checkReportRoom(reportsOfType: number): ValidationResult {
  return reportsOfType >= REPORTS_PER_TYPE
    ? { ok: false, field: 'typeCode', message: REPORT_UPLOAD_MESSAGES.typeFull }
    : OK;
}

/**
 * An uploaded report, in the order the page asks: the type (chosen first), then the name, then
 * whether the type still has room for one more of its 50.
 */
export function validateReportUpload(input: {
  readonly reportName?: string | null;
  readonly typeCode?: number | null;
  readonly reportsOfType: number;
}): ValidationResult {
  return firstFailure([
    () =>
      failWhen(
        input.typeCode !== undefined && !isReportTypeCode(input.typeCode),
        'typeCode',
        REPORT_UPLOAD_MESSAGES.typeRequired,
      ),
    () => {
      const name = validateReportName(input.reportName);
      return name.ok ? undefined : name;
    },
    () => {
      const room = checkReportRoom(input.reportsOfType);
      return room.ok ? undefined : room;
    },
  ]);
}

/**
 * What is wrong with a chosen report photo, or `null` when it may be sent: jpg or png only (by the
 * file's type, as the chooser reports it), and under 10 MB once prepared for upload.
 */
export function reportImageProblem(file: { readonly type: string; readonly size: number }): string | null {
  if (!(REPORT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return REPORT_UPLOAD_MESSAGES.badFormat;
  }
  return file.size < REPORT_IMAGE_MAX_BYTES ? null : REPORT_UPLOAD_MESSAGES.tooLarge;
}

/** A report as the gallery shows it (the fields it needs of the API's report image). */
export type GalleryReport = { readonly typeCode: number };

/** One gallery group: its code, label and reports, newest first. */
export type ReportGallery<T extends GalleryReport> = {
  readonly group: ReportGroup;
  readonly typeCode: number;
  readonly label: string;
  readonly reports: readonly T[];
};

/**
 * The reports in their galleries, in the page's order (血糖, 尿酸, 血脂, 血压, 其他); every group is
 * present, empty or not. Within a group the reports keep the order given (the API's newest first).
 */
export function reportGalleries<T extends GalleryReport>(reports: readonly T[]): ReportGallery<T>[] {
  return REPORT_GALLERY_ORDER.map((group) => ({
    group,
    typeCode: REPORT_TYPE_CODE[group],
    label: REPORT_TYPE_LABELS[group],
    reports: reports.filter((report) => reportGroup(report.typeCode) === group),
  }));
}

/** How many reports the galleries hold for the group of `typeCode` (for the 50-per-type check before uploading). */
export function reportsInGroup(reports: readonly GalleryReport[], typeCode: number): number {
  const group = reportGroup(typeCode);
  return reports.filter((report) => reportGroup(report.typeCode) === group).length;
}
