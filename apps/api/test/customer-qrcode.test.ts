import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

const PUBLIC_ORIGIN = 'https://h5.example.com';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_BASE_URL: PUBLIC_ORIGIN });
});
afterAll(() => api.close());

describe('POST /customer/v1/getCustomerQrCode (the spec’s name of the account QR code)', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().POST('/customer/v1/getCustomerQrCode', { body: {} }))).toMatchObject({
      code: 40100,
    });
  });

  it('refuses a cid that is not one and a body with fields', async () => {
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.POST('/customer/v1/getCustomerQrCode', { params: { query: { cid: 'abc' } }, body: {} })),
    ).toMatchObject({ code: 40000 });
    expect(
      await failure(client.POST('/customer/v1/getCustomerQrCode', { body: { cid: 'abc' } as never })),
    ).toMatchObject({ code: 40000, errMsg: '请求体包含不支持的字段：cid' });
  });

  it('answers what getAccountQrcode answers, the same stored card, also over plain HTTP', async () => {
    const sharer = await registeredCustomer(api, '王淑芬');
    const { inviteCode } = await sharer.client.GET('/customer/v1/inviteCount');
    const visitor = await signInNewVisitor(api);
    const spec = await visitor.client.POST('/customer/v1/getCustomerQrCode', {
      params: { query: { cid: sharer.cid } },
      body: {},
    });
    expect(spec.link).toBe(`${PUBLIC_ORIGIN}/register/register?inviteCode=${inviteCode}&sourceId=4`);
    const old = await visitor.client.GET('/customer/v1/getAccountQrcode', { params: { query: { cid: sharer.cid } } });
    expect(old).toEqual({ ...spec, cached: true });
    const bare = await fetch(`${api.baseUrl}/customer/v1/getCustomerQrCode?cid=${sharer.cid}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${visitor.signIn.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bare.status).toBe(200);
    expect((await bare.json()) as unknown).toMatchObject({ code: 0, data: { qrcodeUrl: spec.qrcodeUrl } });
  });
});
