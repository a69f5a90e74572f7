import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import {
  failure,
  lastCode,
  registeredCustomer,
  signInNewVisitor,
  startTestApi,
  uniquePhone,
  type TestApi,
} from './harness';
import { png1x1 } from './upload/images';
import { Feedback } from '../src/contexts/engagement/feedback/feedback.entity';

const PARTNER = {
  PARTNER_URINE_BASE_URL: 'https://partner.example/health',
  PARTNER_URINE_APP_KEY: 'gg-app',
  PARTNER_URINE_APP_SECRET: 'partner-secret',
};
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(PARTNER);
});
afterAll(() => api.close());

describe('POST /feedback/v1/submit', () => {
  it('requires a session', async () => {
    expect(
      await failure(api.client().POST('/feedback/v1/submit', { body: { type: 1, adviceContent: '建议' } })),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ type: 1 as const, adviceContent: '  ' }, '问题描述不能为空'],
    [{ type: 1 as const, adviceContent: '好用😀' }, '请不要输入表情'],
    [{ type: 2 as const, adviceContent: '长'.repeat(201) }, '问题描述不能超过200个字符'],
    [
      {
        type: 2 as const,
        adviceContent: '图片太多',
        imgUrl: Array.from({ length: 6 }, (_, i) => `uploads/273/2026/11/22/${String(i).repeat(32)}.png`).join(','),
      },
      '最多只能上传5张图片',
    ],
    [
      { type: 2 as const, adviceContent: '外部图片', imgUrl: 'https://evil.example/x.png' },
      '图片地址不正确，请重新上传',
    ],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/feedback/v1/submit', { body }))).toMatchObject({ code: 40000, errMsg });
  });

  it('stores a problem report with its uploaded images against the caller', async () => {
    const { client, cid } = await registeredCustomer(api);
    const image = await client.POST('/common/v1/uploadImage', {
      body: { data: Buffer.from(png1x1()).toString('base64'), businessCode: 273 },
    });
    const receipt = await client.POST('/feedback/v1/submit', {
      body: { type: 2, adviceContent: ' 血糖图表打不开 ', imgUrl: image.path },
    });
    const stored = await api.app.orm.em.fork().findOneOrFail(Feedback, { id: receipt.id });
    expect(stored).toMatchObject({ customerId: cid, type: 2, adviceContent: '血糖图表打不开', imgUrl: image.path });
  });
});

describe('GET /customer/v1/inviteCount', () => {
  it('requires a registered customer', async () => {
    expect(await failure(api.client().GET('/customer/v1/inviteCount'))).toMatchObject({ code: 40100 });
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.GET('/customer/v1/inviteCount'))).toMatchObject({ code: 40300 });
  });

  it('counts the people who registered with the caller’s code', async () => {
    const inviter = await registeredCustomer(api);
    const { inviteCode } = await inviter.client.GET('/customer/v1/inviteCount');
    expect(await inviter.client.GET('/customer/v1/inviteCount')).toEqual({ count: 0, inviteCode });
    const friend = await signInNewVisitor(api);
    const phone = uniquePhone();
    await friend.client.POST('/shortMsg/v1/getCode', { body: { phone } });
    await friend.client.POST('/register/v1/register', {
      body: {
        nickname: '朋友',
        phone,
        validCode: lastCode(api, phone),
        sex: 1,
        birthday: '1980-05-05',
        diabetesType: '3',
        inviteCode,
        sourceId: 4,
      },
    });
    expect(await inviter.client.GET('/customer/v1/inviteCount')).toEqual({ count: 1, inviteCode });
  });
});

describe('GET /partner/v1/urineLink', () => {
  it('is for registered customers only', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.GET('/partner/v1/urineLink'))).toMatchObject({ code: 40300 });
  });

  it('signs the partner address on the server with a stable per-customer bind', async () => {
    const { client, cid } = await registeredCustomer(api);
    const { url } = await client.GET('/partner/v1/urineLink');
    const link = new URL(url);
    const bind = createHmac('sha256', 'partner-secret').update(`bind:${cid}`).digest('hex').slice(0, 32);
    const timestamp = link.searchParams.get('timestamp') ?? '';
    expect(link.origin + link.pathname).toBe('https://partner.example/health');
    expect(link.searchParams.get('userBind')).toBe(bind);
    expect(link.searchParams.get('sign')).toBe(
      createHash('sha256')
        .update(`appKey=gg-app&timestamp=${timestamp}&userBind=${bind}&secret=partner-secret`)
        .digest('hex'),
    );
    expect(url).not.toContain('partner-secret');
  });

  it('says the service is not open when no partner is configured', async () => {
    const bare = await startTestApi();
    try {
      const { client } = await registeredCustomer(bare);
      expect(await failure(client.GET('/partner/v1/urineLink'))).toMatchObject({
        code: 50300,
        errMsg: '尿液分析服务暂未开通',
      });
    } finally {
      await bare.close();
    }
  });
});

describe('GET /wechat/v1/getWxJsConfig', () => {
  it('says the JS-SDK is not available outside the messaging app', async () => {
    expect(
      await api.client().GET('/wechat/v1/getWxJsConfig', { params: { query: { currentUrl: 'http://localhost/' } } }),
    ).toEqual({
      enabled: false,
      appId: null,
      timestamp: null,
      nonceStr: null,
      signature: null,
    });
  });
});
