import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
const DAY = 24 * 3600_000;
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const sign = (client: Client) => client.POST('/sign/v1/signIn', { body: {} });
const info = (client: Client) => client.GET('/sign/v1/getSignInfo');
const signs = (client: Client, startTime: string, endTime: string) =>
  client.GET('/sign/v1/getSigns', { params: { query: { startTime, endTime } } });

describe('sign-in calls', () => {
  it.each([
    ['signIn', (c: Client) => sign(c)],
    ['getSignInfo', (c: Client) => info(c)],
    ['getSigns', (c: Client) => signs(c, '2026-11-01', '2026-11-30')],
  ])('%s requires a session, then registration', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
    const { client } = await signInNewVisitor(api);
    expect(await failure(call(client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });
});

describe('GET /sign/v1/getSigns', () => {
  it.each([
    ['2026-11', '2026-11-30', '开始时间格式不正确'],
    ['2026-02-30', '2026-03-01', '开始时间格式不正确'],
    ['2026-11-01', 'soon', '结束时间格式不正确'],
    ['2026-11-30', '2026-11-01', '开始时间不能晚于结束时间'],
    ['2026-01-01', '2026-12-31', '查询范围不能超过62天'],
  ])('refuses %s to %s with %s', async (startTime, endTime, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(signs(client, startTime, endTime))).toMatchObject({ code: 40000, errMsg });
  });
});

describe('POST /sign/v1/signIn', () => {
  it('refuses a client-sent day', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.POST('/sign/v1/signIn', { body: { createTime: '2026-11-19' } as never })),
    ).toMatchObject({ code: 40000, errMsg: '请求体包含不支持的字段：createTime' });
  });

  it('signs once a China day even when 20 requests arrive together', async () => {
    const { client } = await registeredCustomer(api);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sign(client)));
    expect(answers.filter((a) => !a.alreadySigned)).toHaveLength(1);
    expect(answers.every((a) => a.series === 1 && a.reward === 1 && a.signDay === '2026-11-20' && a.score === 1)).toBe(
      true,
    );
    expect(await info(client)).toMatchObject({ series: 1, signedToday: true, todayReward: 1, score: 1, monthScore: 1 });
    expect((await signs(client, '2026-11-01', '2026-11-30')).signs).toEqual([
      { createTime: '2026-11-20', signIn: 1, series: 1, score: 1 },
    ]);
    const lines = await client.GET('/customer/v1/scoreDetail');
    expect(lines.items).toEqual([{ actionName: '每日签到', score: 1, createTime: '2026-11-20 10:00:00' }]);
  });

  it('grows the streak day by day, pays 4 on the 7th day and starts over after a missed day', async () => {
    const { client } = await registeredCustomer(api);
    const start = clock().getTime();
    try {
      const rewards: number[] = [];
      for (let day = 0; day < 8; day++) {
        const before = await info(client);
        expect(before).toMatchObject({ signedToday: false, series: day });
        const result = await sign(client);
        expect(result.series).toBe(day + 1);
        expect(before.todayReward).toBe(result.reward);
        rewards.push(result.reward);
        clock.advance(DAY);
      }
      expect(rewards).toEqual([1, 1, 1, 1, 1, 1, 4, 1]);
      expect(await info(client)).toMatchObject({ series: 8, signedToday: false, score: 11 });
      // Skip a day: the streak shown drops to 0 and the next sign-in starts at 1.
      clock.advance(DAY);
      expect(await info(client)).toMatchObject({ series: 0, signedToday: false, todayReward: 1 });
      expect(await sign(client)).toMatchObject({ series: 1, reward: 1, score: 12 });
      const november = await signs(client, '2026-11-01', '2026-11-30');
      expect(november.signs.map((s) => s.createTime)).toEqual([
        '2026-11-20',
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-29',
      ]);
    } finally {
      clock.advance(start - clock().getTime());
    }
  });

  it('counts the China day, not the server’s: 23:59 and 00:01 are two days', async () => {
    const { client } = await registeredCustomer(api);
    const start = clock().getTime();
    try {
      // 2026-11-20 23:59 China time.
      clock.advance(13 * 3600_000 + 59 * 60_000);
      expect(await sign(client)).toMatchObject({ signDay: '2026-11-20', series: 1, alreadySigned: false });
      clock.advance(2 * 60_000);
      expect(await sign(client)).toMatchObject({ signDay: '2026-11-21', series: 2, alreadySigned: false, score: 2 });
    } finally {
      clock.advance(start - clock().getTime());
    }
  });

  it('keeps each customer’s calendar to themself', async () => {
    const first = await registeredCustomer(api);
    const second = await registeredCustomer(api);
    await sign(first.client);
    expect((await signs(second.client, '2026-11-01', '2026-11-30')).signs).toEqual([]);
    expect(await info(second.client)).toMatchObject({ signedToday: false, score: 0 });
  });
});
