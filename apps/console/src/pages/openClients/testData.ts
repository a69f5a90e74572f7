// What the API answers for 应用接入 and 推送订阅, for the pages' jsdom tests: one registered client
// and one of its webhook subscriptions, each changeable field by field.
import type { Schema } from '@glucoguard/sdk';

export const CLIENT_ID = 'gg_client_Hq3vY8mZk2LpT0aWc9xN1b';

export function oauthClient(change: Partial<Schema<'OAuthClient'>> = {}): Schema<'OAuthClient'> {
  return {
    clientId: CLIENT_ID,
    name: '慢病随访系统',
    organisation: '测试市第一人民医院',
    contactPhone: '021-55550123',
    contactEmail: 'it@hospital.example.cn',
    redirectUris: ['https://followup.hospital.example.cn/oauth/callback'],
    allowedScopes: ['readings.read', 'reports.read'],
    grantTypes: ['authorization_code', 'refresh_token'],
    rateLimitPerMinute: 600,
    disabled: false,
    createTime: '2026-11-27T01:00:00.000Z',
    updateTime: '2026-11-27T01:00:00.000Z',
    ...change,
  };
}

export function webhookSubscription(
  change: Partial<Schema<'WebhookSubscription'>> = {},
): Schema<'WebhookSubscription'> {
  return {
    subscriptionId: '6f1d2c3b-0000-4000-8000-00000000000a',
    clientId: CLIENT_ID,
    url: 'https://followup.hospital.example.cn/hooks/glucoguard',
    events: ['reading.created', 'consent.revoked'],
    description: '随访提醒',
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    consecutiveFailures: 0,
    previousSecretExpiresAt: null,
    notice: null,
    createdAt: '2026-11-27T01:10:00.000Z',
    ...change,
  };
}
