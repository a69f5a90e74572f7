// Integrators for the open-data and change-feed tests: a registered client, a patient's grant to it
// and an access token, written through the oauth module's own entities (the consent flow itself is
// tested by the OAuth tests), then used over HTTP through the real token gate.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashSecret } from '../src/contexts/open';
import { OAuthClient, OAuthGrant, OAuthToken } from '../src/contexts/open/oauth/oauth.entity';
import { nativeQuery } from '../src/lib/db';
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

/**
 * Waits until every transaction that began before now has ended, anywhere on the server: the feed
 * and its retention leave alone what a running transaction might precede, and transaction ids are
 * the whole server's (other databases' tests included), so without this a test could read while
 * somebody else's transaction runs and see less than it wrote. Returns at once on PGlite.
 */
export async function settleTransactions(api: TestApi): Promise<void> {
  const em = () => api.app.orm.em.fork();
  const [mark] = await nativeQuery<{ xmax: string }>(
    em(),
    'select pg_snapshot_xmax(pg_current_snapshot())::text as xmax',
    [],
  );
  for (;;) {
    const [state] = await nativeQuery<{ ready: boolean }>(
      em(),
      'select pg_snapshot_xmin(pg_current_snapshot()) >= $1::text::xid8 as ready',
      [mark!.xmax],
    );
    if (state!.ready) {
      return;
    }
    await sleep(20);
  }
}
