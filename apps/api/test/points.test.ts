import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '@glucoguard/domain';
import { awardForReading } from '../src/contexts/engagement/points/points.service';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const nowText = () => formatChinaTime(clock(), 'YYYY-MM-DD HH:mm:ss');
const addSugar = (client: Client, sugar = 6.1) =>
  client.POST('/sugarTest/v1/add', { body: { sugar, createTime: nowText() } });
const addPressure = (client: Client) =>
  client.POST('/bloodPressureTest/v1/add', { body: { sbp: 120, dbp: 80, hr: 70, createTime: nowText() } });
const balance = async (client: Client) => (await client.GET('/login/v1/getCurrent')).customerVo.customerScore;
const summary = (client: Client) => client.GET('/sign/v1/getSignScore');
const detail = (client: Client, pageNo = 1) =>
  client.GET('/customer/v1/scoreDetail', { params: { query: { pageNo } } });
const task = async (client: Client, code: string) =>
  (await client.GET('/customer/v1/getDayTask')).find((t) => t.settingCode === code);
const claim = (client: Client, settingCode: string) => client.POST('/customer/v1/claimTask', { body: { settingCode } });

describe('points calls', () => {
  it.each([
    ['scoreDetail', (c: Client) => c.GET('/customer/v1/scoreDetail')],
    ['getSignScore', (c: Client) => c.GET('/sign/v1/getSignScore')],
    ['getDayTask', (c: Client) => c.GET('/customer/v1/getDayTask')],
    ['claimTask', (c: Client) => claim(c, 'FIRST_SUGAR_TEST')],
    ['scoreRanking', (c: Client) => c.GET('/customer/v1/scoreRanking')],
  ])('%s requires a session, then registration', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
    const { client } = await signInNewVisitor(api);
    expect(await failure(call(client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('shows the rules to anyone signed in or not', async () => {
    const rule = await api.client().GET('/customer/v1/getScoreRule');
    expect(rule.tasks.find((t) => t.settingCode === 'SUGAR_TEST')).toMatchObject({
      settingName: '测量血糖',
      taskType: 1,
      onceScore: 1,
      dailyCap: 3,
    });
    expect(rule.rules.some((r) => r.includes('50积分抵1元'))).toBe(true);
  });
});

describe('POST /customer/v1/claimTask', () => {
  it.each([
    [{ settingCode: 'NOPE' }, '该任务不存在'],
    [{ settingCode: 'SUGAR_TEST' }, '该任务不存在'],
    [{ settingCode: 'FIRST_SUGAR_TEST' }, '任务还未完成，完成后再来领取吧'],
    [{ settingCode: 'COMPLETE_PROFILE' }, '任务还未完成，完成后再来领取吧'],
    [{ settingCode: 'FIRST_SUGAR_TEST', cid: 'someone-else' }, '请求体包含不支持的字段：cid'],
    [{ settingCode: 'FIRST_SUGAR_TEST', score: 100 }, '请求体包含不支持的字段：score'],
  ])('refuses %j with %s and pays nothing', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/customer/v1/claimTask', { body: body as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
    expect(await balance(client)).toBe(0);
  });

  it('pays exactly once when 20 identical claims arrive together', async () => {
    const { client } = await registeredCustomer(api);
    await addSugar(client);
    expect(await task(client, 'FIRST_SUGAR_TEST')).toMatchObject({ complete: 0, claimable: true, earned: 0 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(client, 'FIRST_SUGAR_TEST')));
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(answers.reduce((sum, a) => sum + a.paid, 0)).toBe(5);
    // 1 for the reading, 5 for the task.
    expect(await balance(client)).toBe(6);
    expect(await task(client, 'FIRST_SUGAR_TEST')).toMatchObject({ complete: 1, claimable: false, earned: 5 });
    expect(await claim(client, 'FIRST_SUGAR_TEST')).toEqual({ paid: 0, duplicate: true, score: 6, monthScore: 6 });
  });

  it('pays the profile task once the profile is complete', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/edit', {
      body: {
        headimgurl: 'uploads/273/2026/11/20/0123456789abcdef0123456789abcdef.png',
        sex: 2,
        roleType: 1,
        diabetesType: '3',
        bloodPressureType: '1',
      },
    });
    expect(await claim(client, 'COMPLETE_PROFILE')).toMatchObject({ paid: 10, duplicate: false, score: 10 });
  });
});

describe('points for readings', () => {
  it('pays 1 point a reading up to 3 a China day for sugar and for pressure, across a day boundary', async () => {
    const { client } = await registeredCustomer(api);
    // 23:58 China time: four readings of each kind pay 3 + 3.
    clock.advance(13 * 3600_000 + 58 * 60_000);
    for (let i = 0; i < 4; i++) {
      await addSugar(client);
      await addPressure(client);
    }
    expect(await balance(client)).toBe(6);
    expect(await task(client, 'SUGAR_TEST')).toMatchObject({ complete: 1, earned: 3 });
    // 00:00:30 the next China day: the caps start again.
    clock.advance(2.5 * 60_000);
    expect(formatChinaTime(clock(), 'HH:mm:ss')).toBe('00:00:30');
    expect(await task(client, 'SUGAR_TEST')).toMatchObject({ complete: 0, earned: 0 });
    await addSugar(client);
    await addPressure(client);
    expect(await balance(client)).toBe(8);
    expect(await summary(client)).toEqual({ score: 8, monthScore: 8 });
    // Capped readings leave no line in the detail; the balance is the sum of the lines.
    const page = await detail(client);
    expect(page.total).toBe(8);
    expect(page.items.map((l) => l.score)).toEqual(Array.from({ length: 8 }, () => 1));
    expect(['测量血糖', '测量血压']).toContain(page.items[0]?.actionName);
    expect(page.items[0]?.createTime).toBe('2026-11-21 00:00:30');
    expect(await detail(client, 2)).toMatchObject({ items: [], currentPage: 2, totalPage: 1 });
  });

  it('pays a replayed meter reading once, even 20 times at once', async () => {
    const { client, cid } = await registeredCustomer(api);
    const at = clock();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        awardForReading(api.app.orm.em.fork(), cid, 'SUGAR_TEST', 'meter:860000000000001:42', at),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toEqual([{ score: 1, duplicate: false }]);
    expect(await balance(client)).toBe(1);
  });

  it('keeps one customer’s points away from another', async () => {
    const first = await registeredCustomer(api);
    const second = await registeredCustomer(api);
    await addSugar(first.client);
    expect(await balance(first.client)).toBe(1);
    expect(await balance(second.client)).toBe(0);
    expect(await detail(second.client)).toMatchObject({ items: [], total: 0 });
  });
});
