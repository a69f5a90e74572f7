/*
 * The demo integrator (issue 23; docs/adr/0217): one OAuth client, 示例健康助手 of
 * 糖护示例科技（演示）, so the consent flow, 授权管理 and the example third-party app
 * (packages/sdk/examples/third-party-app) can be tried after `npm start` without registering one in
 * the console first. Its secret is published here, so it exists only with the demo data (never with
 * NODE_ENV=production); seeded once, and a client the console has changed is left as it is.
 */
import type { EntityManager } from '@mikro-orm/core';
import { OPEN_SCOPES } from '@glucoguard/domain';
import { hashSecret } from '../contexts/open';
import { OAuthClient } from '../contexts/open/oauth/oauth.entity';

export const DEMO_OPEN_CLIENT = {
  clientId: 'gg_client_demo_health_helper',
  /** Demo data only: anyone reading the repository knows it. */
  clientSecret: 'gg_secret_demo_only_never_in_production',
  name: '示例健康助手',
  organisation: '糖护示例科技（演示）',
  redirectUris: ['http://localhost:4000/callback', 'http://127.0.0.1:4000/callback'],
} as const;

export async function seedDemoOpenClient(em: EntityManager, now: Date): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    return;
  }
  await em.upsertMany(
    OAuthClient,
    [
      {
        id: DEMO_OPEN_CLIENT.clientId,
        name: DEMO_OPEN_CLIENT.name,
        organisation: DEMO_OPEN_CLIENT.organisation,
        contactPhone: '',
        contactEmail: 'demo@example.com',
        secretHash: hashSecret(DEMO_OPEN_CLIENT.clientSecret),
        redirectUris: [...DEMO_OPEN_CLIENT.redirectUris],
        allowedScopes: [...OPEN_SCOPES],
        grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
        rateLimitPerMinute: 600,
        disabled: false,
        createdAt: now,
        updatedAt: now,
      },
    ],
    { onConflictFields: ['id'], onConflictAction: 'ignore' },
  );
}
