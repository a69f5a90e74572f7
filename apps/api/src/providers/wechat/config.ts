import { ConfigError } from '../../config';
import type { IdentityProvider } from './identity';
import { WechatJsSdk } from './jssdk';
import { LocalIdentityProvider } from './local';
import { WechatOAuthProvider } from './wechat-oauth';

type Env = Record<string, string | undefined>;

/**
 * UNSAFE outside development: it is in the repository, so anyone can forge states and compute
 * every local user's openid from their device key. Production refuses to start without
 * SESSION_SECRET; development and tests use this so `npm start` works with no setup.
 */
export const DEVELOPMENT_SESSION_SECRET = 'glucoguard-development-session-secret-do-not-use-in-production';

const MIN_PRODUCTION_SECRET_LENGTH = 32;

export interface IdentityConfig {
  provider: IdentityProvider;
  /** Signs OAuth states (createState/verifyState) and keys local openids; the routes may sign sessions with it too. */
  sessionSecret: string;
  /** The JS-SDK signer with the messaging app; null with the local provider, which has nothing to configure. */
  jsSdk: WechatJsSdk | null;
}

function sessionSecret(env: Env, problems: string[]): string {
  const secret = env.SESSION_SECRET;
  if (env.NODE_ENV === 'production') {
    if (!secret) {
      problems.push(
        'SESSION_SECRET is required when NODE_ENV=production (a random string of at least 32 characters, e.g. `openssl rand -hex 32`).',
      );
    } else if (secret.length < MIN_PRODUCTION_SECRET_LENGTH) {
      problems.push(
        `SESSION_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters when NODE_ENV=production.`,
      );
    } else if (secret === DEVELOPMENT_SESSION_SECRET) {
      problems.push(
        'SESSION_SECRET is the published development value; set a random secret in production (e.g. `openssl rand -hex 32`).',
      );
    }
  }
  return secret || DEVELOPMENT_SESSION_SECRET;
}

function httpUrl(name: string, raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    problems.push(`${name} must be an http(s) URL, got "${raw}".`);
  }
  return raw;
}

/**
 * Everything sign-in needs from the environment, validated at once: the messaging app's OAuth
 * when WECHAT_PROVIDER=wechat (needs WECHAT_APP_ID and WECHAT_APP_SECRET; WECHAT_API_BASE and
 * WECHAT_OPEN_BASE point it elsewhere, e.g. at a fake), otherwise the local device-key provider.
 * Throws ConfigError listing every missing or bad variable.
 */
export function identityConfigFromEnv(env: Env = process.env): IdentityConfig {
  const problems: string[] = [];
  const secret = sessionSecret(env, problems);
  const kind = env.WECHAT_PROVIDER || 'local';
  if (kind !== 'local' && kind !== 'wechat') {
    problems.push(`WECHAT_PROVIDER must be "wechat" or "local" (the default), got "${kind}".`);
  }
  if (kind !== 'wechat') {
    if (problems.length > 0) {
      throw new ConfigError(problems);
    }
    return { provider: new LocalIdentityProvider(secret), sessionSecret: secret, jsSdk: null };
  }

  const missing = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) {
    problems.push(
      `WECHAT_PROVIDER=wechat needs ${missing.join(' and ')} (the official account's AppID and AppSecret).`,
    );
  }
  const apiBase = httpUrl('WECHAT_API_BASE', env.WECHAT_API_BASE, problems);
  const openBase = httpUrl('WECHAT_OPEN_BASE', env.WECHAT_OPEN_BASE, problems);
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  const app = { appId: env.WECHAT_APP_ID ?? '', appSecret: env.WECHAT_APP_SECRET ?? '', apiBase };
  return {
    provider: new WechatOAuthProvider({ ...app, openBase }),
    sessionSecret: secret,
    jsSdk: new WechatJsSdk(app),
  };
}

/** The sign-in provider alone; see identityConfigFromEnv. */
export function identityProviderFromEnv(env: Env = process.env): IdentityProvider {
  return identityConfigFromEnv(env).provider;
}
