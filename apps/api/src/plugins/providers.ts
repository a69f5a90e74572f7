import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { SmsSender } from '../providers/sms/sms';
import { smsSenderFromEnv } from '../providers/sms/config';
import type { IdentityProvider } from '../providers/wechat/identity';
import type { WechatJsSdk } from '../providers/wechat/jssdk';
import { identityConfigFromEnv } from '../providers/wechat/config';
import { systemClock, type Clock } from '../lib/clock';
import { objectStoreFromEnv, type ObjectStore } from '../contexts/platform/upload/storage';
import type { Geocoder } from '../providers/geocoder/geocoder';
import { geocoderFromEnv } from '../providers/geocoder/config';
import type { NoticePusher } from '../providers/push/push';
import { noticePusherFromEnv } from '../providers/push/config';
import type { AssistantProvider } from '../providers/assistant/assistant';
import { assistantFromEnv } from '../providers/assistant/config';

/** The external services the API talks to, each behind an interface with a local default. */
export interface Providers {
  sms: SmsSender;
  identity: IdentityProvider;
  jsSdk: WechatJsSdk | null;
  /** Where uploaded images are kept: local disk by default, an S3-compatible store by configuration. */
  storage: ObjectStore;
  /** Reverse geocoding: the bundled nearest-seat table by default, Tencent Location Service by configuration. */
  geocoder: Geocoder;
  /** Reading notices through the messaging app's template messages; a local outbox by default. */
  noticePusher: NoticePusher;
  /** The AI assistant: the embedded offline one by default, an OpenAI-compatible service by configuration. */
  assistant: AssistantProvider;
  /** Signs OAuth states and keys code hashes. */
  sessionSecret: string;
  clock: Clock;
}

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
    app.decorate('providers', {
      sms: overrides.sms ?? smsSenderFromEnv(env),
      identity: overrides.identity ?? identity.provider,
      jsSdk: overrides.jsSdk !== undefined ? overrides.jsSdk : identity.jsSdk,
      storage: overrides.storage ?? objectStoreFromEnv(env, dataDir),
      geocoder: overrides.geocoder ?? geocoderFromEnv(env),
      noticePusher: overrides.noticePusher ?? noticePusherFromEnv(env),
      assistant: overrides.assistant ?? assistantFromEnv(env),
      sessionSecret: overrides.sessionSecret ?? identity.sessionSecret,
      clock: overrides.clock ?? systemClock,
    });
  },
  { name: 'providers' },
);
