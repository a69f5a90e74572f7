import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

describe('GET /sugarTest/v1/getLastRecord', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/sugarTest/v1/getLastRecord'))).toMatchObject({ code: 40100, status: 401 });
  });

  it('is null for a visitor and for a customer without readings', async () => {
    const visitor = await signInNewVisitor(api);
    expect(await visitor.client.GET('/sugarTest/v1/getLastRecord')).toBeNull();
    const { client } = await registeredCustomer(api);
    expect(await client.GET('/sugarTest/v1/getLastRecord')).toBeNull();
  });

  it("gives the caller's reading measured last, with its level, never another customer's", async () => {
    const me = await registeredCustomer(api, '我');
    const other = await registeredCustomer(api, '别人');
    // Entered out of order: the latest by measuring time wins, not the latest stored.
    await me.client.POST('/sugarTest/v1/add', { body: { sugar: 6.1, createTime: '2026-11-20 07:30', timeType: 1 } });
    await me.client.POST('/sugarTest/v1/add', { body: { sugar: 2.5, createTime: '2026-11-19 21:00', timeType: 7 } });
    await other.client.POST('/sugarTest/v1/add', { body: { sugar: 15, createTime: '2026-11-20 09:50', timeType: 3 } });
    expect(await me.client.GET('/sugarTest/v1/getLastRecord')).toMatchObject({
      sugar: 6.1,
      timeType: 1,
      createTime: '2026-11-20 07:30:00',
      level: 'normal',
    });
    expect(await other.client.GET('/sugarTest/v1/getLastRecord')).toMatchObject({ sugar: 15, level: 'seriousHigh' });
  });
});
