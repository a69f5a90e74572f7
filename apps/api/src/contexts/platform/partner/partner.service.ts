import { createHash, createHmac } from 'node:crypto';
import { AppError, ErrorCodes } from '../../../lib/errors';

export interface PartnerConfig {
  baseUrl: string;
  appKey: string;
  appSecret: string;
}

/** The urine-analysis partner's settings, or null when the partner is not configured. */
export function partnerConfigFromEnv(env: NodeJS.ProcessEnv): PartnerConfig | null {
  const { PARTNER_URINE_BASE_URL: baseUrl, PARTNER_URINE_APP_KEY: appKey, PARTNER_URINE_APP_SECRET: appSecret } = env;
  return baseUrl && appKey && appSecret ? { baseUrl, appKey, appSecret } : null;
}

/**
 * The signed address of the partner's health site (spec 1 §2.3): app key, the user's bind, the
 * time and a hash over them with the shared secret. Built here so the secret never reaches the
 * browser. The bind is an HMAC of the customer id, stable per customer and meaningless elsewhere.
 */
export function urineLink(config: PartnerConfig | null, customerId: string, now: Date): string {
  if (!config) {
    throw new AppError(ErrorCodes.unavailable, '尿液分析服务暂未开通', 503);
  }
  const userBind = createHmac('sha256', config.appSecret).update(`bind:${customerId}`).digest('hex').slice(0, 32);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const sign = createHash('sha256')
    .update(`appKey=${config.appKey}&timestamp=${timestamp}&userBind=${userBind}&secret=${config.appSecret}`)
    .digest('hex');
  const url = new URL(config.baseUrl);
  url.searchParams.set('appKey', config.appKey);
  url.searchParams.set('userBind', userBind);
  url.searchParams.set('timestamp', timestamp);
  url.searchParams.set('sign', sign);
  return url.toString();
}
