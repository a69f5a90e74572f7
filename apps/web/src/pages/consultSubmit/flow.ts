import { CONSULT_SUBMIT_FAILED_MESSAGE, CONSULT_SUBMIT_REFUSED_CODE, UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';

/** The query every page of the submission flow carries on (spec 3 §2.1 sessionId, doctorId or toId, doctorName or toName). */
interface FlowQuery {
  sessionId: string;
  doctorId: string;
  doctorName: string;
}

/** Reads the flow's query; the recipe pages are also opened with the chat's toId and toName. */
export function flowQueryOf(search: URLSearchParams): FlowQuery {
  return {
    sessionId: search.get('sessionId') ?? '',
    doctorId: search.get('doctorId') ?? search.get('toId') ?? '',
    doctorName: search.get('doctorName') ?? search.get('toName') ?? '',
  };
}

/** The address of a step of the flow with the flow's query. */
export function flowPath(path: string, query: FlowQuery): string {
  const params = new URLSearchParams({
    sessionId: query.sessionId,
    doctorId: query.doctorId,
    doctorName: query.doctorName,
  });
  return `${path}?${params.toString()}`;
}

/** Spec 3 §8: 50007 shows the server's reason, anything else 提交失败，请稍后再试. */
export function submitFailureMessage(error: unknown): string {
  return isApiError(error) && error.code === CONSULT_SUBMIT_REFUSED_CODE && error.errMsg !== ''
    ? error.errMsg
    : CONSULT_SUBMIT_FAILED_MESSAGE;
}

/** Uploads one prepared photo and answers its stored path (businessCode 273 consult, 272 illness). */
export function photoUploader(kind: 'consult' | 'illness') {
  const businessCode = kind === 'consult' ? UPLOAD_BUSINESS_CODE.general : UPLOAD_BUSINESS_CODE.illness;
  return async (base64: string): Promise<string> =>
    (await api().POST('/common/v1/uploadImage', { body: { data: base64, businessCode } })).path;
}

/** Spec 3 §4 submission: the server posts startConsult and waitConsult, stores the info and answers the session. */
export function saveDiagnosticInfo(body: {
  sessionId: string;
  diagnosticInfo: { desc: string; imgList: string[] };
  allergicHistory?: { items: string[]; detail: string } | null;
  drugStoreId?: number | null;
}): Promise<Schema<'ConsultSession'>> {
  return api().POST('/consult/v1/saveDiagnosticInfo', { body });
}
