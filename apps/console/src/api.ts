// The console's one API client (the generated SDK): the staff token on every call, and any 40100 on
// a signed-in call ends the session (expired, revoked, or the account disabled).
import { createApiClient, isApiError } from '@glucoguard/sdk';
import { currentToken, sessionExpired } from './session';

/** Answer of a call made with a token the server does not accept. */
const UNAUTHENTICATED = 40100;

async function watchedFetch(request: Request): Promise<Response> {
  const hadToken = request.headers.has('authorization');
  const response = await globalThis.fetch(request);
  if (hadToken && response.status === 401) {
    sessionExpired();
  }
  return response;
}

const baseUrl = `${globalThis.location?.origin ?? 'http://localhost'}/api`;

export const api = createApiClient({ baseUrl, token: currentToken, fetch: watchedFetch });

/**
 * The time-out of the few calls that send a large file (a manual PDF of up to 20 MB, about 27 MB as
 * base64 JSON): two minutes, which a slow office uplink needs, where every other call keeps the
 * SDK's default.
 */
export const LARGE_UPLOAD_TIMEOUT_MS = 120_000;

/** The same client for large uploads only, with {@link LARGE_UPLOAD_TIMEOUT_MS}. */
export const largeUploadApi = createApiClient({
  baseUrl,
  token: currentToken,
  fetch: watchedFetch,
  timeoutMs: LARGE_UPLOAD_TIMEOUT_MS,
});

/** The message to show for a failed call: the server's errMsg, or the SDK's network/time-out text. */
export function messageOf(error: unknown): string {
  if (isApiError(error)) {
    return error.errMsg;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether a failure is the session's end, already handled by the sign-out above. */
export function isSessionEnd(error: unknown): boolean {
  return isApiError(error, UNAUTHENTICATED) && currentToken() === null;
}
