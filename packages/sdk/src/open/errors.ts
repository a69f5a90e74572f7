/**
 * A refusal or failure of an open call. For API answers `status` is the HTTP status and `code` /
 * `errMsg` the envelope's (e.g. 401 / 40100 授权已失效，请重新授权 when the patient revoked the app);
 * FHIR refusals carry the OperationOutcome's text. Network failures and time-outs have `status`
 * undefined and `kind` `network` / `timeout`.
 */
export class OpenApiError extends Error {
  override readonly name = 'OpenApiError';
  readonly kind: 'server' | 'network' | 'timeout';
  readonly status: number | undefined;
  /** The envelope code, 0 when the answer had none (FHIR), -1 network, -2 time-out. */
  readonly code: number;
  readonly errMsg: string;
  /** The answer's parsed body (the envelope, an OperationOutcome), when there was one. */
  readonly body: unknown;

  constructor(init: {
    kind: 'server' | 'network' | 'timeout';
    status?: number;
    code: number;
    errMsg: string;
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.errMsg, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.errMsg = init.errMsg;
    this.body = init.body ?? null;
  }
}

/** An RFC 6749 error of the token or revocation endpoint (`invalid_grant`, `invalid_client`…). */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  /** The RFC 6749 error code, or `network` when no answer arrived. */
  readonly error: string;
  /** The server's Chinese explanation. */
  readonly errorDescription: string;
  readonly status: number | undefined;

  constructor(init: { error: string; errorDescription: string; status?: number; cause?: unknown }) {
    super(`${init.error}: ${init.errorDescription}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.error = init.error;
    this.errorDescription = init.errorDescription;
    this.status = init.status;
  }
}

/** Tells whether a value is an {@link OpenApiError}, optionally with the given HTTP status. */
export function isOpenApiError(value: unknown, status?: number): value is OpenApiError {
  return value instanceof OpenApiError && (status === undefined || value.status === status);
}

/** Tells whether a value is an {@link OAuthError}, optionally with the given error code. */
export function isOAuthError(value: unknown, error?: string): value is OAuthError {
  return value instanceof OAuthError && (error === undefined || value.error === error);
}
