// Integrators for the open-data and change-feed tests: a registered client, a patient's grant to it
// and an access token, written through the oauth module's own entities (the consent flow itself is
// tested by the OAuth tests), then used over HTTP through the real token gate.
import { randomBytes, randomUUID } from 'node:crypto';
import { hashSecret } from '../src/contexts/open';
import { OAuthClient, OAuthGrant, OAuthToken } from '../src/contexts/open/oauth/oauth.entity';
import type { TestApi } from './harness';

export interface Integrator {
  clientId: string;
  /** Grants `scopes` of `customerId` to this client; answers the grant's id. */
  grant(customerId: string, scopes: string[]): Promise<string>;
  /** An access token for the grant (patient) or, with `grantId` null, a client-credentials one. */
  token(grant: { grantId: string; customerId: string } | null, scopes: string[]): Promise<string>;
  /** Revokes a grant the way the patient's 取消授权 leaves it. */
  revoke(grantId: string): Promise<void>;
}

export async function newIntegrator(api: TestApi, now: () => Date, rateLimitPerMinute = 600): Promise<Integrator> {
  const em = () => api.app.orm.em.fork();
  const clientId = `gg_client_${randomUUID().replaceAll('-', '')}`;
  const first = em();
  first.create(OAuthClient, {
    id: clientId,
    name: '慢病随访系统',
    organisation: '第一人民医院',
    contactPhone: '13800001111',
    contactEmail: 'it@hospital.example',
    secretHash: '0'.repeat(64),
    redirectUris: ['https://app.example/callback'],
    allowedScopes: ['readings.read', 'readings.write', 'reports.read', 'profile.read', 'devices.provision'],
    grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
    rateLimitPerMinute,
    disabled: false,
    createdAt: now(),
    updatedAt: now(),
  });
  await first.flush();
  return {
    clientId,
    async grant(customerId, scopes) {
      const e = em();
      const id = randomUUID();
      e.create(OAuthGrant, { id, clientId, customerId, scopes, createdAt: now(), updatedAt: now(), revokedAt: null });
      await e.flush();
      return id;
    },
    async token(grant, scopes) {
      const e = em();
      const token = `oat_${randomBytes(32).toString('base64url')}`;
      e.create(OAuthToken, {
        tokenHash: hashSecret(token),
        kind: 'access',
        clientId,
        grantId: grant?.grantId ?? null,
        customerId: grant?.customerId ?? null,
        familyId: null,
        scopes,
        expiresAt: new Date(now().getTime() + 3_600_000),
        rotatedAt: null,
        revokedAt: null,
        createdAt: now(),
      });
      await e.flush();
      return token;
    },
    async revoke(grantId) {
      const e = em();
      const grant = await e.findOneOrFail(OAuthGrant, { id: grantId });
      grant.revokedAt = now();
      await e.flush();
    },
  };
}
