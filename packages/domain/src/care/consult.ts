import { msSinceChinaMidnight, pad2 } from '../shared/time';
import type { Instant } from '../shared/time';
import { RX_UNDER_REVIEW_MESSAGE } from './labels';
import { fail, firstFailure, type ValidationResult } from '../shared/validator';
import { EXCLUSIVE_ALLERGY_OPTIONS, validateAllergyHistory, validateConsultDescription } from './consultForm';

/** Consultation session `status` codes. */
export const CONSULT_STATUS = { finished: 0, toConsult: 1, inConsultation: 2, waitingAccept: 3, cancelled: 4 } as const;
/** A consultation status code. */
export type ConsultStatus = (typeof CONSULT_STATUS)[keyof typeof CONSULT_STATUS];

/** A consultation status in words (spec 3 §5: 0 finished, 1 to consult, 2 in consultation, 3 waiting, 4 cancelled). */
export const CONSULT_STATUS_LABELS: Readonly<Record<ConsultStatus, string>> = {
  0: '已结束',
  1: '待填写病情',
  2: '咨询中',
  3: '待接诊',
  4: '已取消',
};

/** What the patient can do with a consultation in a given status. */
export type ConsultActions = {
  /** Cancel while waiting for the doctor to accept (status 3). */
  readonly cancel: boolean;
  /** Revisit (consult again) once finished or cancelled (0 or 4). */
  readonly revisit: boolean;
  /** The chat's input bar shows only during the consultation (2). */
  readonly chatInput: boolean;
  /** End the consultation from the 'more' page while it runs (2). */
  readonly end: boolean;
  /** A paid consultation exists (1, 2 or 3): buying another for the doctor offers this one instead. */
  readonly paid: boolean;
};

/** The actions a status allows. */
export function consultActions(status: number): ConsultActions {
  return {
    cancel: status === CONSULT_STATUS.waitingAccept,
    revisit: status === CONSULT_STATUS.finished || status === CONSULT_STATUS.cancelled,
    chatInput: status === CONSULT_STATUS.inConsultation,
    end: status === CONSULT_STATUS.inConsultation,
    paid:
      status === CONSULT_STATUS.toConsult ||
      status === CONSULT_STATUS.inConsultation ||
      status === CONSULT_STATUS.waitingAccept,
  };
}

/** A consultation bought but not yet paid (kept only on the server; never a chat session's status). */
export const CONSULT_UNPAID = -1;

/**
 * What happens to a consultation (docs/consultation.md): `paid` the intent settled; `submitted` the
 * patient sent the illness description; `accepted` / `rejected` the doctor's answer; `cancelled`
 * the patient cancels while waiting; `expired` 24 h passed without the doctor's answer; `ended` the
 * patient or the doctor ends it, or an interval service's time runs out.
 */
export type ConsultEvent = 'paid' | 'submitted' | 'accepted' | 'rejected' | 'cancelled' | 'expired' | 'ended';

/** The answer codes of refused transitions (spec 3 §8): 50007 a refused submission, 50008 cancel after accept. */
export const CONSULT_CODES = {
  openExists: 50006,
  submitRefused: 50007,
  alreadyAccepted: 50008,
  conflict: 40900,
} as const;

/** The refusals' Chinese messages (the spec gives 50008's; the others are ours, docs/adr/0004). */
export const CONSULT_REFUSALS = {
  openExists: '您与该医生还有未结束的咨询',
  submitWrongStatus: '当前咨询已提交或已结束，不能再次提交病情',
  alreadyAccepted: '医生已接诊，无法取消，请继续咨询',
  cancelWrongStatus: '当前咨询不能取消',
  acceptWrongStatus: '该咨询不在待接诊状态，无法接诊',
  rejectWrongStatus: '该咨询不在待接诊状态，无法拒绝',
  endWrongStatus: '该咨询不在咨询中，无法结束',
  unpaid: '该咨询尚未支付',
} as const;

/** Why a consultation was cancelled, as the patient and the doctor read it. */
export const CONSULT_CANCEL_REASONS = {
  patient: '患者取消',
  /** After CONSULT_REFUND_AFTER_HOURS without the doctor's answer. */
  expired: '医生24小时内未接诊，已自动取消并全额退款',
} as const;

/** The outcome of an event: a move, nothing to do (a repeat, a job that found it settled), or a refusal. */
export type ConsultTransition =
  | { readonly kind: 'move'; readonly to: number }
  | { readonly kind: 'noop' }
  | { readonly kind: 'refused'; readonly code: number; readonly message: string };

const move = (to: number): ConsultTransition => ({ kind: 'move', to });
const NOOP: ConsultTransition = { kind: 'noop' };
const refuse = (code: number, message: string): ConsultTransition => ({ kind: 'refused', code, message });

/**
 * The consultation's state machine, the one table every caller reads (API services and jobs; the
 * diagram in docs/consultation.md draws it). Unpaid (-1) → 1 on payment; 1 → 3 on submission;
 * 3 → 2 on accept; 3 → 4 on reject, cancel or 24 h expiry; 2 → 0 on end. Repeating the event that
 * led to the current status is a no-op, so a retried request or a job run twice changes nothing.
 */
export function consultTransition(status: number, event: ConsultEvent): ConsultTransition {
  const S = CONSULT_STATUS;
  switch (event) {
    case 'paid':
      return status === CONSULT_UNPAID ? move(S.toConsult) : NOOP;
    case 'submitted':
      if (status === S.toConsult) {
        return move(S.waitingAccept);
      }
      return refuse(
        CONSULT_CODES.submitRefused,
        status === CONSULT_UNPAID ? CONSULT_REFUSALS.unpaid : CONSULT_REFUSALS.submitWrongStatus,
      );
    case 'accepted':
      if (status === S.waitingAccept) {
        return move(S.inConsultation);
      }
      return status === S.inConsultation ? NOOP : refuse(CONSULT_CODES.conflict, CONSULT_REFUSALS.acceptWrongStatus);
    case 'rejected':
      return status === S.waitingAccept
        ? move(S.cancelled)
        : refuse(CONSULT_CODES.conflict, CONSULT_REFUSALS.rejectWrongStatus);
    case 'cancelled':
      if (status === S.waitingAccept) {
        return move(S.cancelled);
      }
      if (status === S.inConsultation) {
        return refuse(CONSULT_CODES.alreadyAccepted, CONSULT_REFUSALS.alreadyAccepted);
      }
      return status === S.cancelled ? NOOP : refuse(CONSULT_CODES.conflict, CONSULT_REFUSALS.cancelWrongStatus);
    case 'expired':
      return status === S.waitingAccept ? move(S.cancelled) : NOOP;
    case 'ended':
      if (status === S.inConsultation) {
        return move(S.finished);
      }
      return status === S.finished ? NOOP : refuse(CONSULT_CODES.conflict, CONSULT_REFUSALS.endWrongStatus);
  }
}

/**
 * The descriptions of the custom chat messages the consultation posts (the chat shows them as
 * step notes; spec 3 §3 custom kinds). Original texts.
 */
export const CONSULT_CHAT_TEXTS = {
  startConsult: '患者已提交病情描述，开始咨询',
  imgStartConsult: '患者上传了病情图片',
  waitConsult: '已通知医生，请耐心等待医生接诊（24小时内未接诊将自动取消并全额退款）',
  approveConsult: '医生已接诊，现在可以开始咨询了',
  endConsult: '本次咨询已结束，感谢您的信任',
  endConsultByTime: '服务时间已到，本次咨询已结束',
  cancel: '本次咨询已取消，费用将自动原路退回（可能有延迟）',
  rejected: (reason: string) => `医生未能接诊：${reason}。费用将自动原路退回（可能有延迟）`,
} as const;

/** The status a consultation moves to on an event; an event that does not apply leaves it unchanged. */
export function nextConsultStatus(status: number, event: ConsultEvent | 'approved'): number {
  const outcome = consultTransition(status, event === 'approved' ? 'accepted' : event);
  return outcome.kind === 'move' ? outcome.to : status;
}

/** Whether a consultation is paid and open (1, 2 or 3): buying another from the doctor offers it instead. */
export function isOpenConsult(status: number): boolean {
  return consultActions(status).paid;
}

/** An interval service's end: `days` after the doctor accepted. */
export function consultEndsAt(acceptedAt: Date, serviceIntervalDays: number): Date {
  return new Date(acceptedAt.getTime() + serviceIntervalDays * 86_400_000);
}

/** When the 24-hour job cancels a consultation the doctor has not answered. */
export function consultExpiresAt(submittedAt: Date): Date {
  return new Date(submittedAt.getTime() + CONSULT_REFUND_AFTER_HOURS * 3_600_000);
}

/**
 * A photo of a consultation: a path `uploadImage` returned for businessCode 273 (consultation) or
 * 272 (illness), e.g. `uploads/273/2026/11/26/<name>.jpg` — never another folder or site.
 */
const CONSULT_IMAGE_PATH = /^uploads\/(?:272|273)\/(?:\d{4}\/\d{2}\/\d{2}\/)?[A-Za-z0-9_.-]{1,200}$/;

/** Whether a value is the path of one of our consultation photos. */
export function isConsultImagePath(value: unknown): value is string {
  return typeof value === 'string' && CONSULT_IMAGE_PATH.test(value) && !value.includes('..');
}

/** The submission's own messages beside the forms' (the web never shows these: its forms check first). */
export const CONSULT_SUBMIT_MESSAGES = {
  imageInvalid: '图片地址无效，请重新上传',
  allergyUnknown: '过敏史选项无效',
  allergyExclusive: '“无过敏史”“不清楚”“记不清过敏药物”“其他”只能单独选择',
  drugStoreUnknown: '所选药店不存在或已停业',
} as const;

/**
 * The illness description the patient submits (saveDiagnosticInfo): the description rules of the
 * submission page (required, ≤300, no emoji, ≤9 photos), each photo one of our consultation
 * uploads, and the allergy when given — known options (`knownAllergyKeys`, the `allergic_history`
 * dictionary), 1/2/3/5 only alone, 'other' (5) with its detail. The API answers a failure with 50007.
 */
export function validateConsultSubmission(
  input: {
    readonly desc: string;
    readonly imgList: readonly string[];
    readonly allergicHistory?: { readonly items: readonly string[]; readonly detail: string } | null;
  },
  knownAllergyKeys: readonly string[],
): ValidationResult {
  const allergy = input.allergicHistory;
  const options = allergy ? allergy.items.map(Number) : [];
  return firstFailure([
    () => {
      const description = validateConsultDescription({ desc: input.desc, images: input.imgList });
      return description.ok ? undefined : description;
    },
    () => (input.imgList.every(isConsultImagePath) ? undefined : fail('imgList', CONSULT_SUBMIT_MESSAGES.imageInvalid)),
    () =>
      !allergy || allergy.items.every((key) => knownAllergyKeys.includes(key))
        ? undefined
        : fail('allergicHistory', CONSULT_SUBMIT_MESSAGES.allergyUnknown),
    () =>
      options.some((o) => EXCLUSIVE_ALLERGY_OPTIONS.includes(o)) && options.length > 1
        ? fail('allergicHistory', CONSULT_SUBMIT_MESSAGES.allergyExclusive)
        : undefined,
    () => {
      if (!allergy) {
        return undefined;
      }
      const result = validateAllergyHistory({ options, detail: allergy.detail });
      return result.ok ? undefined : result;
    },
  ]);
}

/** Where opening a session leads: a paid (status 1) single consultation (type 1) goes to the illness description first. */
export function consultEntryTarget(session: {
  readonly status: number;
  readonly type: number;
}): 'illnessDescription' | 'chat' {
  return session.status === CONSULT_STATUS.toConsult && session.type === 1 ? 'illnessDescription' : 'chat';
}

/** The purchase button's label for a paid consultation: 点击咨询 in status 1, 继续咨询 otherwise. */
export function consultButtonLabel(status: number): string {
  return status === CONSULT_STATUS.toConsult ? '点击咨询' : '继续咨询';
}

/** Cancel answer code meaning the doctor accepted meanwhile; the chat opens instead. */
export const CONSULT_ALREADY_ACCEPTED_CODE = 50008;
/** Hours without a doctor's answer after which the fee is fully refunded. */
export const CONSULT_REFUND_AFTER_HOURS = 24;

/** Prescription `customerShowStatus` codes. */
export const RX_SHOW_STATUS = { underReview: 1, unused: 2, used: 4, expired: 5 } as const;
/** The filter values of the prescription list, `undefined` meaning all. */
export const RX_FILTERS = [undefined, RX_SHOW_STATUS.unused, RX_SHOW_STATUS.used, RX_SHOW_STATUS.expired] as const;

/** What a prescription's `customerShowStatus` means for the list. */
export function prescriptionView(customerShowStatus: number): {
  readonly opensDetail: boolean;
  readonly toast: string | null;
  readonly revisit: boolean;
} {
  const underReview = customerShowStatus === RX_SHOW_STATUS.underReview;
  return {
    opensDetail: !underReview,
    toast: underReview ? RX_UNDER_REVIEW_MESSAGE : null,
    revisit: customerShowStatus === RX_SHOW_STATUS.used || customerShowStatus === RX_SHOW_STATUS.expired,
  };
}

/** In the detail: the QR seal shows when rx `status` is 2; the full drug list only when it is 4. */
export function prescriptionDetailView(rxStatus: number): { readonly showQr: boolean; readonly showDrugList: boolean } {
  return { showQr: rxStatus === 2, showDrugList: rxStatus === 4 };
}

const DAY_MS = 86_400_000;

/** A time of day given in milliseconds after midnight, as `HH:mm`. */
export function formatMsOfDay(ms: number): string {
  const minutes = Math.floor((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** A pharmacy's opening hours as `HH:mm-HH:mm`. */
export function formatOpeningHours(store: { readonly openStartTime: number; readonly openEndTime: number }): string {
  return `${formatMsOfDay(store.openStartTime)}-${formatMsOfDay(store.openEndTime)}`;
}

/**
 * Whether a daily window (milliseconds after midnight, China time) holds the instant. A window
 * whose end is before its start runs past midnight, like customer service until 00:30.
 */
export function isWithinDailyWindow(window: { readonly start: number; readonly end: number }, at: Instant): boolean {
  const t = msSinceChinaMidnight(at);
  return window.start <= window.end ? t >= window.start && t < window.end : t >= window.start || t < window.end;
}

/** Customer-service hours: 7:00 to 00:30 the next day. */
export const CUSTOMER_SERVICE_HOURS = { start: 7 * 3_600_000, end: 30 * 60_000 } as const;

/** The customer-service hours as the contact page shows them (spec §2.11): 7:00–00:30. */
export function customerServiceHoursLabel(): string {
  return `${formatMsOfDay(CUSTOMER_SERVICE_HOURS.start).replace(/^0(?=\d:)/, '')}–${formatMsOfDay(CUSTOMER_SERVICE_HOURS.end)}`;
}
