// README.md's configuration table names every environment variable the API reads: each reader of
// the environment runs over a recording environment, once with the defaults and once with every
// provider switched to its real service, and every name it asked for must be in the table.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { partnerConfigFromEnv } from './contexts/platform/partner/partner.service';
import { retentionIntervalFromEnv } from './plugins/retention';
import { noticePushIntervalFromEnv } from './plugins/notice-push';
import { assistantFromEnv } from './providers/assistant/config';
import { chatConnectSources, chatProviderFromEnv } from './providers/chat/config';
import { geocoderFromEnv } from './providers/geocoder/config';
import { logisticsProviderFromEnv } from './providers/logistics/config';
import { paymentProviderFromEnv } from './providers/payment/config';
import { noticePusherFromEnv } from './providers/push/config';
import { smsSenderFromEnv } from './providers/sms/config';
import { objectStoreFromEnv } from './providers/storage/storage';
import { identityConfigFromEnv, identityProviderFromEnv } from './providers/wechat/config';

/** Every provider on its real service (the defaults are all local). */
const REAL_SERVICES = {
  WECHAT_PROVIDER: 'wechat',
  SMS_PROVIDER: 'aliyun',
  STORAGE: 's3',
  GEOCODER: 'tencent',
  NOTICE_PUSH_PROVIDER: 'wechat',
  AI_PROVIDER: 'openai',
  PAYMENT_PROVIDER: 'wechatpay',
  CHAT_PROVIDER: 'tencent',
  LOGISTICS_PROVIDER: 'kdniao',
};

/** The names the readers ask `base` for (a missing setting is asked for too, then refused). */
function namesRead(base: Record<string, string>): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(base, {
    get(target, name) {
      if (typeof name === 'string') {
        asked.add(name);
      }
      return Reflect.get(target, name) as unknown;
    },
  });
  const readers: (() => unknown)[] = [
    () => loadConfig(env),
    () => partnerConfigFromEnv(env),
    () => retentionIntervalFromEnv(env),
    () => noticePushIntervalFromEnv(env),
    () => assistantFromEnv(env),
    () => chatConnectSources(env),
    () => chatProviderFromEnv(env),
    () => geocoderFromEnv(env),
    () => logisticsProviderFromEnv(env, () => new Date()),
    () => paymentProviderFromEnv(env, () => new Date()),
    () => noticePusherFromEnv(env),
    () => smsSenderFromEnv(env),
    () => objectStoreFromEnv(env, '/tmp'),
    () => identityConfigFromEnv(env),
    () => identityProviderFromEnv(env),
  ];
  for (const read of readers) {
    try {
      read();
    } catch {
      // A refused configuration still asked for its settings first.
    }
  }
  return asked;
}

/** The backticked names in README.md's configuration section. */
function documented(): Set<string> {
  const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  return new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] ?? ''));
}

describe("README.md's configuration table", () => {
  it('names every environment variable the API reads, with the defaults and with every real service', () => {
    const table = documented();
    // Read by the process, not the product: the document the API serves is the repository's own.
    const internal = new Set(['OPENAPI_PATH']);
    const defaults = namesRead({});
    const real = namesRead(REAL_SERVICES);
    // The recording sees the readers: issue 18's settings among them.
    expect([...defaults]).toEqual(
      expect.arrayContaining(['JOBS_POLL_INTERVAL_MS', 'CONSOLE_DIST', 'PAYMENT_PROVIDER']),
    );
    expect([...real]).toEqual(expect.arrayContaining(['WECHATPAY_API_V3_KEY', 'TENCENT_IM_SECRET_KEY', 'S3_BUCKET']));
    const undocumented = [...defaults, ...real].filter(
      (name) => /^[A-Z][A-Z0-9_]+$/.test(name) && !internal.has(name) && !table.has(name),
    );
    expect([...new Set(undocumented)]).toEqual([]);
  });
});
