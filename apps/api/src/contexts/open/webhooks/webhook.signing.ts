import { createHmac, randomBytes, randomUUID } from 'node:crypto';

// Standard Webhooks (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of the key,
// the signature `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` under the decoded key.

const SECRET_PREFIX = 'whsec_';

/** A new subscription secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A new event id for the `webhook-id` header: `msg_` + 32 hex digits. */
export function newWebhookEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The `webhook-signature` header's value for one attempt. */
export function signWebhook(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(SECRET_PREFIX)) {
    throw new Error('a webhook secret starts with whsec_');
  }
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${eventId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * How long a rotated-out secret keeps signing deliveries alongside the new one (docs/adr/0232), so a
 * receiver can switch to the new secret without refusing a delivery meanwhile.
 */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

/** A subscription's secrets as stored: the current one, and the one before the last rotation with its end. */
interface WebhookSecrets {
  secret: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: Date | null;
}

/** The secrets an attempt at `now` is signed with: the current one, then the previous one until it expires. */
function signingSecrets(secrets: WebhookSecrets, now: Date): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = secrets;
  return previousSecret && previousSecretExpiresAt && previousSecretExpiresAt.getTime() > now.getTime()
    ? [secret, previousSecret]
    : [secret];
}

/**
 * The headers of an attempt signed at `now`: `webhook-signature` carries one space-separated
 * signature per secret in force (Standard Webhooks; a receiver accepts a match with any).
 */
export function webhookHeaders(
  secrets: WebhookSecrets,
  eventId: string,
  now: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'GlucoGuard-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signingSecrets(secrets, now)
      .map((secret) => signWebhook(secret, eventId, timestamp, body))
      .join(' '),
  };
}
