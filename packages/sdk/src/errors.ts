/** What kind of failure an {@link ApiError} reports. */
export type ApiErrorKind = 'server' | 'timeout' | 'network';

/** Client-side codes for failures that never reached an envelope. */
export const CLIENT_ERROR_CODES = {
  /** The request could not be sent or its answer could not be read. */
  network: -1,
  /** No answer arrived within the time-out. */
  timeout: -2,
} as const;

/** The messages the spec gives for each layer (general, and the after-sales layer). */
export const CLIENT_ERROR_MESSAGES = {
  general: { timeout: '请求超时，请稍后重试', network: '网络连接异常，请检查网络', fallback: '请求错误' },
  afterSales: { timeout: '请求超时，请稍后重试！', network: '网络错误,请稍后再试', fallback: '请求错误！' },
} as const;

/**
 * A failed call: a non-zero envelope `code` (with the server's `errMsg`), a time-out or a
 * network failure. `errMsg` is always a Chinese message that can be shown as is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The envelope code, or a {@link CLIENT_ERROR_CODES} value for client-side failures. */
  readonly code: number;
  /** The message to show to the user. */
  readonly errMsg: string;
  readonly kind: ApiErrorKind;
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** The request id sent with the call, to quote when reporting a fault. */
  readonly requestId: string | undefined;
  /** The envelope's `data`, for the codes that carry one (50006: `{sessionId, status}`); else null. */
  readonly data: unknown;

  constructor(init: {
    code: number;
    errMsg: string;
    kind: ApiErrorKind;
    status?: number;
    requestId?: string;
    data?: unknown;
    cause?: unknown;
  }) {
    super(init.errMsg, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.errMsg = init.errMsg;
    this.kind = init.kind;
    this.status = init.status;
    this.requestId = init.requestId;
    this.data = init.data ?? null;
  }
}

/** Tells whether a value is an {@link ApiError}, optionally with the given code. */
export function isApiError(value: unknown, code?: number): value is ApiError {
  return value instanceof ApiError && (code === undefined || value.code === code);
}
