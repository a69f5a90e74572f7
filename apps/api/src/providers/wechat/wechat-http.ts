/**
 * The one way this module talks to api.weixin.qq.com: a timeout on every call, JSON parsed
 * whatever content type is declared (the API sometimes says text/plain), `errcode` turned into
 * an error, and messages that name the path only — query strings carry the app secret and
 * must never reach a log.
 */

export const DEFAULT_API_BASE = 'https://api.weixin.qq.com';
export const DEFAULT_TIMEOUT_MS = 5000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class WechatApiError extends Error {
  constructor(
    /** `network`: no usable answer (refused, timed out, not JSON over HTTP 5xx); `provider_error`: the API said no. */
    readonly reason: 'network' | 'provider_error',
    /** The API's errcode when it sent one. */
    readonly errcode: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'WechatApiError';
  }
}

export interface WechatHttpOptions {
  apiBase: string;
  fetch: FetchLike;
  timeoutMs: number;
}

export interface WechatRequest {
  query?: Record<string, string>;
  /** Sent as a JSON POST when present. */
  json?: Record<string, unknown>;
}

export type WechatJson = Record<string, unknown>;

export async function callWechat(
  http: WechatHttpOptions,
  path: string,
  request: WechatRequest = {},
): Promise<WechatJson> {
  // Joined as text so a base with its own path prefix (a forwarding proxy) keeps it.
  const url = new URL(http.apiBase.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    url.searchParams.set(key, value);
  }
  const init: RequestInit = { signal: AbortSignal.timeout(http.timeoutMs) };
  if (request.json) {
    init.method = 'POST';
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(request.json);
  }

  let status: number;
  let text: string;
  try {
    const response = await http.fetch(url.toString(), init);
    status = response.status;
    text = await response.text();
  } catch (err) {
    const why =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        ? `timed out after ${http.timeoutMs} ms`
        : 'could not be reached';
    throw new WechatApiError('network', null, `WeChat API ${path} ${why}.`);
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A gateway page instead of JSON: transient when the server side failed, a contract problem otherwise.
    throw new WechatApiError(
      status >= 500 ? 'network' : 'provider_error',
      null,
      `WeChat API ${path} answered HTTP ${status} without JSON.`,
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new WechatApiError(
      'provider_error',
      null,
      `WeChat API ${path} answered with something other than a JSON object.`,
    );
  }
  const json = body as WechatJson;
  if (typeof json.errcode === 'number' && json.errcode !== 0) {
    const errmsg = typeof json.errmsg === 'string' ? json.errmsg : 'no message';
    throw new WechatApiError(
      'provider_error',
      json.errcode,
      `WeChat API ${path} failed: errcode ${json.errcode} (${errmsg}).`,
    );
  }
  if (status >= 400) {
    throw new WechatApiError(
      status >= 500 ? 'network' : 'provider_error',
      null,
      `WeChat API ${path} answered HTTP ${status}.`,
    );
  }
  return json;
}

/** A required string field of an API answer, or a provider_error naming what was missing. */
export function requireString(json: WechatJson, field: string, path: string): string {
  const value = json[field];
  if (typeof value !== 'string' || value === '') {
    throw new WechatApiError('provider_error', null, `WeChat API ${path} answered without "${field}".`);
  }
  return value;
}

/** A positive lifetime in seconds; WeChat documents 7200 but only promises "up to". */
export function requireSeconds(json: WechatJson, field: string, path: string): number {
  const value = json[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new WechatApiError('provider_error', null, `WeChat API ${path} answered without a valid "${field}".`);
  }
  return value;
}
