import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsapiSignature, WechatJsSdk, type WechatJsSdkConfig } from '../../../src/providers/wechat/jssdk';
import { WechatApiError } from '../../../src/providers/wechat/wechat-http';
import { WechatFake } from '../../fakes/wechat-fake';

// The worked example of the official JS-SDK docs, appendix 1 (签名算法).
const SAMPLE = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
};
const PAGE = 'https://h5.example.com/mine?sourceId=3';

let fake: WechatFake;
let now: number;
beforeEach(async () => {
  fake = await WechatFake.start();
  now = Date.UTC(2025, 0, 1, 8, 0, 0);
});
afterEach(() => fake.close());

const sdk = (overrides: Partial<WechatJsSdkConfig> = {}) =>
  new WechatJsSdk({
    appId: fake.appId,
    appSecret: fake.appSecret,
    apiBase: fake.baseUrl,
    now: () => now,
    ...overrides,
  });

describe('JS-SDK signature', () => {
  it('matches the official sample', () => {
    expect(jsapiSignature(SAMPLE.ticket, SAMPLE.nonceStr, SAMPLE.timestamp, SAMPLE.url)).toBe(SAMPLE.signature);
  });

  it('ignores the #fragment of the page address', () => {
    expect(jsapiSignature(SAMPLE.ticket, SAMPLE.nonceStr, SAMPLE.timestamp, `${SAMPLE.url}#/home?x=1`)).toBe(
      SAMPLE.signature,
    );
  });
});

describe('JS-SDK config', () => {
  it('signs the page exactly as given, with the current ticket, time and a fresh nonce', async () => {
    const config = await sdk().getConfig(`${SAMPLE.url}#/mine`);
    expect(config.appId).toBe(fake.appId);
    expect(config.timestamp).toBe(Math.floor(now / 1000));
    expect(config.nonceStr).toMatch(/^[0-9a-f]{16}$/);
    // The sample address has no "/" before "?": normalising it would change the signature.
    expect(config.signature).toBe(
      jsapiSignature(fake.ticketsIssued.at(-1) ?? '', config.nonceStr, config.timestamp, SAMPLE.url),
    );
  });

  it('uses one access token and one ticket for many signatures', async () => {
    const client = sdk();
    const first = await client.getConfig(PAGE);
    const second = await client.getConfig(PAGE);
    expect(fake.calls).toMatchObject({ accessToken: 1, ticket: 1 });
    expect(second.nonceStr).not.toBe(first.nonceStr);
  });

  it('shares one refresh among simultaneous requests', async () => {
    const client = sdk();
    await Promise.all(Array.from({ length: 8 }, () => client.getConfig(PAGE)));
    expect(fake.calls).toMatchObject({ accessToken: 1, ticket: 1 });
  });

  it('fetches a new token and ticket five minutes before they expire, not earlier', async () => {
    const client = sdk();
    await client.getConfig(PAGE);
    now += (7200 - 300) * 1000 - 1;
    await client.getConfig(PAGE);
    expect(fake.calls).toMatchObject({ accessToken: 1, ticket: 1 });

    now += 1;
    const renewed = await client.getConfig(PAGE);
    expect(fake.calls).toMatchObject({ accessToken: 2, ticket: 2 });
    expect(renewed.signature).toBe(
      jsapiSignature(fake.ticketsIssued[1] ?? '', renewed.nonceStr, renewed.timestamp, PAGE),
    );
  });

  it('keeps a short-lived token for half its life rather than refetching on every call', async () => {
    fake.tokenExpiresIn = 300;
    fake.ticketExpiresIn = 300;
    const client = sdk();
    await client.getConfig(PAGE);
    now += 149_000;
    await client.getConfig(PAGE);
    expect(fake.calls).toMatchObject({ accessToken: 1, ticket: 1 });
    now += 1_000;
    await client.getConfig(PAGE);
    expect(fake.calls).toMatchObject({ accessToken: 2, ticket: 2 });
  });

  it('replaces an access token the provider no longer accepts and retries once', async () => {
    fake.ticketExpiresIn = 600; // renewed after 300 s, while the cached token still looks fresh
    const client = sdk();
    await client.getConfig(PAGE);
    fake.revokeAccessTokens();
    now += 300_000;
    await expect(client.getConfig(PAGE)).resolves.toMatchObject({ appId: fake.appId });
    expect(fake.calls).toMatchObject({ accessToken: 2, ticket: 3 });
  });

  it('also works with the classic token endpoint', async () => {
    await sdk({ tokenApi: 'classic' }).getConfig(PAGE);
    expect(fake.calls).toMatchObject({ accessToken: 1, ticket: 1 });
  });

  it('does not cache a failure: the next call tries again', async () => {
    const client = sdk();
    fake.failWithSystemBusy('/cgi-bin/ticket/getticket');
    await expect(client.getConfig(PAGE)).rejects.toMatchObject({
      name: 'WechatApiError',
      reason: 'provider_error',
      errcode: -1,
    });
    fake.recover();
    await expect(client.getConfig(PAGE)).resolves.toMatchObject({ appId: fake.appId });
    expect(fake.calls).toMatchObject({ accessToken: 1, ticket: 2 });
  });

  it('reports a wrong app secret as a provider error without revealing the secret', async () => {
    const error = await sdk({ appSecret: 'wrong-secret-value' })
      .getConfig(PAGE)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(WechatApiError);
    expect(error).toMatchObject({ reason: 'provider_error', errcode: 40001 });
    expect((error as Error).message).not.toContain('wrong-secret-value');
  });

  it.each([
    ['a relative path', '/mine'],
    ['another scheme', 'javascript:alert(1)'],
    ['an empty string', ''],
  ])('refuses to sign %s', async (_case, url) => {
    await expect(sdk().getConfig(url)).rejects.toBeInstanceOf(TypeError);
    expect(fake.calls).toMatchObject({ accessToken: 0, ticket: 0 });
  });
});
