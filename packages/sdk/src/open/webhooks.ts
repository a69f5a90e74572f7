import type { components, webhooks } from '../generated/schema';
import { base64ToBytes, bytesToBase64, constantTimeEqual, utf8, webCrypto } from './encoding';

/** The events a subscription can hear (`reading.created`…). */
export type WebhookEventType = components['schemas']['WebhookEventType'];
/** The body of a delivery of one event type, as the contract declares it. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<
  NonNullable<webhooks[T]['post']>['requestBody'] extends { content: { 'application/json': infer B } } ? B : never,
  { type: T }
>;
/** The body of any delivery: narrow it on `type`. */
export type WebhookEvent = components['schemas']['WebhookEvent'];

/** Why a delivery was refused: fix nothing on your side but answer 400 (or 401). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: 'missing-headers' | 'bad-secret' | 'timestamp' | 'signature' | 'body';

  constructor(reason: WebhookVerificationError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Headers as the Fetch API, Node's `IncomingMessage.headers` or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way (default 300 s), against replays. */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

/** The HMAC key of a `whsec_…` secret: its base64-decoded part. */
function secretKey(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  try {
    const bytes = base64ToBytes(encoded);
    if (bytes.length === 0) {
      throw new TypeError('empty');
    }
    return new Uint8Array(bytes);
  } catch {
    throw new WebhookVerificationError('bad-secret', 'the webhook secret is not whsec_ + base64');
  }
}

/**
 * Verifies a delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`
 * = `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`) and returns its typed event. Pass the body
 * exactly as received (the raw text or bytes, before any JSON parsing). Compares signatures in
 * constant time; refuses timestamps outside the tolerance. Works with WebCrypto in Node 18+ and
 * browsers. Throws a {@link WebhookVerificationError}.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      'missing-headers',
      'webhook-id, webhook-timestamp or webhook-signature is missing',
    );
  }
  const key = secretKey(secret);
  const seconds = /^\d+$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (!Number.isFinite(seconds) || Math.abs(nowSeconds - seconds) > tolerance) {
    throw new WebhookVerificationError('timestamp', 'webhook-timestamp is too far from now');
  }
  const bodyBytes = typeof body === 'string' ? utf8(body) : body;
  const prefix = utf8(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);
  const subtle = webCrypto().subtle;
  const hmacKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = new Uint8Array(await subtle.sign('HMAC', hmacKey, signed));
  let matched = false;
  // The header may carry several space-separated signatures (during a secret rotation); any v1 one may match.
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || value === undefined) {
      continue;
    }
    let given: Uint8Array;
    try {
      given = base64ToBytes(value);
    } catch {
      continue;
    }
    matched = constantTimeEqual(given, expected) || matched;
  }
  if (!matched) {
    throw new WebhookVerificationError('signature', 'no webhook-signature matches');
  }
  try {
    return JSON.parse(new TextDecoder().decode(bodyBytes)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('body', 'the webhook body is not JSON');
  }
}

/** Signs a body as GlucoGuard does, for your tests: the `webhook-signature` value for it. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const subtle = webCrypto().subtle;
  const hmacKey = await subtle.importKey('raw', secretKey(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await subtle.sign('HMAC', hmacKey, utf8(`${id}.${timestamp}.${body}`)));
  return `v1,${bytesToBase64(signature)}`;
}
