import { charCount, fail, firstFailure, isBlank, OK } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { RX_SHOW_STATUS } from './consult';
import { RX_UNDER_REVIEW_MESSAGE } from './labels';
import { validateMedication } from './medication';
import type { ReadingPushFields } from '../social/readingNotice';

/**
 * Electronic prescriptions and medication advice (spec 3 §2.2, §3, §4; docs/adr/0153). A
 * prescription's `status`: 1 waiting for the pharmacist, 2 approved and not yet used, 3 rejected,
 * 4 used (dispensed against its QR seal), 5 expired unused.
 */
export const RX_STATUS = { awaitingReview: 1, approved: 2, rejected: 3, used: 4, expired: 5 } as const;
export type RxStatus = (typeof RX_STATUS)[keyof typeof RX_STATUS];

/** What happens to a prescription. */
export type RxEvent = 'approved' | 'rejected' | 'used' | 'expired';

/**
 * The one transition table of a prescription: the status after `event`, or `null` when the event
 * does not apply (a review of a reviewed prescription, dispensing one that is not approved-and-unused).
 */
export function nextRxStatus(status: number, event: RxEvent): RxStatus | null {
  switch (event) {
    case 'approved':
      return status === RX_STATUS.awaitingReview ? RX_STATUS.approved : null;
    case 'rejected':
      return status === RX_STATUS.awaitingReview ? RX_STATUS.rejected : null;
    case 'used':
    case 'expired':
      return status === RX_STATUS.approved ? (event === 'used' ? RX_STATUS.used : RX_STATUS.expired) : null;
  }
}

/** The patient's view of a rejected prescription (the spec lists only 1, 2, 4 and 5; ADR 0153). */
export const RX_SHOW_REJECTED = 3;

/**
 * The patient's `customerShowStatus` of a prescription status: review 1, unused 2, used 4, expired 5,
 * and a rejected prescription 3 (shown under 全部 only, with the pharmacist's reason).
 */
export function customerShowStatusOf(status: number): number {
  switch (status) {
    case RX_STATUS.awaitingReview:
      return RX_SHOW_STATUS.underReview;
    case RX_STATUS.approved:
      return RX_SHOW_STATUS.unused;
    case RX_STATUS.used:
      return RX_SHOW_STATUS.used;
    case RX_STATUS.expired:
      return RX_SHOW_STATUS.expired;
    default:
      return RX_SHOW_REJECTED;
  }
}

/** The list's status words by `customerShowStatus`. */
export const RX_SHOW_STATUS_LABELS: Readonly<Record<number, string>> = {
  1: '审核中',
  2: '未使用',
  3: '未通过',
  4: '已使用',
  5: '已过期',
};

/** The list's tabs: 全部 and the spec's filters 2, 4, 5. */
export const RX_FILTER_TABS = [
  { label: '全部', value: undefined },
  { label: '未使用', value: RX_SHOW_STATUS.unused },
  { label: '已使用', value: RX_SHOW_STATUS.used },
  { label: '已过期', value: RX_SHOW_STATUS.expired },
] as const;

/** Days an approved prescription stays usable before it expires (status 5; ADR 0153). */
export const RX_UNUSED_DAYS = 3;

/** The moment an approved prescription expires. */
export function rxExpiresAt(approvedAt: Date): Date {
  return new Date(approvedAt.getTime() + RX_UNUSED_DAYS * 86_400_000);
}

/** Longest diagnosis / advice text a doctor writes. */
export const RX_CONTENT_MAX = 500;
/** Most medicines on one prescription or advice. */
export const RX_MEDICINES_MAX = 10;
/** Longest rejection reason. */
export const RX_REASON_MAX = 200;

/** Prescription messages (our Chinese where the spec gives none; ADR 0004). */
export const RX_MESSAGES = {
  underReview: RX_UNDER_REVIEW_MESSAGE,
  notFound: '处方不存在',
  adviceNotFound: '用药建议不存在',
  contentRequired: '请填写诊断及处理意见',
  contentTooLong: `诊断及处理意见不能超过${RX_CONTENT_MAX}字`,
  adviceRequired: '请填写建议内容',
  adviceTooLong: `建议内容不能超过${RX_CONTENT_MAX}字`,
  medicinesRequired: '请至少添加一种药品',
  tooManyMedicines: `一次最多开具${RX_MEDICINES_MAX}种药品`,
  duplicateMedicine: '同一药品请勿重复添加',
  numberInvalid: '请填写正确的药品数量',
  timeInvalid: '请填写正确的用药时长',
  rxCategoryRequired: '请选择处方类别',
  unknownOption: '所选项目不存在，请重新选择',
  notPrescriber: '该医生暂无开具处方的资质',
  consultNotOpen: '当前咨询状态不能开具处方或用药建议',
  reasonRequired: '请填写驳回原因',
  reasonTooLong: `驳回原因不能超过${RX_REASON_MAX}字`,
  alreadyReviewed: '该处方已审核',
  used: '该处方已使用',
  expired: '该处方已过期',
  rejected: '该处方未通过审核',
  awaitingReview: '该处方尚未审核',
  /** The detail's tip where the drug list is hidden (rx status other than 4). */
  purchaseNeeded: '凭处方二维码到药店购药后，可查看完整药品清单',
  /** The re-visit dialog (spec 3 §6: aimed at diabetes patients). */
  revisitQuestion: '您是否已确诊糖尿病，需要医生为您复诊续方？',
} as const;

/** One medicine line as the doctor fills it in. */
export interface RxMedicineLine {
  readonly medicineId: number;
  readonly number: number;
  readonly dosage: string;
  readonly usaged: string;
  readonly rate: string;
  readonly time: number;
  readonly timeUnit: number;
}

/** A medicine line: the medication diary's rules (medicine, usage, frequency, dosage) then quantity and duration. */
export function validateRxMedicine(line: RxMedicineLine): ValidationResult {
  const diary = validateMedication(line);
  if (!diary.ok) {
    return diary;
  }
  if (!Number.isInteger(line.number) || line.number < 1 || line.number > 99) {
    return fail('number', RX_MESSAGES.numberInvalid);
  }
  if (
    !Number.isInteger(line.time) ||
    line.time < 1 ||
    line.time > 365 ||
    (line.timeUnit !== 0 && line.timeUnit !== 1)
  ) {
    return fail('time', RX_MESSAGES.timeInvalid);
  }
  return OK;
}

function validateLines(medicines: readonly RxMedicineLine[]): ValidationResult {
  if (medicines.length > RX_MEDICINES_MAX) {
    return fail('medicines', RX_MESSAGES.tooManyMedicines);
  }
  if (new Set(medicines.map((m) => m.medicineId)).size !== medicines.length) {
    return fail('medicines', RX_MESSAGES.duplicateMedicine);
  }
  for (const line of medicines) {
    const r = validateRxMedicine(line);
    if (!r.ok) {
      return r;
    }
  }
  return OK;
}

/** The content is required and bounded; the messages name the field as its form labels it. */
function contentCheck(content: string, kind: 'prescription' | 'advice' = 'prescription'): ValidationResult | undefined {
  const advice = kind === 'advice';
  if (isBlank(content)) {
    return fail('content', advice ? RX_MESSAGES.adviceRequired : RX_MESSAGES.contentRequired);
  }
  return charCount(content) > RX_CONTENT_MAX
    ? fail('content', advice ? RX_MESSAGES.adviceTooLong : RX_MESSAGES.contentTooLong)
    : undefined;
}

/** A prescription form: content, category, then at least one valid medicine line. */
export function validatePrescription(input: {
  readonly content: string;
  readonly rxCategory: string;
  readonly medicines: readonly RxMedicineLine[];
}): ValidationResult {
  return firstFailure([
    () => contentCheck(input.content),
    () => (isBlank(input.rxCategory) ? fail('rxCategory', RX_MESSAGES.rxCategoryRequired) : undefined),
    () => (input.medicines.length === 0 ? fail('medicines', RX_MESSAGES.medicinesRequired) : undefined),
    () => {
      const r = validateLines(input.medicines);
      return r.ok ? undefined : r;
    },
  ]);
}

/** A medication advice: content, and any medicine lines it names (it may name none). */
export function validateAdvice(input: {
  readonly content: string;
  readonly medicines: readonly RxMedicineLine[];
}): ValidationResult {
  return firstFailure([
    () => contentCheck(input.content, 'advice'),
    () => {
      const r = validateLines(input.medicines);
      return r.ok ? undefined : r;
    },
  ]);
}

/** A rejection needs a reason; an approval needs none. */
export function validateRxReview(input: {
  readonly approve: boolean;
  readonly reason?: string | null;
}): ValidationResult {
  if (input.approve) {
    return OK;
  }
  if (isBlank(input.reason)) {
    return fail('reason', RX_MESSAGES.reasonRequired);
  }
  return charCount(input.reason ?? '') > RX_REASON_MAX ? fail('reason', RX_MESSAGES.reasonTooLong) : OK;
}

/** Why a prescription cannot be dispensed, or `null` when it can (approved and unused). */
export function rxRedeemRefusal(status: number): string | null {
  switch (status) {
    case RX_STATUS.approved:
      return null;
    case RX_STATUS.used:
      return RX_MESSAGES.used;
    case RX_STATUS.expired:
      return RX_MESSAGES.expired;
    case RX_STATUS.rejected:
      return RX_MESSAGES.rejected;
    default:
      return RX_MESSAGES.awaitingReview;
  }
}

/** How long to take a medicine: `time` days (timeUnit 0) or months (otherwise). */
export function formatRxDuration(time: number, timeUnit: number): string {
  return timeUnit === 0 ? `${time}天` : `${time}个月`;
}

/** The chat's custom message texts for the prescription steps (`data` prescription, rx audit, proposal). */
export function rxChatDescription(
  kind: 'prescription' | 'rx audit' | 'proposal',
  detail: { readonly approved?: boolean; readonly reason?: string | null } = {},
): string {
  switch (kind) {
    case 'prescription':
      return '医生已为您开具电子处方，药师审核通过后即可使用';
    case 'proposal':
      return '医生给您发送了用药建议';
    case 'rx audit':
      return detail.approved
        ? '您的处方已通过药师审核，请在有效期内凭处方二维码到药店购药'
        : `您的处方未通过药师审核${detail.reason ? `：${detail.reason}` : ''}`;
  }
}

/** The in-app notice telling the patient a pharmacist reviewed their prescription. */
export function rxReviewNotice(review: {
  readonly doctorName: string;
  readonly approved: boolean;
  readonly reason: string | null;
}): { title: string; text: string } {
  const who = review.doctorName ? `${review.doctorName}医生为您开具的处方` : '您的处方';
  return review.approved
    ? {
        title: '处方已通过审核',
        text: `${who}已通过药师审核，请在${RX_UNUSED_DAYS}天内凭处方二维码到药店购药。`,
      }
    : {
        title: '处方未通过审核',
        text: `${who}未通过药师审核${review.reason ? `，原因：${review.reason}` : ''}。如有疑问请联系医生。`,
      };
}

/** The console's words for a prescription's `status` (the pharmacist's queue and view). */
export const RX_STATUS_LABELS: Readonly<Record<RxStatus, string>> = {
  1: '待审核',
  2: '已通过（未使用）',
  3: '已驳回',
  4: '已使用',
  5: '已过期',
};

/**
 * The messaging app's template fields of a review notice, in the five fields of the health template
 * (person, item, value, result, time; ADR 0153): the patient, 电子处方, the prescribing doctor, the verdict.
 */
export function rxReviewPushFields(review: {
  readonly patientName: string;
  readonly doctorName: string;
  readonly approved: boolean;
  readonly time: string;
}): ReadingPushFields {
  return {
    name: Array.from(review.patientName || '患者')
      .slice(0, 20)
      .join(''),
    item: '电子处方',
    value: review.doctorName ? `${Array.from(review.doctorName).slice(0, 16).join('')}医生开具` : '医生开具',
    result: review.approved ? '审核通过' : '未通过审核',
    time: review.time,
  };
}
