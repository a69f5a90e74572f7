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

/** A file the media API answered: its bytes and declared type. */
export interface WechatMedia {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Downloads a file from the media API (`/cgi-bin/media/get`): the file's bytes on success, or — as
 * the API answers a refusal — a JSON `{errcode, errmsg}` (declared as JSON or as text) turned into a
 * WechatApiError. At most `maxBytes` are read; a larger file is a provider_error.
 */
export async function downloadWechatMedia(
  http: WechatHttpOptions,
  path: string,
  query: Record<string, string>,
  maxBytes: number,
): Promise<WechatMedia> {
  const url = new URL(http.apiBase.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    url.searchParams.set(key, value);
  }
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await http.fetch(url.toString(), { signal: AbortSignal.timeout(http.timeoutMs) });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (err) {
    const why =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        ? `timed out after ${http.timeoutMs} ms`
        : 'could not be reached';
    throw new WechatApiError('network', null, `WeChat API ${path} ${why}.`);
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (contentType === 'application/json' || contentType === 'text/plain' || bytes[0] === 0x7b /* { */) {
    let json: unknown = null;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      // Not JSON after all: judged as a file below.
    }
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
      const body = json as WechatJson;
      const errcode = typeof body.errcode === 'number' ? body.errcode : null;
      const errmsg = typeof body.errmsg === 'string' ? body.errmsg : 'no message';
      throw new WechatApiError(
        'provider_error',
        errcode,
        `WeChat API ${path} failed: errcode ${errcode ?? 'none'} (${errmsg}).`,
      );
    }
  }
  if (response.status >= 400) {
    throw new WechatApiError(
      response.status >= 500 ? 'network' : 'provider_error',
      null,
      `WeChat API ${path} answered HTTP ${response.status}.`,
    );
  }
  if (bytes.byteLength === 0 || bytes.byteLength > maxBytes) {
    throw new WechatApiError('provider_error', null, `WeChat API ${path} answered ${bytes.byteLength} bytes.`);
  }
  return { bytes, contentType };
}
