// The OAuth rows the open API's benches need, written through the oauth module's own entities (the
// consent flow itself is the OAuth tests'): a client without secret or contact, patients' grants of
// readings.read to it, and an access token for one grant.
import { randomBytes, randomUUID } from 'node:crypto';
import { hashSecret } from '../apps/api/src/contexts/open';
import { OAuthClient, OAuthGrant, OAuthToken } from '../apps/api/src/contexts/open/oauth/oauth.entity';
import type { Db } from '../apps/api/src/lib/db';

/** Adds a client to `em` (flushed by the caller); answers its id. */
export function benchClient(
  em: Db,
  now: Date,
  client: Pick<OAuthClient, 'name' | 'organisation' | 'redirectUris' | 'grantTypes' | 'rateLimitPerMinute'>,
): string {
  const id = `gg_client_${randomUUID().replaceAll('-', '')}`;
  em.create(OAuthClient, {
    id,
    ...client,
    contactPhone: '',
    contactEmail: '',
    secretHash: '0'.repeat(64),
    allowedScopes: ['readings.read'],
    disabled: false,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Adds a patient's grant of readings.read to the client; answers its id. */
export function benchGrant(em: Db, now: Date, clientId: string, customerId: string): string {
  const id = randomUUID();
  em.create(OAuthGrant, {
    id,
    clientId,
    customerId,
    scopes: ['readings.read'],
    createdAt: now,
    updatedAt: now,
    revokedAt: null,
  });
  return id;
}

/** Adds a readings.read access token for the grant, valid 24 hours; answers the token. */
export function benchToken(em: Db, now: Date, clientId: string, grant: { id: string; customerId: string }): string {
  const token = `oat_${randomBytes(32).toString('base64url')}`;
  em.create(OAuthToken, {
    tokenHash: hashSecret(token),
    kind: 'access',
    clientId,
    grantId: grant.id,
    customerId: grant.customerId,
    familyId: null,
    scopes: ['readings.read'],
    expiresAt: new Date(now.getTime() + 24 * 3_600_000),
    rotatedAt: null,
    revokedAt: null,
    createdAt: now,
  });
  return token;
}
