import { consultEntryTarget } from '@glucoguard/domain';

/** What the consultation screens need to address one another. */
export interface ConsultRef {
  readonly sessionId: string;
  readonly status: number;
  readonly sessionType: number;
  readonly doctor: { readonly doctorId: number; readonly nickName: string };
}

/** The chat screen's address (spec 3 §2.1 query toId, toName, sessionId, status, type). */
export function chatPath(consult: ConsultRef): string {
  const query = new URLSearchParams({
    toId: String(consult.doctor.doctorId),
    toName: consult.doctor.nickName,
    sessionId: consult.sessionId,
    status: String(consult.status),
    type: String(consult.sessionType),
  });
  return `/findDoctor/C2CChat?${query.toString()}`;
}

/** The submission page, where a paid consultation gets its illness description (spec 3 §2.1). */
export function subConsultPath(consult: ConsultRef): string {
  const query = new URLSearchParams({
    sessionId: consult.sessionId,
    doctorId: String(consult.doctor.doctorId),
    doctorName: consult.doctor.nickName,
  });
  return `/findDoctor/subConsult?${query.toString()}`;
}

/** Where a consultation card leads: a paid, undescribed single consultation to the submission page, else the chat. */
export function consultEntryPath(consult: ConsultRef): string {
  return consultEntryTarget({ status: consult.status, type: consult.sessionType }) === 'illnessDescription'
    ? subConsultPath(consult)
    : chatPath(consult);
}

/** The doctor's page (spec 3 §2.1 /findDoctor/doctorDetail). */
export function doctorDetailPath(doctorId: number): string {
  return `/findDoctor/doctorDetail?doctorId=${doctorId}`;
}

/** /consult/more for a session. */
export function consultMorePath(sessionId: string): string {
  return `/consult/more?sessionId=${encodeURIComponent(sessionId)}`;
}

/** /consultationDetails for a session. */
export function consultDetailsPath(sessionId: string): string {
  return `/consultationDetails?sessionId=${encodeURIComponent(sessionId)}`;
}

/** The doctor list (spec 3 §2.1 /findDoctor/findDoctor). */
export const FIND_DOCTOR_PATH = '/findDoctor/findDoctor';
