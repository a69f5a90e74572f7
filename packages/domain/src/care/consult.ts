import { msSinceChinaMidnight, pad2 } from '../shared/time';
import type { Instant } from '../shared/time';
import { RX_UNDER_REVIEW_MESSAGE } from './labels';

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

/** The status a session moves to on an event; events that do not apply leave it unchanged. */
export function nextConsultStatus(
  status: number,
  event: 'paid' | 'submitted' | 'approved' | 'cancelled' | 'ended',
): number {
  switch (event) {
    case 'paid':
    case 'submitted':
      return CONSULT_STATUS.toConsult;
    case 'approved':
      return CONSULT_STATUS.inConsultation;
    case 'cancelled':
      return status === CONSULT_STATUS.waitingAccept ? CONSULT_STATUS.cancelled : status;
    case 'ended':
      return CONSULT_STATUS.finished;
  }
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
