import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_TIPS, PRESSURE_TIPS, SUGAR_TIPS } from '@glucoguard/domain';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
const DAY = 86_400_000;
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const readingTip = (client: Client, reportType?: 1 | 2) =>
  client.GET('/sugarTest/v1/getHealthMessage', { params: { query: reportType ? { reportType } : {} } });

describe('GET /sign/v1/getHealthMessage (the tip after a check-in)', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/sign/v1/getHealthMessage'))).toMatchObject({ code: 40100 });
  });

  it('answers the same tip all China day and the next tip the next day', async () => {
    const { client } = await registeredCustomer(api);
    const today = await client.GET('/sign/v1/getHealthMessage');
    expect(CHECK_IN_TIPS).toContain(today.healthMessage.content);
    expect(today.healthMessage.level).toBeNull();
    expect(await (await signInNewVisitor(api)).client.GET('/sign/v1/getHealthMessage')).toEqual(today);
    clock.advance(DAY);
    const tomorrow = await client.GET('/sign/v1/getHealthMessage');
    const i = CHECK_IN_TIPS.indexOf(today.healthMessage.content);
    expect(tomorrow.healthMessage.content).toBe(CHECK_IN_TIPS[(i + 1) % CHECK_IN_TIPS.length]);
  });
});

describe('GET /sugarTest/v1/getHealthMessage (the tip with a reading)', () => {
  it('requires a session', async () => {
    expect(await failure(readingTip(api.client()))).toMatchObject({ code: 40100 });
  });

  it('refuses a reportType that is not 1 or 2', async () => {
    const { client } = await registeredCustomer(api);
    expect(await failure(readingTip(client, 3 as never))).toMatchObject({ code: 40000 });
  });

  it('gives someone without readings the first-steps tip of sugar and of pressure', async () => {
    const { client } = await signInNewVisitor(api);
    const sugar = await readingTip(client);
    expect(sugar.healthMessage.level).toBeNull();
    expect(SUGAR_TIPS.none).toContain(sugar.healthMessage.content);
    const pressure = await readingTip(client, 2);
    expect(pressure.healthMessage.level).toBeNull();
    expect(PRESSURE_TIPS.none).toContain(pressure.healthMessage.content);
  });

  it('chooses by the level of the caller’s own latest reading, never someone else’s', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    await client.POST('/sugarTest/v1/add', { body: { sugar: 6.5, timeType: 3, createTime: '2026-11-19 07:00:00' } });
    await client.POST('/sugarTest/v1/add', { body: { sugar: 2.5, timeType: 3, createTime: '2026-11-19 12:00:00' } });
    // Recorded later but measured earlier: the latest by measuring time still decides.
    await client.POST('/sugarTest/v1/add', { body: { sugar: 20, timeType: 3, createTime: '2026-11-18 12:00:00' } });
    await other.client.POST('/sugarTest/v1/add', { body: { sugar: 25, createTime: '2026-11-19 18:00:00' } });
    const sugar = await readingTip(client, 1);
    expect(sugar.healthMessage.level).toBe('seriousLow');
    expect(SUGAR_TIPS.seriousLow).toContain(sugar.healthMessage.content);
    expect((await readingTip(other.client)).healthMessage.level).toBe('seriousHigh');

    await client.POST('/bloodPressureTest/v1/add', {
      body: { sbp: 186, dbp: 112, hr: 80, createTime: '2026-11-19 08:00:00' },
    });
    const pressure = await readingTip(client, 2);
    expect(pressure.healthMessage.level).toBe('high');
    expect(PRESSURE_TIPS.high).toContain(pressure.healthMessage.content);
    expect((await readingTip(other.client, 2)).healthMessage.level).toBeNull();
  });
});
