import createClient from 'openapi-fetch';
import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import type { paths } from './generated/schema';
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_MESSAGES } from './errors';

/** Time-out of ordinary calls, per the spec's general request layer. */
export const DEFAULT_TIMEOUT_MS = 9000;
/** Time-out of after-sales calls, per the spec's after-sales request layer. */
export const AFTER_SALES_TIMEOUT_MS = 5000;
/** Path prefixes served by the after-sales layer (shorter time-out, its own messages). */
export const AFTER_SALES_PATH_PREFIXES = [
  '/product/',
  '/productUpkeep/',
  '/customerWarrantyOrder/',
  '/productPurchase/',
  '/dealer/',
  '/usageGuide/',
  '/commonFault/',
] as const;

/** Header names the API reads on every call. */
export const HEADERS = {
  requestId: 'X-Request-Id',
  appCode: 'X-App-Code',
  sourceId: 'X-Source-Id',
} as const;

/** The app code the spec pairs with each brand's source id. */
export function appCodeForSource(sourceId: number): string {
  return sourceId === 3 ? 'wechat_aicare' : 'wechat_xty';
}

export interface ApiClientOptions {
  /** Where the API lives, e.g. `https://example.com/api`. */
  baseUrl: string;
  /** The session token, or a function returning the current one (null when signed out). */
  token?: string | null | (() => string | null | undefined);
  /** The brand: 3 health brand, 4 (default) medical brand. */
  sourceId?: number;
  /** Overrides the app code derived from the source id. */
  appCode?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: (input: Request) => Promise<Response>;
  /** Overrides the time-out in milliseconds for every call. */
  timeoutMs?: number;
  /** Makes request ids; defaults to `crypto.randomUUID()`. */
  requestId?: () => string;
}

type RawClient = Client<paths, `${string}/${string}`>;
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArgs<I> = RequiredKeys<I> extends never ? [init?: I] : [init: I];
type EnvelopeData<E> = E extends { data: infer D } ? D : never;

/** A call that resolves with the envelope's `data`, or rejects with an {@link ApiError}. */
export type ApiCall<M extends Method> = <
  P extends ClientPathsWithMethod<RawClient, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  url: P,
  ...init: InitArgs<I>
) => Promise<EnvelopeData<MethodResponse<RawClient, M, P, I>>>;

export interface ApiClient {
  GET: ApiCall<'get'>;
  POST: ApiCall<'post'>;
  PUT: ApiCall<'put'>;
  DELETE: ApiCall<'delete'>;
  PATCH: ApiCall<'patch'>;
  /** The underlying openapi-fetch client, for calls that need the raw response. */
  raw: RawClient;
}

function isAfterSales(url: string): boolean {
  return AFTER_SALES_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
}

interface Envelope {
  code: number;
  errMsg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/**
 * Creates a typed client for the GlucoGuard API. Every call carries the bearer token, the
 * source id, a fresh request id and the app code; it resolves with the envelope's `data` and
 * rejects with an {@link ApiError} on a non-zero code, a time-out or a network failure.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const sourceId = options.sourceId ?? 4;
  const appCode = options.appCode ?? appCodeForSource(sourceId);
  const baseFetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const newRequestId = options.requestId ?? (() => globalThis.crypto.randomUUID());
  const tokenOption = options.token;
  const currentToken = typeof tokenOption === 'function' ? tokenOption : () => tokenOption;

  const raw = createClient<paths>({ baseUrl: options.baseUrl, fetch: baseFetch });

  function send(method: Method, url: string, init: Record<string, unknown> | undefined): Promise<unknown> {
    const afterSales = isAfterSales(url);
    const messages = afterSales ? CLIENT_ERROR_MESSAGES.afterSales : CLIENT_ERROR_MESSAGES.general;
    const timeoutMs = options.timeoutMs ?? (afterSales ? AFTER_SALES_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
    const requestId = newRequestId();
    const headers: Record<string, string> = {
      [HEADERS.requestId]: requestId,
      [HEADERS.appCode]: appCode,
      [HEADERS.sourceId]: String(sourceId),
    };
    const token = currentToken();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const callerSignal = init?.signal as AbortSignal | undefined;
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    const request = raw.request as unknown as (
      m: string,
      u: string,
      i: Record<string, unknown>,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

    return request(method, url, {
      ...init,
      headers: { ...(init?.headers as Record<string, string> | undefined), ...headers },
      signal,
    }).then(
      ({ data, error, response }) => {
        const body = data ?? error;
        if (!isEnvelope(body)) {
          throw new ApiError({
            code: CLIENT_ERROR_CODES.network,
            errMsg: messages.fallback,
            kind: 'network',
            status: response.status,
            requestId,
          });
        }
        if (body.code !== 0) {
          throw new ApiError({
            code: body.code,
            errMsg: body.errMsg || messages.fallback,
            kind: 'server',
            status: response.status,
            requestId,
            data: (body as { data?: unknown }).data,
          });
        }
        return body.data;
      },
      (cause: unknown) => {
        if (cause instanceof ApiError) {
          throw cause;
        }
        const timedOut = timeout.aborted && !(callerSignal?.aborted ?? false);
        throw new ApiError({
          code: timedOut ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.network,
          errMsg: timedOut ? messages.timeout : messages.network,
          kind: timedOut ? 'timeout' : 'network',
          requestId,
          cause,
        });
      },
    );
  }

  const call = (method: Method) => ((url: string, init?: Record<string, unknown>) => send(method, url, init)) as never;
  return { GET: call('get'), POST: call('post'), PUT: call('put'), DELETE: call('delete'), PATCH: call('patch'), raw };
}
