import createClient from 'openapi-fetch';
import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import type { paths } from '../generated/schema';
import { randomId } from './encoding';
import { OAuthError, OpenApiError } from './errors';
import { clientCredentials, refreshTokens, type TokenSet } from './oauth';
import {
  backoffDelay,
  IDEMPOTENT_METHODS,
  parseRetryAfter,
  resolveRetry,
  RETRY_STATUSES,
  type RetryOptions,
} from './retry';

/** The open platform's operations: `/open/v1/…` (envelopes) and `/fhir/R4/…` (FHIR resources). */
type OpenPath = Extract<keyof paths, `/open/v1/${string}` | `/fhir/R4/${string}`>;
export type OpenPaths = Pick<paths, OpenPath>;
type RawOpenClient = Client<OpenPaths, `${string}/${string}`>;
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArgs<I> = RequiredKeys<I> extends never ? [init?: I] : [init: I];
/** An envelope's `data`; any other answer (a FHIR resource) as it is. */
type Unwrap<R> = R extends { code: number; errMsg: string; data: infer D } ? D : R;
type Answer<M extends Method, P extends ClientPathsWithMethod<RawOpenClient, M>, I> = Unwrap<
  MethodResponse<RawOpenClient, M, P, I>
>;

/** The items of one page: a change feed's `changes`, a page's `items`, a FHIR Bundle's resources. */
export type ItemOf<D> = D extends { changes: readonly (infer T)[] }
  ? T
  : D extends { items: readonly (infer T)[] }
    ? T
    : D extends { entry?: readonly { resource?: infer T }[] }
      ? NonNullable<T>
      : never;

/** One page of a list, as {@link OpenClient.pages} yields it. */
export interface OpenPage<D> {
  items: ItemOf<D>[];
  /** The page's whole answer (its `data`, or the FHIR Bundle). */
  data: D;
  /** For cursor lists: where the next page starts (store it to resume later); else null. */
  nextCursor: string | null;
}

/** A call that resolves with the envelope's `data` (or the FHIR resource), or rejects with an {@link OpenApiError}. */
export type OpenCall<M extends Method> = <
  P extends ClientPathsWithMethod<RawOpenClient, M>,
  I extends MaybeOptionalInit<OpenPaths[P], M>,
>(
  url: P,
  ...init: InitArgs<I>
) => Promise<Answer<M, P, I>>;

type ListCall<Result> = <
  P extends ClientPathsWithMethod<RawOpenClient, 'get'>,
  I extends MaybeOptionalInit<OpenPaths[P], 'get'>,
>(
  url: P,
  ...init: InitArgs<I>
) => AsyncGenerator<Result extends 'item' ? ItemOf<Answer<'get', P, I>> : OpenPage<Answer<'get', P, I>>, void>;

export interface OpenClient {
  GET: OpenCall<'get'>;
  POST: OpenCall<'post'>;
  PUT: OpenCall<'put'>;
  DELETE: OpenCall<'delete'>;
  PATCH: OpenCall<'patch'>;
  /**
   * Every item of a list, page after page: `for await (const reading of api.paginate('/open/v1/readings'))`.
   * Page-number lists (`page`/`pageNo`) go on until the last page; cursor lists (`nextCursor`,
   * `hasMore`) until `hasMore` is false; FHIR Bundles follow their `next` link.
   */
  paginate: ListCall<'item'>;
  /** The same walk, one page at a time, with the `nextCursor` to store after handling each page. */
  pages: ListCall<'page'>;
  /** The underlying openapi-fetch client (with refresh, retries and Idempotency-Key), for raw responses. */
  raw: RawOpenClient;
}

/** Where the open client keeps a grant's tokens; `set` receives every rotated pair (persist it). */
export interface TokenStore {
  get(): TokenSet | null | undefined | Promise<TokenSet | null | undefined>;
  set(tokens: TokenSet): void | Promise<void>;
}

export interface OpenClientOptions {
  /** The API's base URL, e.g. `https://your-host/api`. */
  baseUrl: string;
  /** Your client id (`gg_client_…`), needed to refresh tokens or get client-credentials tokens. */
  clientId?: string;
  /** Your client secret (`gg_secret_…`); server-side only. */
  clientSecret?: string;
  /**
   * A patient grant's tokens: a {@link TokenSet} (kept in memory) or a {@link TokenStore}. Without
   * it, and with `clientId` + `clientSecret`, the client gets client-credentials tokens itself.
   */
  tokens?: TokenSet | TokenStore;
  /** Scopes to ask for with client credentials (default: all the client's own). */
  scope?: string | readonly string[];
  /** Called with every new token set (after a refresh, or a client-credentials token). */
  onTokens?: (tokens: TokenSet) => void;
  fetch?: (input: Request) => Promise<Response>;
  /** Retry policy; `false` turns retries off. */
  retry?: RetryOptions | false;
  /** Time-out of each attempt in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
}

/**
 * Writes for which the client sends a fresh `Idempotency-Key` unless the call gives one (paths as
 * the contract names them; `{name}` stands for one path segment).
 */
export const AUTO_IDEMPOTENCY_KEY = [
  { method: 'POST', path: '/open/v1/readings' },
  { method: 'POST', path: '/open/v1/webhooks/{subscriptionId}/secret' },
] as const;

/** A contract path as a pattern of whole paths: each `{name}` matches one non-empty segment. */
function pathPattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

const AUTO_KEY_RULES = AUTO_IDEMPOTENCY_KEY.map((rule) => ({ method: rule.method, pattern: pathPattern(rule.path) }));

/** An access token this close to its expiry is refreshed before the call rather than after a 401. */
const EXPIRY_SKEW_MS = 30_000;

function isTokenStore(value: TokenSet | TokenStore): value is TokenStore {
  return typeof (value as TokenStore).get === 'function';
}

function memoryStore(initial: TokenSet | null): TokenStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
  };
}

/** Aborts when any of the signals aborts (AbortSignal.any, which Node 18 lacks). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/**
 * Refreshes shared by every open client of this process (review s9 #9). A refresh token rotates on
 * every use and presenting a rotated one again revokes the whole grant, so two clients holding the
 * same grant (one per request, two tabs of one session) must never both send it:
 * - `refreshing`: the refresh POST of one refresh token runs once; concurrent callers await it.
 * - `rotated`: what each refresh token was rotated to, kept until that successor's access token
 *   expires, so a client whose store still holds the old token gets the newest pair instead of
 *   sending a dead token.
 * Across processes the integrator serialises refreshes per grant (docs/integrators.md §4).
 */
const refreshing = new Map<string, Promise<TokenSet>>();
const rotated = new Map<string, TokenSet>();

function sharedRefresh(
  scope: string,
  refreshToken: string,
  now: number,
  run: (refreshToken: string) => Promise<TokenSet>,
): Promise<TokenSet> {
  for (const [key, successor] of rotated) {
    if (successor.expiresAt <= now) {
      rotated.delete(key);
    }
  }
  let newest: TokenSet | undefined;
  for (let next = rotated.get(scope + refreshToken); next !== undefined;) {
    newest = next;
    next = next.refreshToken === undefined ? undefined : rotated.get(scope + next.refreshToken);
  }
  if (newest !== undefined) {
    return Promise.resolve(newest);
  }
  const key = scope + refreshToken;
  let pending = refreshing.get(key);
  if (!pending) {
    pending = run(refreshToken)
      .then((next) => {
        rotated.set(key, next);
        return next;
      })
      .finally(() => refreshing.delete(key));
    refreshing.set(key, pending);
  }
  return pending;
}

interface Auth {
  /** The token to send; `refreshed` when getting it already tried a refresh. */
  current(): Promise<{ token: string | null; refreshed: boolean }>;
  /** A token newer than `stale`, or null when none can be had. */
  renew(stale: string | null): Promise<string | null>;
}

function createAuth(options: OpenClientOptions, now: () => number): Auth {
  const clientCredentialsMode = options.tokens === undefined;
  const store =
    options.tokens === undefined || !isTokenStore(options.tokens)
      ? memoryStore(options.tokens ?? null)
      : options.tokens;
  const endpoint = {
    baseUrl: options.baseUrl,
    clientId: options.clientId ?? '',
    clientSecret: options.clientSecret,
    fetch: options.fetch,
    now,
  };
  const fresh = (tokens: TokenSet) => tokens.expiresAt - EXPIRY_SKEW_MS > now();
  let inFlight: Promise<string | null> | null = null;

  async function obtain(stale: string | null): Promise<string | null> {
    const tokens = (await store.get()) ?? null;
    if (tokens !== null && tokens.accessToken !== stale && fresh(tokens)) {
      return tokens.accessToken; // another call renewed it meanwhile
    }
    if (options.clientId === undefined) {
      return null;
    }
    let next: TokenSet;
    if (clientCredentialsMode) {
      if (options.clientSecret === undefined) {
        return null;
      }
      next = await clientCredentials({ ...endpoint, scope: options.scope });
    } else {
      if (!tokens?.refreshToken) {
        return null;
      }
      next = await sharedRefresh(
        `${endpoint.baseUrl}\n${endpoint.clientId}\n`,
        tokens.refreshToken,
        now(),
        async (old) => {
          const renewed = await refreshTokens({ ...endpoint, refreshToken: old });
          return { ...renewed, refreshToken: renewed.refreshToken ?? old };
        },
      );
    }
    await store.set(next);
    options.onTokens?.(next);
    return next.accessToken;
  }

  /** One renewal at a time: concurrent 401s share it (a rotated refresh token can be used once). */
  function renew(stale: string | null): Promise<string | null> {
    inFlight ??= obtain(stale)
      .catch((error: unknown) => {
        if (error instanceof OAuthError && error.status !== undefined) {
          return null; // the grant is gone (invalid_grant) or the client refused: the 401 stands
        }
        throw error;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    async current() {
      if (inFlight) {
        return { token: await inFlight, refreshed: true };
      }
      const tokens = (await store.get()) ?? null;
      if (tokens !== null && fresh(tokens)) {
        return { token: tokens.accessToken, refreshed: false };
      }
      if (tokens === null && !clientCredentialsMode) {
        return { token: null, refreshed: false };
      }
      const renewed = await renew(tokens?.accessToken ?? null);
      return { token: renewed ?? tokens?.accessToken ?? null, refreshed: true };
    },
    renew,
  };
}

interface Envelope {
  code: number;
  errMsg: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

function refusal(status: number, body: unknown): OpenApiError {
  if (isEnvelope(body)) {
    return new OpenApiError({ kind: 'server', status, code: body.code, errMsg: body.errMsg || '请求错误', body });
  }
  const outcome = body as { resourceType?: unknown; issue?: { diagnostics?: string; details?: { text?: string } }[] };
  const text =
    outcome?.resourceType === 'OperationOutcome'
      ? (outcome.issue?.[0]?.diagnostics ?? outcome.issue?.[0]?.details?.text)
      : undefined;
  return new OpenApiError({ kind: 'server', status, code: 0, errMsg: text ?? '请求错误', body });
}

/**
 * A typed client of GlucoGuard's open platform (`/open/v1`, `/fhir/R4`) for integrators. It sends
 * the grant's access token, refreshes it once on a 401 (one refresh at a time, the rotated
 * refresh token handed to your store), retries idempotent calls and calls carrying an
 * `Idempotency-Key` on 429/502/503/504 and network failures with exponential back-off and full
 * jitter (waiting `Retry-After` when the server gives one), and sends a fresh `Idempotency-Key`
 * with `POST /open/v1/readings` and `POST /open/v1/webhooks/{subscriptionId}/secret` unless you
 * give one.
 */
export function createOpenClient(options: OpenClientOptions): OpenClient {
  const now = options.now ?? Date.now;
  const baseFetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const retry = resolveRetry(options.retry);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const auth = createAuth(options, now);
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');

  function needsKey(method: string, url: string): boolean {
    const pathname = new URL(url).pathname;
    const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
    return AUTO_KEY_RULES.some((rule) => rule.method === method && rule.pattern.test(path));
  }

  async function send(original: Request): Promise<Response> {
    const method = original.method.toUpperCase();
    const headers = new Headers(original.headers);
    if (!headers.has('idempotency-key') && needsKey(method, original.url)) {
      headers.set('idempotency-key', randomId());
    }
    const keyed = headers.has('idempotency-key');
    const retryable = IDEMPOTENT_METHODS.has(method) || keyed;
    const body = original.body === null ? undefined : await original.arrayBuffer();
    const callerSignal = original.signal;
    let { token, refreshed } = await auth.current();
    for (let attempt = 0; ;) {
      if (token) {
        headers.set('authorization', `Bearer ${token}`);
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await baseFetch(
          new Request(original.url, { method, headers, body, signal: anySignal([callerSignal, timeout]) }),
        );
      } catch (cause) {
        if (callerSignal.aborted) {
          throw cause;
        }
        if (retryable && attempt < retry.retries) {
          await retry.sleep(backoffDelay(attempt, retry), callerSignal);
          attempt += 1;
          continue;
        }
        const timedOut = timeout.aborted;
        throw new OpenApiError({
          kind: timedOut ? 'timeout' : 'network',
          code: timedOut ? -2 : -1,
          errMsg: timedOut ? '请求超时，请稍后重试' : '网络连接异常，请检查网络',
          cause,
        });
      }
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        const renewed = await auth.renew(token);
        if (renewed !== null && renewed !== token) {
          await response.body?.cancel();
          token = renewed;
          continue; // refused before it was processed: safe to send again, whatever the method
        }
        return response;
      }
      const busyWithKey = response.status === 409 && keyed;
      if (retryable && attempt < retry.retries && (RETRY_STATUSES.has(response.status) || busyWithKey)) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now());
        if (retryAfter === null || retryAfter <= retry.maxRetryAfterMs) {
          await response.body?.cancel();
          await retry.sleep(retryAfter ?? backoffDelay(attempt, retry), callerSignal);
          attempt += 1;
          continue;
        }
      }
      return response;
    }
  }

  const raw = createClient<OpenPaths>({ baseUrl: options.baseUrl, fetch: send });
  const request = raw.request as unknown as (
    m: string,
    u: string,
    i: Record<string, unknown> | undefined,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

  async function call(method: Method, url: string, init: Record<string, unknown> | undefined): Promise<unknown> {
    const { data, error, response } = await request(method, url, init);
    const body = data ?? error;
    if (!response.ok) {
      throw refusal(response.status, body);
    }
    if (isEnvelope(body)) {
      if (body.code !== 0) {
        throw refusal(response.status, body);
      }
      return body.data;
    }
    return body;
  }

  async function* pages(url: string, init?: Record<string, unknown>): AsyncGenerator<OpenPage<unknown>, void> {
    const params = (init?.params ?? {}) as { query?: Record<string, unknown> };
    let query: Record<string, unknown> = { ...params.query };
    let nextUrl: string | null = null;
    for (;;) {
      const data: unknown =
        nextUrl === null
          ? await call('get', url, { ...init, params: { ...params, query } })
          : await followLink(nextUrl, init?.signal as AbortSignal | undefined);
      const page = data as Record<string, unknown>;
      if (page.resourceType === 'Bundle') {
        const entries = (page.entry ?? []) as { resource?: unknown }[];
        yield {
          items: entries.flatMap((e) => (e.resource === undefined ? [] : [e.resource])) as never[],
          data,
          nextCursor: null,
        };
        const next = ((page.link ?? []) as { relation?: string; url?: string }[]).find((l) => l.relation === 'next');
        if (next?.url === undefined || entries.length === 0) {
          return;
        }
        nextUrl = next.url;
        continue;
      }
      const items = (
        Array.isArray(page.changes) ? page.changes : Array.isArray(page.items) ? page.items : []
      ) as never[];
      if ('nextCursor' in page) {
        const nextCursor = typeof page.nextCursor === 'string' ? page.nextCursor : null;
        yield { items, data, nextCursor };
        if (page.hasMore !== true || nextCursor === null || nextCursor === query.cursor) {
          return;
        }
        query = { ...query, cursor: nextCursor };
        continue;
      }
      yield { items, data, nextCursor: null };
      const pageKey = 'page' in query || 'page' in page ? 'page' : 'pageNo';
      const current = Number(query[pageKey] ?? page.page ?? page.currentPage ?? 1);
      const totalPage = typeof page.totalPage === 'number' ? page.totalPage : undefined;
      const pageSize = typeof page.pageSize === 'number' ? page.pageSize : Number(query.pageSize ?? Number.NaN);
      if (items.length === 0 || (totalPage !== undefined && current >= totalPage) || items.length < pageSize) {
        return;
      }
      query = { ...query, [pageKey]: current + 1 };
    }
  }

  /**
   * A FHIR Bundle's `next` link, fetched with the same policy. Only on the API's own origin: the
   * access token is never sent to another server, whatever a Bundle says.
   */
  async function followLink(link: string, signal: AbortSignal | undefined): Promise<unknown> {
    const target = new URL(link, options.baseUrl);
    if (target.origin !== new URL(options.baseUrl).origin) {
      throw new OpenApiError({ kind: 'server', code: 0, errMsg: 'FHIR 翻页链接不在本服务器上，已停止翻页' });
    }
    const response = await send(
      new Request(target, { headers: { accept: 'application/fhir+json' }, signal: signal ?? null }),
    );
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      throw refusal(response.status, body);
    }
    return body;
  }

  async function* paginate(url: string, init?: Record<string, unknown>): AsyncGenerator<unknown, void> {
    for await (const page of pages(url, init)) {
      yield* page.items;
    }
  }

  const verb = (method: Method) => ((url: string, init?: Record<string, unknown>) => call(method, url, init)) as never;
  return {
    GET: verb('get'),
    POST: verb('post'),
    PUT: verb('put'),
    DELETE: verb('delete'),
    PATCH: verb('patch'),
    paginate: paginate as never,
    pages: pages as never,
    raw,
  };
}
