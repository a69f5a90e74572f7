import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, newDeviceKey, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /wechat/v1/getAuthorizeUrl', () => {
  it('with the local provider sends the browser back to the page with a signed state', async () => {
    const page = `${new URL(api.baseUrl).origin}/register/register`;
    const result = await api.client().GET('/wechat/v1/getAuthorizeUrl', { params: { query: { redirectUri: page } } });
    expect(result.provider).toBe('local');
    expect(result.url).toBe(`${page}?state=${result.state}`);
  });
});

describe('GET /wechat/v1/getHtmlAccessToken', () => {
  it('refuses a malformed login code', async () => {
    const error = await failure(
      api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: 'short' } } }),
    );
    expect(error).toMatchObject({ code: 40000, errMsg: '登录凭证已失效，请重新进入' });
  });

  it('gives the same device key the same account every time, as a visitor first', async () => {
    const code = newDeviceKey();
    const first = await api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code, sourceId: 3 } } });
    const second = await api.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code } } });
    expect(second.openid).toBe(first.openid);
    expect(second.token).not.toBe(first.token);
    expect(first).toMatchObject({ sex: 0, unionid: null, imgDomain: '/api/files/' });
    expect(first.nickname).toMatch(/^访客/);
    const status = await api.client({ token: first.token }).POST('/login/v1/auth', { body: { isGetCid: true } });
    expect(status).toMatchObject({ subscribe: '1', isAuth: '0' });
  });
});

describe('POST /login/v1/auth', () => {
  it('requires a session', async () => {
    const error = await failure(api.client().POST('/login/v1/auth', { body: {} }));
    expect(error).toMatchObject({ code: 40100, errMsg: '请先登录', status: 401 });
  });

  it('tells an unknown token apart from no token', async () => {
    const error = await failure(api.client({ token: 'x'.repeat(43) }).POST('/login/v1/auth', { body: {} }));
    expect(error).toMatchObject({ code: 40100, errMsg: '登录已过期，请重新登录' });
  });

  it('refuses an openid that is not the session’s own', async () => {
    const { client } = await signInNewVisitor(api);
    const other = await signInNewVisitor(api);
    const error = await failure(client.POST('/login/v1/auth', { body: { openid: other.signIn.openid } }));
    expect(error).toMatchObject({ code: 40300, status: 403 });
  });

  it('reports a registered customer as isAuth 1 with their customer id', async () => {
    const { client, cid, signIn } = await registeredCustomer(api);
    expect(await client.POST('/login/v1/auth', { body: { openid: signIn.openid, isGetCid: true } })).toEqual({
      subscribe: '1',
      customerId: cid,
      isAuth: '1',
    });
    expect(await client.POST('/login/v1/auth', { body: { isGetCid: false } })).toEqual({
      subscribe: '1',
      customerId: null,
      isAuth: '1',
    });
  });
});

describe('GET /login/v1/getCurrent', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100 });
  });

  it('returns the customer and, when asked, the profile completion with one decimal', async () => {
    const { client, cid, phone } = await registeredCustomer(api, '李四');
    const current = await client.GET('/login/v1/getCurrent', { params: { query: { ratio: 'yes' } } });
    expect(current.customerVo).toMatchObject({ cid, phone, nickname: '李四', userType: 1, isAuth: 1 });
    // nickname, roleType and phone of seven fields: 3/7 = 42.9 %.
    expect(current.ratio).toBe(42.9);
    expect((await client.GET('/login/v1/getCurrent')).ratio).toBeNull();
  });
});

describe('GET /login/v1/getByOpenid', () => {
  it('returns the caller’s customer id and registration state', async () => {
    const { client, signIn } = await signInNewVisitor(api);
    const current = await client.GET('/login/v1/getCurrent');
    expect(await client.GET('/login/v1/getByOpenid')).toEqual({
      customerId: current.customerVo.cid,
      isAuth: 0,
      userType: 0,
    });
    expect(signIn.openid).toMatch(/^local_/);
  });
});

describe('POST /login/v1/slinceAuth and /login/v1/logout', () => {
  it('renewing replaces the token: the old one stops working, the new one works', async () => {
    const { client, signIn } = await signInNewVisitor(api);
    const renewed = await client.POST('/login/v1/slinceAuth', { body: {} });
    expect(renewed.token).not.toBe(signIn.token);
    expect(await failure(client.GET('/login/v1/getByOpenid'))).toMatchObject({
      code: 40100,
      errMsg: '登录已过期，请重新登录',
    });
    expect((await api.client({ token: renewed.token }).GET('/login/v1/getByOpenid')).isAuth).toBe(0);
  });

  it('logging out revokes the token', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await client.POST('/login/v1/logout', { body: {} })).toEqual({ ok: true });
    expect(await failure(client.GET('/login/v1/getByOpenid'))).toMatchObject({ code: 40100 });
  });
});

describe('sign-in rate limit', () => {
  it('refuses more than 30 sign-ins from one address in ten minutes', async () => {
    const own = await startTestApi();
    try {
      for (let i = 0; i < 30; i += 1) {
        await own.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: newDeviceKey() } } });
      }
      const error = await failure(
        own.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: newDeviceKey() } } }),
      );
      expect(error).toMatchObject({ code: 42900, errMsg: '登录过于频繁，请稍后再试', status: 429 });
    } finally {
      await own.close();
    }
  });
});
