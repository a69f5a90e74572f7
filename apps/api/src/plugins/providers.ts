import fp from 'fastify-plugin';
import type { Providers } from '../providers/providers';
import type { FastifyInstance } from 'fastify';
import { smsSenderFromEnv } from '../providers/sms/config';
import { identityConfigFromEnv } from '../providers/wechat/config';
import { systemClock } from '../lib/clock';
import { objectStoreFromEnv } from '../providers/storage/storage';
import { geocoderFromEnv } from '../providers/geocoder/config';
import { noticePusherFromEnv } from '../providers/push/config';
import { assistantFromEnv } from '../providers/assistant/config';
import { paymentProviderFromEnv } from '../providers/payment/config';
import { chatProviderFromEnv } from '../providers/chat/config';
import { logisticsProviderFromEnv } from '../providers/logistics/config';

export type { Providers } from '../providers/providers';

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
  }
}

export interface ProvidersPluginOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Replacements, e.g. real clients pointed at local fakes in tests. */
  overrides?: Partial<Providers>;
}

/** Builds the providers from the environment (local ones by default). */
export default fp<ProvidersPluginOptions>(
  (app: FastifyInstance, { env, dataDir, overrides = {} }) => {
    const identity = identityConfigFromEnv(env);
    const clock = overrides.clock ?? systemClock;
    app.decorate('providers', {
      sms: overrides.sms ?? smsSenderFromEnv(env),
      identity: overrides.identity ?? identity.provider,
      jsSdk: overrides.jsSdk !== undefined ? overrides.jsSdk : identity.jsSdk,
      storage: overrides.storage ?? objectStoreFromEnv(env, dataDir),
      geocoder: overrides.geocoder ?? geocoderFromEnv(env),
      noticePusher: overrides.noticePusher ?? noticePusherFromEnv(env),
      assistant: overrides.assistant ?? assistantFromEnv(env),
      sessionSecret: overrides.sessionSecret ?? identity.sessionSecret,
      payment: overrides.payment ?? paymentProviderFromEnv(env, clock),
      chat: overrides.chat !== undefined ? overrides.chat : chatProviderFromEnv(env),
      logistics: overrides.logistics ?? logisticsProviderFromEnv(env, clock),
      clock,
    });
  },
  { name: 'providers' },
);
