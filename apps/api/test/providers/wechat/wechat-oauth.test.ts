import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdentityError, type IdentityErrorReason } from '../../../src/providers/wechat/identity';
import { WechatOAuthProvider, type WechatOAuthConfig } from '../../../src/providers/wechat/wechat-oauth';
import { WechatFake } from '../../fakes/wechat-fake';

let fake: WechatFake;
beforeEach(async () => {
  fake = await WechatFake.start();
});
afterEach(() => fake.close());

const provider = (overrides: Partial<WechatOAuthConfig> = {}) =>
  new WechatOAuthProvider({
    appId: fake.appId,
    appSecret: fake.appSecret,
    apiBase: fake.baseUrl,
    timeoutMs: 2000,
    ...overrides,
  });

async function expectRejection(promise: Promise<unknown>, reason: IdentityErrorReason): Promise<IdentityError> {
  const error = await promise.then(
    () => expect.unreachable('the exchange should have been refused'),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(IdentityError);
  expect(error).toMatchObject({ reason });
  return error as IdentityError;
}

/** A port nothing listens on: bound once, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('WeChat web authorisation provider', () => {
  it('sends the browser to the authorise page with the documented parameters, in order', () => {
    const url = provider({ appId: 'wx1234567890abcdef' }).authorizeUrl(
      'https://h5.example.com/auth?sourceId=3',
      'abc123',
    );
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1234567890abcdef' +
        '&redirect_uri=https%3A%2F%2Fh5.example.com%2Fauth%3FsourceId%3D3&response_type=code&scope=snsapi_userinfo&state=abc123#wechat_redirect',
    );
  });

  it('exchanges a code for the user profile', async () => {
    const code = fake.issueCode({
      openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
      nickname: '张三',
      headimgurl: 'https://thirdwx.qlogo.cn/a/132',
      sex: 2,
      unionid: 'o6_union_1',
    });
    await expect(provider().exchangeCode(code)).resolves.toEqual({
      openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
      unionid: 'o6_union_1',
      nickname: '张三',
      headimgurl: 'https://thirdwx.qlogo.cn/a/132',
      sex: 2,
    });
    expect(fake.calls).toMatchObject({ oauthToken: 1, userinfo: 1 });
  });

  it('reports no unionid when the account is not bound to an open platform, and unknown sex for odd values', async () => {
    const code = fake.issueCode({ openid: 'o_plain', nickname: 'x', sex: 7 });
    await expect(provider().exchangeCode(code)).resolves.toMatchObject({
      openid: 'o_plain',
      unionid: null,
      sex: 0,
      headimgurl: '',
    });
  });

  it('refuses a code a second time without asking the provider again', async () => {
    const client = provider();
    const code = fake.issueCode({ openid: 'o_twice' });
    await client.exchangeCode(code);
    await expectRejection(client.exchangeCode(code), 'code_used');
    expect(fake.calls.oauthToken).toBe(1);
  });

  it('lets only one of two simultaneous exchanges of the same code through', async () => {
    const client = provider();
    const code = fake.issueCode({ openid: 'o_race' });
    const results = await Promise.allSettled([client.exchangeCode(code), client.exchangeCode(code)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(fake.calls.oauthToken).toBe(1);
  });

  it('maps the provider saying "code been used" to code_used (another API instance used it first)', async () => {
    const code = fake.issueCode({ openid: 'o_elsewhere' });
    await provider().exchangeCode(code);
    await expectRejection(provider().exchangeCode(code), 'code_used');
    expect(fake.calls.oauthToken).toBe(2);
  });

  it('forgets used codes after five minutes and then relies on the provider refusing them', async () => {
    let now = Date.UTC(2025, 0, 1);
    const client = provider({ now: () => now });
    const code = fake.issueCode({ openid: 'o_later' });
    await client.exchangeCode(code);
    now += 5 * 60 * 1000 - 1;
    await expectRejection(client.exchangeCode(code), 'code_used');
    expect(fake.calls.oauthToken).toBe(1);
    now += 2;
    await expectRejection(client.exchangeCode(code), 'code_used');
    expect(fake.calls.oauthToken).toBe(2);
  });

  it('maps an unknown code to invalid_code', async () => {
    await expectRejection(provider().exchangeCode('0213abcdefUnknownCode'), 'invalid_code');
  });

  it.each([
    ['empty', ''],
    ['containing URL syntax', 'abc&grant_type=client_credential'],
    ['absurdly long', 'a'.repeat(129)],
  ])('refuses a malformed (%s) code without calling the provider', async (_case, code) => {
    await expectRejection(provider().exchangeCode(code), 'invalid_code');
    expect(fake.calls.oauthToken).toBe(0);
  });

  it('reports a wrong app secret as a provider error without revealing the secret', async () => {
    const code = fake.issueCode({ openid: 'o_secret' });
    const error = await expectRejection(
      provider({ appSecret: 'not-the-real-secret' }).exchangeCode(code),
      'provider_error',
    );
    expect(error.message).toContain('40125');
    expect(error.message).not.toContain('not-the-real-secret');
  });

  it('reports a failing userinfo call as a provider error', async () => {
    const code = fake.issueCode({ openid: 'o_busy' });
    fake.failWithSystemBusy('/sns/userinfo');
    const error = await expectRejection(provider().exchangeCode(code), 'provider_error');
    expect(error.message).toContain('errcode -1');
    expect(fake.calls).toMatchObject({ oauthToken: 1, userinfo: 1 });
  });

  it('reports the provider being busy during the code exchange as a provider error', async () => {
    fake.failWithSystemBusy();
    await expectRejection(provider().exchangeCode(fake.issueCode({ openid: 'o_busy2' })), 'provider_error');
  });

  it('reports a refused connection as a network failure', async () => {
    const client = provider({ apiBase: await closedPortUrl() });
    await expectRejection(client.exchangeCode('0213abcdefNetworkDown'), 'network');
  });

  it('gives up after the timeout and reports a network failure', async () => {
    fake.delayMs = 1000;
    const started = Date.now();
    await expectRejection(provider({ timeoutMs: 100 }).exchangeCode(fake.issueCode({ openid: 'o_slow' })), 'network');
    expect(Date.now() - started).toBeLessThan(900);
  });
});
