import { ConfigError } from '../../config';
import type { Clock } from '../../lib/clock';
import { CachedLogisticsProvider } from './cached';
import { KdniaoLogisticsProvider } from './kdniao';
import { LocalLogisticsProvider } from './local';
import type { LogisticsProvider } from './logistics';

/** How long a courier's answer is kept when LOGISTICS_CACHE_SECONDS is not set. */
export const DEFAULT_LOGISTICS_CACHE_SECONDS = 300;

/**
 * Courier tracking from the environment: LOGISTICS_PROVIDER=local (the default: the console's own
 * shipping events) or kdniao, which needs KDNIAO_EBUSINESS_ID and KDNIAO_APP_KEY; KDNIAO_API_BASE
 * points it elsewhere (a fake) and LOGISTICS_CACHE_SECONDS (default 300, 0 to switch off) keeps its
 * answers. Throws ConfigError listing every problem.
 */
export function logisticsProviderFromEnv(env: NodeJS.ProcessEnv, clock: Clock): LogisticsProvider {
  const kind = env.LOGISTICS_PROVIDER || 'local';
  if (kind === 'local') {
    return new LocalLogisticsProvider();
  }
  if (kind !== 'kdniao') {
    throw new ConfigError([`LOGISTICS_PROVIDER must be local or kdniao, got "${kind}".`]);
  }
  const problems: string[] = [];
  const missing = ['KDNIAO_EBUSINESS_ID', 'KDNIAO_APP_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    problems.push(`LOGISTICS_PROVIDER=kdniao needs ${missing.join(', ')} (missing or empty).`);
  }
  const base = env.KDNIAO_API_BASE || undefined;
  if (base !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(base)) {
    problems.push(`KDNIAO_API_BASE must be an http(s) URL without a path, got "${base}".`);
  }
  const cacheText = env.LOGISTICS_CACHE_SECONDS?.trim() || String(DEFAULT_LOGISTICS_CACHE_SECONDS);
  const cacheSeconds = /^\d{1,5}$/.test(cacheText) ? Number(cacheText) : Number.NaN;
  if (Number.isNaN(cacheSeconds) || cacheSeconds > 86_400) {
    problems.push(`LOGISTICS_CACHE_SECONDS must be whole seconds from 0 to 86400, got "${cacheText}".`);
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  const kdniao = new KdniaoLogisticsProvider({
    businessId: env.KDNIAO_EBUSINESS_ID!.trim(),
    appKey: env.KDNIAO_APP_KEY!.trim(),
    ...(base === undefined ? {} : { base }),
  });
  return cacheSeconds === 0 ? kdniao : new CachedLogisticsProvider(kdniao, cacheSeconds * 1000, clock);
}
