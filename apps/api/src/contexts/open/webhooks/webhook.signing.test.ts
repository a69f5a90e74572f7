// The headers of an attempt during and after a secret rotation (docs/adr/0232), checked with the
// standardwebhooks package (the Standard Webhooks reference implementation) as an oracle.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, WEBHOOK_PREVIOUS_SECRET_HOURS, webhookHeaders } from './webhook.signing';

const HOUR = 3_600_000;
const body = JSON.stringify({ type: 'device.bound', timestamp: '2026-11-27T21:00:00+08:00', data: {} });
const now = new Date();

function verifies(secret: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

describe('webhookHeaders', () => {
  const current = newWebhookSecret();
  const previous = newWebhookSecret();

  it('signs with the current secret only when the subscription was never rotated', () => {
    const headers = webhookHeaders({ secret: current, previousSecret: null }, 'msg_1', now, body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifies(current, headers)).toBe(true);
    expect(verifies(previous, headers)).toBe(false);
  });

  it('signs with the current and then the previous secret until the previous one expires', () => {
    const expiresAt = new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * HOUR);
    const headers = webhookHeaders(
      { secret: current, previousSecret: previous, previousSecretExpiresAt: expiresAt },
      'msg_2',
      now,
      body,
    );
    const [first, second, ...rest] = headers['webhook-signature']!.split(' ');
    expect(rest).toEqual([]);
    expect(verifies(current, { ...headers, 'webhook-signature': first! })).toBe(true);
    expect(verifies(previous, { ...headers, 'webhook-signature': second! })).toBe(true);
    // A receiver holding either secret accepts the whole header; one holding another refuses it.
    expect(verifies(current, headers) && verifies(previous, headers)).toBe(true);
    expect(verifies(newWebhookSecret(), headers)).toBe(false);
  });

  it('signs with the current secret only from the moment the previous one expires', () => {
    const headers = webhookHeaders(
      { secret: current, previousSecret: previous, previousSecretExpiresAt: now },
      'msg_3',
      now,
      body,
    );
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifies(current, headers)).toBe(true);
    expect(verifies(previous, headers)).toBe(false);
  });
});
