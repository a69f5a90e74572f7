/**
 * What a doctor may see of a patient's readings during a consultation (docs/adr/0156-consult-readings-window.md):
 * only once the consultation has been accepted, the readings from a month before the acceptance up
 * to now while it runs, and, once it has ended, the same window frozen at its end (read-only record
 * of what the doctor decided on; nothing the patient measures afterwards).
 */
import { CONSULT_STATUS } from './consult';

const DAY_MS = 86_400_000;

/** How many days before the acceptance the doctor's view of the readings starts. */
export const CONSULT_READINGS_LOOKBACK_DAYS = 30;

/** The report summaries shown beside the readings: the last week and the last 30 days of the window. */
export const CONSULT_READINGS_SUMMARIES = [
  { period: 'week', label: '近7天', days: 7 },
  { period: 'month', label: '近30天', days: 30 },
] as const;
export type ConsultReadingsPeriod = (typeof CONSULT_READINGS_SUMMARIES)[number]['period'];

export const CONSULT_READINGS_MESSAGES = {
  notAccepted: '接诊后才能查看患者的健康数据',
  cancelled: '该咨询已取消，无法查看患者的健康数据',
} as const;

/** The consultation as the rule reads it. */
export interface ConsultReadingsSubject {
  readonly status: number;
  readonly acceptedAt: Date | null;
  readonly endedAt: Date | null;
}

export type ConsultReadingsAccess =
  | {
      readonly allowed: true;
      /** The window's start (inclusive). */
      readonly from: Date;
      /** The window's end (exclusive): now while the consultation runs, its end once finished. */
      readonly to: Date;
      /** The consultation has ended: the window no longer moves. */
      readonly finished: boolean;
    }
  | { readonly allowed: false; readonly message: string };

/** Whether, and over which window, the consultation's doctor may read the patient's readings at `now`. */
export function consultReadingsAccess(consult: ConsultReadingsSubject, now: Date): ConsultReadingsAccess {
  if (consult.status === CONSULT_STATUS.cancelled) {
    return { allowed: false, message: CONSULT_READINGS_MESSAGES.cancelled };
  }
  const running = consult.status === CONSULT_STATUS.inConsultation;
  const finished = consult.status === CONSULT_STATUS.finished;
  if ((!running && !finished) || consult.acceptedAt === null) {
    return { allowed: false, message: CONSULT_READINGS_MESSAGES.notAccepted };
  }
  const from = new Date(consult.acceptedAt.getTime() - CONSULT_READINGS_LOOKBACK_DAYS * DAY_MS);
  const end = finished && consult.endedAt !== null ? consult.endedAt : now;
  // A clock that stepped back, or an end recorded before now: never a window that ends in the future.
  const to = new Date(Math.min(end.getTime(), now.getTime()));
  return { allowed: true, from, to: to < from ? from : to, finished };
}

/** The span of one summary: the last `days` days of the window, never before its start. */
export function consultSummarySpan(window: { readonly from: Date; readonly to: Date }, days: number) {
  const start = Math.max(window.from.getTime(), window.to.getTime() - days * DAY_MS);
  return { from: new Date(start), to: window.to };
}
