import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatFake } from './fakes/wechat-fake';
import { failure, startTestApi, type TestApi } from './harness';

let fake: WechatFake;
let api: TestApi;
beforeAll(async () => {
  fake = await WechatFake.start();
  api = await startTestApi({
    WECHAT_PROVIDER: 'wechat',
    WECHAT_APP_ID: fake.appId,
    WECHAT_APP_SECRET: fake.appSecret,
    WECHAT_API_BASE: fake.baseUrl,
    PUBLIC_BASE_URL: 'https://h5.example.com',
  });
});
afterAll(async () => {
  await api.close();
  await fake.close();
});

async function state(): Promise<string> {
  const result = await api
    .client()
    .GET('/wechat/v1/getAuthorizeUrl', { params: { query: { redirectUri: 'https://h5.example.com/' } } });
  expect(result.provider).toBe('wechat');
  expect(result.url).toContain(`appid=${fake.appId}`);
  expect(result.url).toContain(`state=${result.state}`);
  return result.state;
}

describe('sign-in through the messaging app’s web authorisation', () => {
  it('refuses a code without the state it sent the browser out with', async () => {
    const code = fake.issueCode({ openid: 'o_wx_user_1', nickname: '微信用户' });
    expect(
      await failure(api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code } } })),
    ).toMatchObject({ errMsg: '登录状态已失效，请重新进入' });
    expect(
      await failure(
        api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code, state: 'f'.repeat(92) } } }),
      ),
    ).toMatchObject({
      errMsg: '登录状态已失效，请重新进入',
    });
  });

  it('exchanges a code for a session with the user’s messaging-app profile, once', async () => {
    const code = fake.issueCode({
      openid: 'o_wx_user_2',
      nickname: '糖友小陈',
      sex: 2,
      headimgurl: 'https://img.example/a.png',
      unionid: 'u_2',
    });
    const signIn = await api
      .client()
      .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code, state: await state(), sourceId: 3 } } });
    expect(signIn).toMatchObject({
      openid: 'o_wx_user_2',
      nickname: '糖友小陈',
      sex: 2,
      unionid: 'u_2',
      headimgurl: 'https://img.example/a.png',
    });
    expect(
      (await api.client({ token: signIn.token }).POST('/login/v1/auth', { body: { openid: 'o_wx_user_2' } })).isAuth,
    ).toBe('0');
    const again = await failure(
      api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code, state: await state() } } }),
    );
    expect(again).toMatchObject({ code: 40000, errMsg: '登录凭证已失效，请重新进入' });
  });

  it('answers 50300 when the messaging app is down', async () => {
    fake.failWithSystemBusy();
    try {
      const code = fake.issueCode({ openid: 'o_wx_user_3' });
      const error = await failure(
        api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code, state: await state() } } }),
      );
      expect(error).toMatchObject({ code: 50300, errMsg: '登录服务暂不可用，请稍后再试', status: 503 });
    } finally {
      fake.recover();
    }
  });
});

describe('GET /wechat/v1/getWxJsConfig with the messaging app', () => {
  it('signs the page address with the app’s jsapi ticket, fetching the ticket once', async () => {
    const before = fake.calls.ticket;
    const first = await api
      .client()
      .GET('/wechat/v1/getWxJsConfig', { params: { query: { currentUrl: 'https://h5.example.com/signIn?x=1#top' } } });
    const second = await api
      .client()
      .GET('/wechat/v1/getWxJsConfig', { params: { query: { currentUrl: 'https://h5.example.com/' } } });
    expect(first).toMatchObject({ enabled: true, appId: fake.appId });
    const ticket = fake.ticketsIssued.at(-1) ?? '';
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${ticket}&noncestr=${first.nonceStr ?? ''}&timestamp=${first.timestamp ?? 0}&url=https://h5.example.com/signIn?x=1`,
      )
      .digest('hex');
    expect(first.signature).toBe(expected);
    expect(second.signature).not.toBe(first.signature);
    expect(fake.calls.ticket - before).toBe(1);
  });

  it('refuses an address that is not a web page', async () => {
    expect(
      await failure(
        api.client().GET('/wechat/v1/getWxJsConfig', { params: { query: { currentUrl: 'javascript:alert(1)' } } }),
      ),
    ).toMatchObject({ errMsg: '页面地址不正确' });
  });
});
