import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PushError, type PushMessage } from '../../../src/providers/push/push';
import { noticePusherFromEnv } from '../../../src/providers/push/config';
import { LocalPushOutbox } from '../../../src/providers/push/local-outbox';
import { WechatTemplatePusher, type WechatTemplateConfig } from '../../../src/providers/wechat/template-message';
import { WechatFake } from '../../fakes/wechat-fake';

let fake: WechatFake;
let now: number;
beforeEach(async () => {
  fake = await WechatFake.start();
  now = Date.UTC(2026, 10, 20, 2, 0, 0);
});
afterEach(() => fake.close());

const pusher = (overrides: Partial<WechatTemplateConfig> = {}) =>
  new WechatTemplatePusher({
    appId: fake.appId,
    appSecret: fake.appSecret,
    templateId: 'TPL_READING_FAKE',
    apiBase: fake.baseUrl,
    now: () => now,
    ...overrides,
  });

const message = (overrides: Partial<PushMessage> = {}): PushMessage => ({
  noticeId: '41',
  openid: 'o_wx_daughter',
  title: '紧急提醒：爸爸血糖严重偏高',
  text: '爸爸在11-20 08:00测得空腹血糖25.0mmol/L，严重偏高，请尽快与其联系。',
  urgent: true,
  fields: { name: '爸爸', item: '空腹血糖', value: '25.0mmol/L', result: '严重偏高', time: '2026-11-20 08:00' },
  path: '/notice/noticeList',
  ...overrides,
});

describe('template messages through the official account', () => {
  it('sends the reading in the template’s keywords with a link and a de-duplication key', async () => {
    await pusher({ linkBase: 'https://h5.example.com' }).send(message());
    expect(fake.templateMessages).toEqual([
      {
        touser: 'o_wx_daughter',
        template_id: 'TPL_READING_FAKE',
        url: 'https://h5.example.com/notice/noticeList',
        client_msg_id: 'notice-41',
        data: {
          thing1: { value: '爸爸' },
          thing2: { value: '空腹血糖' },
          character_string3: { value: '25.0mmol/L' },
          phrase4: { value: '严重偏高' },
          time5: { value: '2026-11-20 08:00' },
        },
        msgid: expect.any(Number) as number,
      },
    ]);
  });

  it('uses the configured keyword names and leaves the link out without a public address', async () => {
    await pusher({ keys: ['thing7', 'thing2', 'character_string9', 'phrase3', 'time1'] }).send(message());
    const [sent] = fake.templateMessages;
    expect(sent?.url).toBeUndefined();
    expect(Object.keys(sent?.data ?? {})).toEqual(['thing7', 'thing2', 'character_string9', 'phrase3', 'time1']);
  });

  it('keeps one access token for many messages and fetches a new one when it was revoked', async () => {
    const client = pusher();
    await client.send(message({ noticeId: '1' }));
    await client.send(message({ noticeId: '2' }));
    expect(fake.calls).toMatchObject({ accessToken: 1, templateSend: 2 });
    fake.revokeAccessTokens();
    await client.send(message({ noticeId: '3' }));
    expect(fake.calls).toMatchObject({ accessToken: 2, templateSend: 4 });
    expect(fake.templateMessages.map((m) => m.client_msg_id)).toEqual(['notice-1', 'notice-2', 'notice-3']);
  });

  it('fetches a new token shortly before the old one expires', async () => {
    fake.tokenExpiresIn = 600;
    const client = pusher();
    await client.send(message());
    now += 299_000;
    await client.send(message({ noticeId: '42' }));
    expect(fake.calls.accessToken).toBe(1);
    now += 2_000;
    await client.send(message({ noticeId: '43' }));
    expect(fake.calls.accessToken).toBe(2);
  });

  it('stores a resend with the same key once', async () => {
    const client = pusher();
    await client.send(message());
    await client.send(message());
    expect(fake.templateMessages).toHaveLength(1);
  });

  it('reports a busy service or a network failure as worth retrying', async () => {
    fake.failWithSystemBusy('/cgi-bin/message/template/send');
    const busy = await pusher()
      .send(message())
      .catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(PushError);
    expect(busy).toMatchObject({ retryable: true });
    fake.recover();
    fake.delayMs = 300;
    const slow = await pusher({ timeoutMs: 50 })
      .send(message())
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ retryable: true });
    expect((slow as Error).message).toContain('timed out');
  });

  const finalFailures: [
    string,
    (f: WechatFake) => void,
    Partial<WechatTemplateConfig>,
    Partial<PushMessage['fields']>,
  ][] = [
    ['a customer who unfollowed the account', (f) => f.unsubscribed.add('o_wx_daughter'), {}, {}],
    ['an unknown template', () => undefined, { templateId: 'TPL_GONE' }, {}],
    ['a value over the keyword’s limit', () => undefined, {}, { name: '一'.repeat(21) }],
  ];
  it.each(finalFailures)('reports %s as final', async (_name, arrange, config, fields) => {
    arrange(fake);
    const error = await pusher(config)
      .send(message({ fields: { ...message().fields, ...fields } }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false });
    expect(fake.templateMessages).toEqual([]);
  });

  it('cannot reach local sign-ins', () => {
    expect(pusher().canReach('local_abc')).toBe(false);
    expect(pusher().canReach('')).toBe(false);
    expect(pusher().canReach('o_wx_daughter')).toBe(true);
  });
});

describe('choosing the notice pusher', () => {
  it('keeps messages in a local outbox by default', async () => {
    const local = noticePusherFromEnv({});
    expect(local).toBeInstanceOf(LocalPushOutbox);
    await local.send(message());
    expect((local as LocalPushOutbox).list('o_wx_daughter')).toHaveLength(1);
    expect((local as LocalPushOutbox).list('someone-else')).toHaveLength(0);
  });

  it('builds the template client from the environment', () => {
    expect(
      noticePusherFromEnv({
        NOTICE_PUSH_PROVIDER: 'wechat',
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's',
        WECHAT_TEMPLATE_READING_ID: 'T',
      }).name,
    ).toBe('wechat');
  });

  it.each([
    [{ NOTICE_PUSH_PROVIDER: 'sms' }, 'NOTICE_PUSH_PROVIDER must be'],
    [{ NOTICE_PUSH_PROVIDER: 'wechat' }, 'needs WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TEMPLATE_READING_ID'],
    [
      {
        NOTICE_PUSH_PROVIDER: 'wechat',
        WECHAT_APP_ID: 'a',
        WECHAT_APP_SECRET: 'b',
        WECHAT_TEMPLATE_READING_ID: 'c',
        WECHAT_TEMPLATE_READING_KEYS: 'thing1,thing2',
      },
      'five keyword names',
    ],
    [
      {
        NOTICE_PUSH_PROVIDER: 'wechat',
        WECHAT_APP_ID: 'a',
        WECHAT_APP_SECRET: 'b',
        WECHAT_TEMPLATE_READING_ID: 'c',
        PUBLIC_BASE_URL: 'ftp://x',
      },
      'PUBLIC_BASE_URL must be an http(s) URL',
    ],
  ])('refuses %j', (env, problem) => {
    expect(() => noticePusherFromEnv(env)).toThrow(problem);
  });
});
