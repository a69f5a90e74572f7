import { createHmac } from 'node:crypto';

/**
 * A salted, one-way hash of a phone number or an openid (keyed by SESSION_SECRET): what is kept of
 * a closed account's identifiers, and what the invitation scheme compares, so one person is
 * recognised again without the number itself being stored (docs/adr/0171-account-closure.md).
 */
export function identityHash(secret: string, kind: 'phone' | 'openid', value: string): string {
  return createHmac('sha256', secret).update(`identity:${kind}:${value}`).digest('hex');
}
