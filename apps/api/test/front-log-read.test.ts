import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, signInNewVisitor, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const report = (errName: string) => ({ url: '/signIn', funName: 'onSign', errName, errMessage: `${errName} happened` });

describe('GET /dev/v1/frontLog (the caller’s own reports, for the end-to-end test)', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/dev/v1/frontLog'))).toMatchObject({ code: 40100 });
  });

  it('answers only the caller’s own reports, newest first, as stored', async () => {
    const me = await signInNewVisitor(api);
    const other = await signInNewVisitor(api);
    await me.client.POST('/front/v1/log', { body: report('FirstError') });
    await other.client.POST('/front/v1/log', { body: report('OtherError') });
    await api.client().POST('/front/v1/log', { body: report('AnonymousError') });
    const second = await me.client.POST('/front/v1/log', { body: { ...report('SecondError'), customerId: 'claimed' } });
    const mine = await me.client.GET('/dev/v1/frontLog');
    expect(mine.map((r) => r.errName)).toEqual(['SecondError', 'FirstError']);
    expect(mine[0]).toMatchObject({
      id: second.id,
      url: '/signIn',
      funName: 'onSign',
      errMessage: 'SecondError happened',
      claimedCustomerId: 'claimed',
    });
    expect(Date.parse(mine[0]?.createdAt ?? '')).not.toBeNaN();
    expect((await other.client.GET('/dev/v1/frontLog')).map((r) => r.errName)).toEqual(['OtherError']);
  });

  it('does not exist in production configuration', async () => {
    const prod = await startTestApi({
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(40),
      GATEWAY_TOKEN: 'g'.repeat(40),
      PUBLIC_BASE_URL: 'https://h5.example.com',
    });
    try {
      const { client } = await signInNewVisitor(prod);
      expect(await failure(client.GET('/dev/v1/frontLog'))).toMatchObject({ code: 40400, status: 404 });
    } finally {
      await prod.close();
    }
  });
});
