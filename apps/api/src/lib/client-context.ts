/**
 * What an open operation (issue 23: `security: [{ oauth2: [...] }]` in openapi.yaml) knows about
 * its caller once the access token checked out: the integrator's client, and for a token issued
 * through a patient's consent, the grant and the patient. A shared-kernel type like
 * `SessionContext`: the open context's oauth module issues and resolves the tokens, the open
 * operations of every lane read `request.client`.
 */
export interface ClientContext {
  /** The integrator's client (`gg_client_…`). */
  clientId: string;
  /** The patient's grant (授权) the token belongs to; null for a client-credentials token. */
  grantId: string | null;
  /** The patient whose data the token may reach; null for a client-credentials token. */
  customerId: string | null;
  /** The scopes the token carries (a subset of the grant's, or of the client's for client credentials). */
  scopes: readonly string[];
}

/** Access tokens start with this, so a patient's session token and an access token are never confused. */
export const ACCESS_TOKEN_PREFIX = 'oat_';
/** Refresh tokens start with this; they are accepted only by the token endpoint. */
export const REFRESH_TOKEN_PREFIX = 'ort_';

/** The open operations' refusals, as the envelope's errMsg (docs/adr/0218). */
export const OPEN_MESSAGES = {
  invalidToken: '授权已失效，请重新授权',
  insufficientScope: '该应用没有此项权限',
  tooManyRequests: '请求过于频繁，请稍后再试',
  consentForOthers: '无权为他人授权',
} as const;
