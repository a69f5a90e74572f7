import { ConfigError } from '../../config';
import { LocalGeocoder } from './local';
import { TencentGeocoder } from './tencent';

const TENCENT_REQUIRED = ['TENCENT_MAP_KEY', 'TENCENT_MAP_SK'] as const;

/**
 * Picks the reverse geocoder from the environment: the bundled nearest-seat table unless
 * GEOCODER=tencent. Misconfiguration throws a ConfigError naming every problem at once.
 */
export function geocoderFromEnv(env: NodeJS.ProcessEnv = process.env): LocalGeocoder | TencentGeocoder {
  const provider = env.GEOCODER || 'local';
  if (provider === 'local') {
    return new LocalGeocoder();
  }
  if (provider !== 'tencent') {
    throw new ConfigError([`GEOCODER must be local or tencent, got "${provider}".`]);
  }
  const problems: string[] = [];
  // Whitespace-only counts as missing: a stray blank in an env file must not reach the provider.
  const missing = TENCENT_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    problems.push(`GEOCODER=tencent needs ${missing.join(', ')} (missing or empty).`);
  }
  const base = env.TENCENT_MAP_BASE || undefined;
  if (base !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(base)) {
    problems.push(`TENCENT_MAP_BASE must be an http(s) URL without a path, got "${base}".`);
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return new TencentGeocoder({
    key: env.TENCENT_MAP_KEY!.trim(),
    sk: env.TENCENT_MAP_SK!.trim(),
    ...(base === undefined ? {} : { base }),
  });
}
