// Alibaba Cloud SMS (dysmsapi, API version 2017-05-25), action SendSms, called over plain HTTP with the
// RPC-style signature (HMAC-SHA1, SignatureVersion 1.0) instead of the SDK: one request shape does not
// justify a dependency, and the signature is pinned by the documented worked example in the tests.
import { createHmac, randomUUID } from 'node:crypto';
import { assertNoticeSendable, assertSendable, SmsError, type SmsNotice, type SmsSender } from './sms';

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const API_VERSION = '2017-05-25';

/**
 * Percent-encoding as the signature rules define it (RFC 3986): only A–Z a–z 0–9 - _ . ~ stay as they
 * are, everything else becomes %XY of its UTF-8 bytes, a space is %20 (never +). encodeURIComponent
 * already does this except that it leaves ! ' ( ) * alone, so those five are encoded afterwards.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Every parameter except Signature, sorted by name, encoded, joined as name=value&… */
export function canonicalizedQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

/** HTTPMethod & percentEncode("/") & percentEncode(CanonicalizedQueryString). */
export function rpcStringToSign(params: Readonly<Record<string, string>>, method: 'GET' | 'POST'): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
}

/** The Signature value (base64, not yet URL-encoded): HMAC-SHA1 keyed with AccessKeySecret + "&". */
export function signRpcRequest(
  params: Readonly<Record<string, string>>,
  secret: string,
  method: 'GET' | 'POST',
): string {
  return createHmac('sha1', `${secret}&`).update(rpcStringToSign(params, method), 'utf8').digest('base64');
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature name (签名名称). */
  signName: string;
  /** The approved verification-code template; its variable must be named `code`. */
  templateCode: string;
  /**
   * The approved notice template (service notices, e.g. a webhook subscription switched off); its
   * variables must be named `app` and `reason`. Without it, notices are refused (NOT_CONFIGURED).
   */
  noticeTemplateCode?: string | null;
  endpoint?: string;
  timeoutMs?: number;
}

export interface AliyunSmsOptions extends AliyunSmsConfig {
  fetch?: typeof fetch;
  /** The clock the Timestamp parameter comes from. */
  now?: () => Date;
  /** SignatureNonce source; it must never repeat, the service refuses a reused one. */
  nonce?: () => string;
}

/** Refusals that mean "slow down": retrying soon only burns more of the quota. */
const THROTTLED = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'isv.MONTH_LIMIT_CONTROL']);
/** Failures on the provider's side that a later attempt can get past. */
const TRANSIENT = new Set(['isp.SYSTEM_ERROR', 'ServiceUnavailable', 'InternalError']);

function retryable(code: string, status: number): boolean {
  if (THROTTLED.has(code) || code.startsWith('Throttling')) {
    return false;
  }
  return TRANSIENT.has(code) || status >= 500;
}

/** Timestamp must be ISO 8601 in UTC without fractions: yyyy-MM-ddTHH:mm:ssZ. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Keeps the provider's explanation but drops the echoed string-to-sign (it carries the phone number). */
function providerMessage(message: unknown): string {
  const text = typeof message === 'string' ? message : '';
  return text.replace(/\s*server string to sign is:.*$/s, '').slice(0, 300);
}

export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun' as const;
  readonly #config: Required<AliyunSmsConfig>;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;
  readonly #nonce: () => string;

  constructor(options: AliyunSmsOptions) {
    const endpoint = options.endpoint ?? ALIYUN_SMS_DEFAULT_ENDPOINT;
    if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
      throw new TypeError(`The Aliyun SMS endpoint must be an http(s) URL, got "${endpoint}".`);
    }
    this.#config = {
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      signName: options.signName,
      templateCode: options.templateCode,
      noticeTemplateCode: options.noticeTemplateCode ?? null,
      endpoint,
      timeoutMs: options.timeoutMs ?? 5000,
    };
    // Resolved per call rather than captured, so the global stays replaceable (e.g. by a proxy agent).
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? (() => new Date());
    this.#nonce = options.nonce ?? randomUUID;
  }

  async sendCode(phone: string, code: string): Promise<void> {
    assertSendable(phone, code);
    await this.#sendSms(phone, this.#config.templateCode, { code });
  }

  async sendNotice(phone: string, notice: SmsNotice): Promise<void> {
    assertNoticeSendable(phone, notice);
    const templateCode = this.#config.noticeTemplateCode;
    if (!templateCode) {
      throw new SmsError(
        'NOT_CONFIGURED',
        'No notice template is configured (ALIYUN_SMS_NOTICE_TEMPLATE_CODE).',
        false,
      );
    }
    await this.#sendSms(phone, templateCode, { app: notice.app, reason: notice.reason });
  }

  async #sendSms(phone: string, templateCode: string, templateParam: Record<string, string>): Promise<void> {
    const { accessKeyId, accessKeySecret, signName, endpoint, timeoutMs } = this.#config;
    const params: Record<string, string> = {
      AccessKeyId: accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.#nonce(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: timestamp(this.#now()),
      Version: API_VERSION,
    };
    // POST with a form body rather than GET: the phone number and code then stay out of URLs,
    // which proxies and access logs record. The method is part of the string to sign.
    const body = `Signature=${percentEncode(signRpcRequest(params, accessKeySecret, 'POST'))}&${canonicalizedQuery(params)}`;

    let status: number;
    let text: string;
    try {
      const response = await this.#fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body,
        // One deadline for connecting, the headers and the body alike.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // Retryable, but note SendSms is not idempotent: after a time-out the message may still have gone out.
      throw new SmsError('NETWORK', this.#networkMessage(error), true, { cause: error });
    }

    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
    const resultCode = isRecord(payload) && typeof payload.Code === 'string' ? payload.Code : undefined;
    if (resultCode === 'OK' && status >= 200 && status < 300) {
      return;
    }
    if (resultCode === undefined || !isRecord(payload)) {
      throw new SmsError(`HTTP_${status}`, `Aliyun SMS answered HTTP ${status} without a result code.`, status >= 500);
    }
    throw new SmsError(
      resultCode,
      `Aliyun SMS refused the message (${resultCode}): ${providerMessage(payload.Message)}`,
      retryable(resultCode, status),
    );
  }

  #networkMessage(error: unknown): string {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return `Aliyun SMS did not answer within ${this.#config.timeoutMs} ms.`;
    }
    const cause = error instanceof Error && isRecord(error.cause) ? error.cause : undefined;
    const detail =
      typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    return `Could not reach Aliyun SMS at ${new URL(this.#config.endpoint).host}: ${detail}.`;
  }
}
