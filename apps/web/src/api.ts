import { appCodeForSource, createApiClient } from '@glucoguard/sdk';
import type { ApiClient } from '@glucoguard/sdk';
import { reportApiFailure } from './errorReporting';
import { useSession } from './store/session';

/** The fetch the API client uses; tests inject a fake with {@link setApiFetch}. */
type Fetch = (request: Request) => Promise<Response>;

let baseFetch: Fetch = (request) => globalThis.fetch(request);
let clients = new Map<number, ApiClient>();
/** Signs in again after a 40100; installed by the session flow (avoids an import cycle). */
let resignIn: (() => Promise<boolean>) | null = null;
let resigning: Promise<boolean> | null = null;

/** Calls that sign in or need no session: a 40100 there is final. */
const NO_RETRY = ['/wechat/v1/', '/login/v1/slinceAuth', '/login/v1/logout', '/dev/v1/'];

function apiBase(): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}/api`;
}

/** The network, with failed calls (no answer, or a 5xx) reported to the front log (errorReporting.ts). */
async function observedFetch(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await baseFetch(request);
  } catch (error) {
    reportApiFailure(request.method, request.url, { error });
    throw error;
  }
  if (response.status >= 500) {
    const status = response.status;
    const requestId = response.headers.get('x-request-id') ?? '';
    void response
      .clone()
      .text()
      .then(
        (text) =>
          reportApiFailure(request.method, request.url, {
            status,
            detail: `${text.slice(0, 1000)} requestId=${requestId}`,
          }),
        () => undefined,
      );
  }
  return response;
}

/** Answers 40100 (token expired or revoked) by signing in again once and repeating the call once. */
async function fetchWithResignIn(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api/, '');
  const retry = NO_RETRY.some((prefix) => path.startsWith(prefix)) || resignIn === null ? null : request.clone();
  const response = await observedFetch(request);
  if (retry === null || response.status !== 401) {
    return response;
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 40100 || resignIn === null) {
    return response;
  }
  // Several calls failing together share one sign-in.
  resigning ??= resignIn().finally(() => {
    resigning = null;
  });
  const signedIn = await resigning;
  const token = useSession.getState().token;
  if (!signedIn || token === null) {
    return response;
  }
  const headers = new Headers(retry.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return observedFetch(new Request(retry, { headers }));
}

/** The app's API client for the current brand (one instance per source id). */
export function api(): ApiClient {
  const { sourceId } = useSession.getState();
  let client = clients.get(sourceId);
  if (client === undefined) {
    client = createApiClient({
      baseUrl: apiBase(),
      token: () => useSession.getState().token,
      sourceId,
      fetch: fetchWithResignIn,
    });
    clients.set(sourceId, client);
  }
  return client;
}

/**
 * A call the typed client cannot make (a streamed answer): the same base address, headers and
 * sign-in-again as {@link api}, answering the raw Response. `path` starts after `/api`.
 */
export function apiStream(
  path: string,
  init: { method: 'POST'; body: unknown; signal?: AbortSignal },
): Promise<Response> {
  const { sourceId, token } = useSession.getState();
  const headers = new Headers({
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    'X-Source-Id': String(sourceId),
    'X-App-Code': appCodeForSource(sourceId),
  });
  if (token !== null) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  return fetchWithResignIn(
    new Request(`${apiBase()}${path}`, {
      method: init.method,
      headers,
      body: JSON.stringify(init.body),
      ...(init.signal && { signal: init.signal }),
    }),
  );
}

/** Replaces the network (component tests pass a fake server here). */
export function setApiFetch(fetch: Fetch): void {
  baseFetch = fetch;
  clients = new Map();
}

/** Installs the sign-in used after a 40100. */
export function setResignIn(handler: (() => Promise<boolean>) | null): void {
  resignIn = handler;
}
