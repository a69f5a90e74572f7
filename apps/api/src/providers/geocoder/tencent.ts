// Tencent Location Service (腾讯位置服务) WebService API, reverse geocoding (逆地址解析):
// GET https://apis.map.qq.com/ws/geocoder/v1/?key=KEY&location=LAT,LNG, called over plain HTTP with
// the key's SN check (签名校验): sig = md5(path + '?' + the parameters sorted by name and joined as
// name=value&… with raw, unencoded values + SK), lowercase hex, sent as the parameter `sig`.
// One request shape does not justify an SDK.
import { createHash } from 'node:crypto';
import { GeocoderError, isValidPoint, type GeoPoint, type Geocoder, type Region } from './geocoder';
import { regionFromCode } from './regions';

export const TENCENT_MAP_DEFAULT_BASE = 'https://apis.map.qq.com';
/** The request path; the signature must use exactly the path requested (with or without the final slash). */
export const TENCENT_GEOCODER_PATH = '/ws/geocoder/v1/';

/** Status codes of the service (body `status`) this client treats specially. */
const NO_RESULT = 347;
/** 120: this key's requests per second are used up — a later try can pass. */
const RETRYABLE = new Set([120]);
/** China's ISO 3166 numeric code, as `ad_info.nation_code` carries it. */
const CHINA = '156';

/** path?name=value&… over the raw values, sorted by name, followed by the SK: what the md5 is taken of. */
export function tencentStringToSign(path: string, params: Readonly<Record<string, string>>, sk: string): string {
  const query = Object.keys(params)
    .filter((name) => name !== 'sig')
    .sort()
    .map((name) => `${name}=${params[name] ?? ''}`)
    .join('&');
  return `${path}?${query}${sk}`;
}

/** The `sig` parameter: md5 of the string to sign, lowercase hex. */
export function signTencentRequest(path: string, params: Readonly<Record<string, string>>, sk: string): string {
  return createHash('md5')
    .update(tencentStringToSign(path, params, sk), 'utf8')
    .digest('hex');
}

/** `location` is lat,lng; six decimals (about 0.1 m) and never exponent notation. */
export function tencentLocation(point: GeoPoint): string {
  const fixed = (value: number) => value.toFixed(6).replace(/\.?0+$/, '');
  return `${fixed(point.latitude)},${fixed(point.longitude)}`;
}

export interface TencentGeocoderConfig {
  key: string;
  /** The SecretKey of the key's SN check. */
  sk: string;
  /** Scheme and host only, e.g. https://apis.map.qq.com (a local fake in tests). */
  base?: string;
  timeoutMs?: number;
}

export interface TencentGeocoderOptions extends TencentGeocoderConfig {
  fetch?: typeof fetch;
}

/** A code the service may send as a string or a number; anything else counts as absent. */
function codeText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class TencentGeocoder implements Geocoder {
  readonly name = 'tencent' as const;
  readonly #key: string;
  readonly #sk: string;
  readonly #base: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: TencentGeocoderOptions) {
    const base = options.base ?? TENCENT_MAP_DEFAULT_BASE;
    if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
      throw new TypeError(`The Tencent Map base must be an http(s) URL, got "${base}".`);
    }
    this.#key = options.key;
    this.#sk = options.sk;
    this.#base = new URL(base).origin;
    this.#timeoutMs = options.timeoutMs ?? 5000;
    // Resolved per call rather than captured, so the global stays replaceable (e.g. by a proxy agent).
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async reverse(point: GeoPoint): Promise<Region | null> {
    if (!isValidPoint(point)) {
      throw new GeocoderError('INVALID_ARGUMENT', 'Longitude must be within ±180 and latitude within ±90.', false);
    }
    const params: Record<string, string> = { key: this.#key, location: tencentLocation(point) };
    const sig = signTencentRequest(TENCENT_GEOCODER_PATH, params, this.#sk);
    // The request itself is URL-encoded as usual; the service verifies sig over the decoded values.
    const query = new URLSearchParams({ ...params, sig }).toString();
    const url = `${this.#base}${TENCENT_GEOCODER_PATH}?${query}`;

    let status: number;
    let text: string;
    try {
      const response = await this.#fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new GeocoderError('NETWORK', this.#networkMessage(error), true, { cause: error });
    }
    if (status < 200 || status >= 300) {
      throw new GeocoderError(`HTTP_${status}`, `Tencent Map answered HTTP ${status}.`, status >= 500);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (!isRecord(payload) || typeof payload.status !== 'number') {
      throw new GeocoderError('BAD_RESPONSE', 'Tencent Map answered without a status.', true);
    }
    if (payload.status === NO_RESULT) {
      return null;
    }
    if (payload.status !== 0) {
      const message = typeof payload.message === 'string' ? payload.message.slice(0, 200) : '';
      throw new GeocoderError(
        String(payload.status),
        `Tencent Map refused the lookup (${payload.status}): ${message}`,
        RETRYABLE.has(payload.status),
      );
    }
    const adInfo = isRecord(payload.result) && isRecord(payload.result.ad_info) ? payload.result.ad_info : undefined;
    if (!adInfo) {
      throw new GeocoderError('BAD_RESPONSE', 'Tencent Map answered status 0 without result.ad_info.', true);
    }
    const nationCode = codeText(adInfo.nation_code) ?? CHINA;
    // adcode is the district's six-digit code (the city's own when it has no districts); abroad the
    // service answers with another nation and no Chinese code.
    const adcode = codeText(adInfo.adcode) ?? '';
    if (nationCode !== CHINA) {
      return null;
    }
    return regionFromCode(adcode);
  }

  #networkMessage(error: unknown): string {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return `Tencent Map did not answer within ${this.#timeoutMs} ms.`;
    }
    const cause = error instanceof Error && isRecord(error.cause) ? error.cause : undefined;
    const detail =
      typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    return `Could not reach Tencent Map at ${new URL(this.#base).host}: ${detail}.`;
  }
}
