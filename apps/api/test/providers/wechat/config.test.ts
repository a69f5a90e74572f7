import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config';
import {
  DEVELOPMENT_SESSION_SECRET,
  identityConfigFromEnv,
  identityProviderFromEnv,
} from '../../../src/providers/wechat/config';
import { createState, verifyState } from '../../../src/providers/wechat/identity';
import { LocalIdentityProvider } from '../../../src/providers/wechat/local';
import { WechatOAuthProvider } from '../../../src/providers/wechat/wechat-oauth';
import { WechatFake } from '../../fakes/wechat-fake';

const PRODUCTION_SECRET = 'p'.repeat(40);

function configProblems(env: Record<string, string>): string[] {
  try {
    identityConfigFromEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  return expect.unreachable('the configuration should have been refused');
}

describe('identity configuration from the environment', () => {
  it('uses the local provider, no JS-SDK and the development secret when nothing is set', () => {
    const config = identityConfigFromEnv({});
    expect(config.provider).toBeInstanceOf(LocalIdentityProvider);
    expect(config.provider.name).toBe('local');
    expect(config.jsSdk).toBeNull();
    expect(config.sessionSecret).toBe(DEVELOPMENT_SESSION_SECRET);
  });

  it('uses SESSION_SECRET when it is set', () => {
    const config = identityConfigFromEnv({ SESSION_SECRET: PRODUCTION_SECRET });
    const state = createState(config.sessionSecret, 0, 1000);
    expect(verifyState(PRODUCTION_SECRET, state, 0)).toBe(true);
  });

  it('refuses to run in production without SESSION_SECRET', () => {
    expect(configProblems({ NODE_ENV: 'production' })).toEqual([
      expect.stringContaining('SESSION_SECRET is required when NODE_ENV=production'),
    ]);
  });

  it('refuses a short SESSION_SECRET in production', () => {
    expect(configProblems({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toEqual([
      expect.stringContaining('at least 32 characters'),
    ]);
  });

  it('selects the messaging app with WECHAT_PROVIDER=wechat and its credentials', () => {
    const config = identityConfigFromEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: PRODUCTION_SECRET,
      WECHAT_PROVIDER: 'wechat',
      WECHAT_APP_ID: 'wxabc',
      WECHAT_APP_SECRET: 's',
    });
    expect(config.provider).toBeInstanceOf(WechatOAuthProvider);
    expect(config.jsSdk).not.toBeNull();
    expect(config.provider.authorizeUrl('https://h5.example.com/', 'st')).toMatch(
      /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wxabc&/,
    );
  });

  it('lists every missing variable at once', () => {
    const problems = configProblems({
      NODE_ENV: 'production',
      WECHAT_PROVIDER: 'wechat',
      WECHAT_API_BASE: 'ftp://nope',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/SESSION_SECRET/);
    expect(problems.join('\n')).toMatch(/WECHAT_APP_ID and WECHAT_APP_SECRET/);
    expect(problems.join('\n')).toMatch(/WECHAT_API_BASE must be an http\(s\) URL/);
  });

  it('refuses an unknown provider name', () => {
    expect(configProblems({ WECHAT_PROVIDER: 'weixin' })).toEqual([
      expect.stringContaining('WECHAT_PROVIDER must be "wechat" or "local"'),
    ]);
  });

  describe('pointed at a local fake of the API', () => {
    let fake: WechatFake;
    beforeEach(async () => {
      fake = await WechatFake.start();
    });
    afterEach(() => fake.close());

    it('signs users in and signs JS-SDK configs through WECHAT_API_BASE and WECHAT_OPEN_BASE', async () => {
      const env = {
        WECHAT_PROVIDER: 'wechat',
        WECHAT_APP_ID: fake.appId,
        WECHAT_APP_SECRET: fake.appSecret,
        WECHAT_API_BASE: fake.baseUrl,
        WECHAT_OPEN_BASE: 'http://open.fake.test',
      };
      const provider = identityProviderFromEnv(env);
      expect(provider.authorizeUrl('https://h5.example.com/', 's')).toMatch(
        /^http:\/\/open\.fake\.test\/connect\/oauth2\/authorize\?/,
      );
      await expect(provider.exchangeCode(fake.issueCode({ openid: 'o_env', nickname: '李四' }))).resolves.toMatchObject(
        { openid: 'o_env', nickname: '李四' },
      );
      await expect(identityConfigFromEnv(env).jsSdk?.getConfig('https://h5.example.com/')).resolves.toMatchObject({
        appId: fake.appId,
      });
    });
  });
});
