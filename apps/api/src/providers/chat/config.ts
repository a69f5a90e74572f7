import { ConfigError } from '../../config';
import { TENCENT_USER_ID_MAX } from '@glucoguard/domain';
import { TENCENT_IM_DEFAULT_BASE, TencentIm } from './tencent-im';

type Env = Record<string, string | undefined>;

/**
 * Where @tencentcloud/chat connects from the browser (its WebSocket and HTTPS hosts in every
 * region, read from the SDK 3.6.6): the web app's connect-src with CHAT_PROVIDER=tencent.
 */
export const TENCENT_IM_CONNECT_SOURCES = [
  'wss://*.im.qcloud.com',
  'https://*.im.qcloud.com',
  'wss://*.tim.qq.com',
  'https://*.tim.qq.com',
  'https://*.my-imcloud.com',
] as const;

/** The chat provider's browser connections besides our own origin: none for the local WebSocket. */
export function chatConnectSources(env: Env): readonly string[] {
  return env.CHAT_PROVIDER === 'tencent' ? TENCENT_IM_CONNECT_SOURCES : [];
}

/**
 * The chat provider from the environment: CHAT_PROVIDER=local (the default: the API's own
 * WebSocket, null here) or tencent (Tencent Cloud IM), which needs TENCENT_IM_SDK_APP_ID,
 * TENCENT_IM_SECRET_KEY and TENCENT_IM_ADMIN_IDENTIFIER; TENCENT_IM_API_BASE points it at another
 * region or a fake. Throws ConfigError listing every problem.
 */
export function chatProviderFromEnv(env: Env, fetchImpl?: typeof fetch): TencentIm | null {
  const kind = env.CHAT_PROVIDER || 'local';
  if (kind === 'local') {
    return null;
  }
  if (kind !== 'tencent') {
    throw new ConfigError([`CHAT_PROVIDER must be "local" (the default) or "tencent", got "${kind}".`]);
  }
  const problems: string[] = [];
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) {
      problems.push(`${name} is required when CHAT_PROVIDER=tencent.`);
    }
    return value ?? '';
  };
  const appIdText = required('TENCENT_IM_SDK_APP_ID');
  const secretKey = required('TENCENT_IM_SECRET_KEY');
  const admin = required('TENCENT_IM_ADMIN_IDENTIFIER');
  const sdkAppId = Number(appIdText);
  if (appIdText && !(/^[1-9][0-9]{0,9}$/.test(appIdText) && sdkAppId <= 0xffffffff)) {
    problems.push(`TENCENT_IM_SDK_APP_ID must be the application's numeric SDKAppID, got "${appIdText}".`);
  }
  if (admin && !(/^[A-Za-z0-9_-]+$/.test(admin) && admin.length <= TENCENT_USER_ID_MAX)) {
    problems.push('TENCENT_IM_ADMIN_IDENTIFIER must be an account of at most 32 letters, digits, _ or -.');
  }
  const baseUrl = (env.TENCENT_IM_API_BASE || TENCENT_IM_DEFAULT_BASE).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol) || new URL(baseUrl).pathname !== '/') {
    problems.push(`TENCENT_IM_API_BASE must be an http(s) URL without a path, got "${baseUrl}".`);
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return new TencentIm({
    sdkAppId,
    secretKey,
    adminIdentifier: admin,
    baseUrl,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
