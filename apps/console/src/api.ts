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

export const api = createApiClient({
  baseUrl: `${globalThis.location?.origin ?? 'http://localhost'}/api`,
  token: currentToken,
  fetch: watchedFetch,
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
