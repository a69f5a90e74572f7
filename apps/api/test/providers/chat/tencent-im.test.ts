import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config';
import { chatProviderFromEnv } from '../../../src/providers/chat/config';
import { TencentIm, TencentImError } from '../../../src/providers/chat/tencent-im';
import { startTencentImFake, type FakeTencentIm } from '../../fakes/tencent-im-fake';

const settings = { sdkAppId: 1400000123, secretKey: 'a'.repeat(64), admin: 'administrator' };
let fake: FakeTencentIm;

const client = (overrides: Partial<{ secretKey: string; adminIdentifier: string; sdkAppId: number }> = {}) =>
  new TencentIm({
    sdkAppId: settings.sdkAppId,
    secretKey: settings.secretKey,
    adminIdentifier: settings.admin,
    baseUrl: fake.baseUrl,
    ...overrides,
  });

/** The ErrorCode a call was refused with. */
async function refusedWith(call: Promise<unknown>): Promise<number> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TencentImError);
  return (error as TencentImError).code;
}

beforeAll(async () => {
  fake = await startTencentImFake(settings);
});
afterAll(() => fake.close());

describe('UserSig through tls-sig-api-v2', () => {
  it('is a UserSig Tencent accepts for that account, and for no other', () => {
    const before = Date.now();
    const { sig, expireTime } = client().userSig('c_abc');
    expect(fake.checkUserSig(sig, 'c_abc')).toBe(0);
    expect(fake.checkUserSig(sig, 'c_abd')).toBe(70013);
    expect(expireTime).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 86_400_000);
    expect(expireTime).toBeLessThanOrEqual(Date.now() + 86_400_000);
    // A day later it has expired.
    expect(fake.checkUserSig(sig, 'c_abc', new Date(expireTime + 1000))).toBe(70001);
  });

  it('signed with another key or for another application is refused', () => {
    expect(fake.checkUserSig(client({ secretKey: 'b'.repeat(64) }).userSig('c_abc').sig, 'c_abc')).toBe(70009);
    expect(fake.checkUserSig(client({ sdkAppId: 1400000999 }).userSig('c_abc').sig, 'c_abc')).toBe(70014);
    expect(fake.checkUserSig('not-a-sig', 'c_abc')).toBe(70003);
  });
});

describe('the REST API against the fake', () => {
  it('imports accounts and sends a custom message between them', async () => {
    const im = client();
    await im.importAccount('c_sender');
    await im.importAccount('s_receiver');
    await im.importAccount('s_receiver');
    expect([...fake.accounts]).toEqual(expect.arrayContaining(['c_sender', 's_receiver']));
    const sent = await im.sendCustomMessage({
      from: 'c_sender',
      to: 's_receiver',
      data: '{"kind":"x"}',
      desc: '你好',
      random: 4294967295,
      syncToSender: true,
    });
    expect(sent.msgKey).toMatch(/^4294967295_/);
    expect(fake.messages.at(-1)).toEqual({
      SyncOtherMachine: 1,
      From_Account: 'c_sender',
      To_Account: 's_receiver',
      MsgRandom: 4294967295,
      MsgBody: [{ MsgType: 'TIMCustomElem', MsgContent: { Data: '{"kind":"x"}', Desc: '你好', Ext: '' } }],
    });
  });

  it('surfaces Tencent’s refusals with their codes', async () => {
    const message = { from: 'c_sender', to: 'c_nobody', data: '{}', desc: '', random: 1, syncToSender: false };
    expect(await refusedWith(client().sendCustomMessage(message))).toBe(20003);
    expect(await refusedWith(client({ secretKey: 'b'.repeat(64) }).importAccount('c_x'))).toBe(70009);
    expect(await refusedWith(client({ adminIdentifier: 'someone' }).importAccount('c_x'))).toBe(60010);
    expect(await refusedWith(client().importAccount('x'.repeat(33)))).toBe(70402);
    fake.refuseNext(60007, 'REST API frequency limit');
    expect(await refusedWith(client().importAccount('c_x'))).toBe(60007);
    expect(fake.accounts.has('c_x')).toBe(false);
  });

  it('refuses an answer that is not Tencent’s JSON, and an unreachable server', async () => {
    const html = new TencentIm({
      ...settings,
      adminIdentifier: settings.admin,
      baseUrl: 'http://127.0.0.1:1',
      fetch: () => Promise.resolve(new Response('<html>502</html>', { status: 502 })),
    });
    await expect(html.importAccount('c_x')).rejects.toThrow('HTTP 502, not JSON');
    const down = new TencentIm({ ...settings, adminIdentifier: settings.admin, baseUrl: 'http://127.0.0.1:1' });
    expect(await refusedWith(down.importAccount('c_x'))).toBe(-1);
  });
});

describe('CHAT_PROVIDER settings', () => {
  const tencentEnv = {
    CHAT_PROVIDER: 'tencent',
    TENCENT_IM_SDK_APP_ID: '1400000123',
    TENCENT_IM_SECRET_KEY: 'secret',
    TENCENT_IM_ADMIN_IDENTIFIER: 'administrator',
  };

  it('is the local WebSocket by default', () => {
    expect(chatProviderFromEnv({})).toBeNull();
    expect(chatProviderFromEnv({ CHAT_PROVIDER: 'local', TENCENT_IM_SDK_APP_ID: 'x' })).toBeNull();
  });

  it('builds the Tencent client from its settings', () => {
    const im = chatProviderFromEnv(tencentEnv);
    expect(im).toBeInstanceOf(TencentIm);
    expect(im?.sdkAppId).toBe(1400000123);
  });

  it('lists every problem at once', () => {
    const problems = (env: Record<string, string>) => {
      try {
        chatProviderFromEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error('no ConfigError');
    };
    expect(problems({ CHAT_PROVIDER: 'tencent' })).toEqual([
      'TENCENT_IM_SDK_APP_ID is required when CHAT_PROVIDER=tencent.',
      'TENCENT_IM_SECRET_KEY is required when CHAT_PROVIDER=tencent.',
      'TENCENT_IM_ADMIN_IDENTIFIER is required when CHAT_PROVIDER=tencent.',
    ]);
    expect(
      problems({
        ...tencentEnv,
        TENCENT_IM_SDK_APP_ID: '14000x',
        TENCENT_IM_ADMIN_IDENTIFIER: 'admin!',
        TENCENT_IM_API_BASE: 'ftp://console.tim.qq.com/v4',
      }),
    ).toHaveLength(3);
    expect(problems({ CHAT_PROVIDER: 'rongcloud' })[0]).toContain('CHAT_PROVIDER must be');
  });
});
