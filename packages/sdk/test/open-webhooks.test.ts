import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookEventOf,
} from '../src/open/index';

const newSecret = () => `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
const SECRET = newSecret();
const NOW_SECONDS = 1_800_000_000;
const now = () => NOW_SECONDS * 1000;

/** Signs as the Standard Webhooks spec says, written out here with WebCrypto: an oracle apart from the SDK's code. */
async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

const event = {
  type: 'reading.created',
  timestamp: '2026-11-20T08:00:00.000Z',
  data: {
    patientId: '6f1c2a54-3f5e-4c8a-9b1e-2d7f0a4b5c6d',
    reading: {
      readingId: 'glucose-1',
      kind: 'glucose',
      measuredAt: '2026-11-20T16:00:00+08:00',
      source: 'meter',
      glucoseMmolL: 6.2,
    },
  },
};
const body = JSON.stringify(event);

const SIGNATURE = await sign(SECRET, 'msg_2k9', NOW_SECONDS, body);

function headers(overrides: Record<string, string> = {}) {
  return {
    'webhook-id': 'msg_2k9',
    'webhook-timestamp': String(NOW_SECONDS),
    'webhook-signature': SIGNATURE,
    ...overrides,
  };
}

describe('verifyWebhook', () => {
  it('accepts a delivery signed with the subscription secret and returns its typed event', async () => {
    const verified = await verifyWebhook(SECRET, headers(), body, { now });
    expect(verified).toEqual(event);
    if (verified.type === 'reading.created') {
      expectTypeOf(verified.data.reading.kind).toEqualTypeOf<
        'glucose' | 'pressure' | 'ketone' | 'uricAcid' | 'weight'
      >();
    }
    expectTypeOf<WebhookEventOf<'consent.revoked'>['data']>().toEqualTypeOf<{ patientId: string; grantId: string }>();
    expectTypeOf<WebhookEventOf<'reading.deleted'>>().toExtend<WebhookEvent>();
  });

  it('takes Fetch API headers, Node header objects of any case, and raw bytes', async () => {
    const fetchHeaders = new Headers(headers());
    await expect(verifyWebhook(SECRET, fetchHeaders, new TextEncoder().encode(body), { now })).resolves.toEqual(event);
    const nodeStyle = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toUpperCase(), [v]]));
    await expect(verifyWebhook(SECRET, nodeStyle, body, { now })).resolves.toEqual(event);
  });

  it('accepts when any of several signatures matches (a secret being rotated)', async () => {
    const other = newSecret();
    const both = `${await sign(other, 'msg_2k9', NOW_SECONDS, body)} ${SIGNATURE}`;
    await expect(verifyWebhook(SECRET, headers({ 'webhook-signature': both }), body, { now })).resolves.toEqual(event);
    // As GlucoGuard sends during a rotation (new first, then previous): either secret verifies, a third does not.
    const rotating = `${SIGNATURE} ${await sign(other, 'msg_2k9', NOW_SECONDS, body)}`;
    for (const secret of [SECRET, other]) {
      await expect(verifyWebhook(secret, headers({ 'webhook-signature': rotating }), body, { now })).resolves.toEqual(
        event,
      );
    }
    await expect(
      verifyWebhook(newSecret(), headers({ 'webhook-signature': rotating }), body, { now }),
    ).rejects.toMatchObject({ reason: 'signature' });
  });

  it.each([
    ['a changed body', () => headers(), `${body} `],
    ['another id', () => headers({ 'webhook-id': 'msg_other' }), body],
    [
      'another secret',
      async () => headers({ 'webhook-signature': await sign(newSecret(), 'msg_2k9', NOW_SECONDS, body) }),
      body,
    ],
    ['an unknown version', () => headers({ 'webhook-signature': SIGNATURE.replace('v1,', 'v2,') }), body],
  ])('refuses %s', async (_, makeHeaders, sentBody) => {
    const error: unknown = await verifyWebhook(SECRET, await makeHeaders(), sentBody, { now }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toMatchObject({ reason: 'signature' });
  });

  it('refuses a timestamp outside the tolerance, either way, even when signed', async () => {
    for (const timestamp of [NOW_SECONDS - 301, NOW_SECONDS + 301]) {
      const signed = headers({
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await sign(SECRET, 'msg_2k9', timestamp, body),
      });
      await expect(verifyWebhook(SECRET, signed, body, { now })).rejects.toMatchObject({ reason: 'timestamp' });
    }
    const old = NOW_SECONDS - 3000;
    const signed = headers({
      'webhook-timestamp': String(old),
      'webhook-signature': await sign(SECRET, 'msg_2k9', old, body),
    });
    await expect(verifyWebhook(SECRET, signed, body, { now, toleranceSeconds: 3600 })).resolves.toEqual(event);
  });

  it('refuses missing headers and a malformed secret', async () => {
    const { 'webhook-signature': _, ...unsigned } = headers();
    await expect(verifyWebhook(SECRET, unsigned, body, { now })).rejects.toMatchObject({ reason: 'missing-headers' });
    await expect(verifyWebhook('whsec_not base64!', headers(), body, { now })).rejects.toMatchObject({
      reason: 'bad-secret',
    });
  });

  it('signs exactly as the oracle does', async () => {
    expect(await signWebhook(SECRET, 'msg_1', NOW_SECONDS, body)).toBe(await sign(SECRET, 'msg_1', NOW_SECONDS, body));
  });
});
