import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const add = (client: Client, body: { weight?: number; height?: number; createTimeStr?: string }) =>
  client.POST('/weight/v1/add', { body });
const profile = async (client: Client) => {
  const { customerVo } = await client.GET('/login/v1/getCurrent');
  return { height: customerVo.height, weight: customerVo.weight };
};

describe('weight calls', () => {
  it.each([
    ['queryList', (c: Client) => c.GET('/weight/v1/queryList')],
    ['getById', (c: Client) => c.GET('/weight/v1/getById', { params: { query: { weightId: '1' } } })],
    ['getLastRecord', (c: Client) => c.GET('/weight/v1/getLastRecord')],
    [
      'getPreviousRecord',
      (c: Client) =>
        c.GET('/weight/v1/getPreviousRecord', { params: { query: { createTimeStr: '2026-11-20 08:00:00' } } }),
    ],
    ['add', (c: Client) => c.POST('/weight/v1/add', { body: { weight: 130, height: 170 } })],
    ['delete', (c: Client) => c.POST('/weight/v1/delete', { body: { weightId: '1' } })],
  ])('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });
});

describe('POST /weight/v1/add', () => {
  it.each([
    [{ weight: 130 }, '请填写身高'],
    [{ height: 170 }, '请填写体重'],
    [{ height: 170, weight: 0 }, '请填写体重'],
    [{ height: 170, weight: null }, '请填写体重'],
    [{ height: 170, weight: 9.9 }, '体重应在10~400斤之间'],
    [{ height: 170, weight: 400.1 }, '体重应在10~400斤之间'],
    [{ height: 19, weight: 130 }, '身高应在20~240cm之间'],
    [{ height: 241, weight: 130 }, '身高应在20~240cm之间'],
    [{ height: 170, weight: 130, createTimeStr: '2026-11-20 10:05:01' }, '所选时间不能超过当前时间'],
    [{ height: 170, weight: 130, createTimeStr: 'today' }, '请选择时间'],
    [{ height: 170, weight: 130, bmi: 10 }, '请求体包含不支持的字段：bmi'],
    [{ height: 170, weight: 130, cid: 'someone-else' }, '请求体包含不支持的字段：cid'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/weight/v1/add', { body: body as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
    expect(await client.GET('/weight/v1/getLastRecord')).toBeNull();
    expect(await profile(client)).toEqual({ height: null, weight: null });
  });

  it('computes the BMI on the server, stores half the jin and updates the profile from the latest record', async () => {
    const { client } = await registeredCustomer(api);
    // 130 jin = 65 kg at 1.70 m: 65 / 2.89 = 22.491 → 22.49, 标准.
    const first = await add(client, { weight: 130, height: 170, createTimeStr: '2026-11-18 08:00:00' });
    expect(first.weightId).toMatch(/^\d+$/);
    expect(first).toEqual({
      weightId: first.weightId,
      weight: 65,
      weightJin: 130,
      height: 170,
      bmi: 22.49,
      bmiCode: 2,
      bmiLabel: '标准',
      createTime: '2026-11-18 08:00:00',
    });
    expect(await profile(client)).toEqual({ height: 170, weight: 65 });
    // Height is known now. 120.5 jin = 60.25 kg: 60.25 / 2.89 = 20.847 → 20.85.
    expect(await add(client, { weight: 120.5 })).toMatchObject({
      weight: 60.25,
      weightJin: 120.5,
      height: 170,
      bmi: 20.85,
      bmiCode: 2,
      createTime: '2026-11-20 10:00:00',
    });
    expect(await profile(client)).toEqual({ height: 170, weight: 60.25 });
    // Older records leave the profile alone. 150.3 jin = 75.15 kg: 75.15 / 2.89 = 26.003 → 26, 偏重.
    expect(await add(client, { weight: 150.3, createTimeStr: '2026-11-10 07:00:00' })).toMatchObject({
      weight: 75.15,
      bmi: 26,
      bmiCode: 3,
      bmiLabel: '偏重',
    });
    // 200 jin = 100 kg at 1.60 m: 100 / 2.56 = 39.0625 → 39.06, 过重.
    expect(await add(client, { weight: 200, height: 160, createTimeStr: '2026-11-05 07:00:00' })).toMatchObject({
      weight: 100,
      height: 160,
      bmi: 39.06,
      bmiCode: 4,
      bmiLabel: '过重',
    });
    // 100 jin = 50 kg at 1.70 m: 50 / 2.89 = 17.301 → 17.3, 偏轻. Input is kept to one decimal of a jin.
    expect(await add(client, { weight: 100.04, createTimeStr: '2026-11-19 21:00' })).toMatchObject({
      weight: 50,
      weightJin: 100,
      bmi: 17.3,
      bmiCode: 1,
      bmiLabel: '偏轻',
      createTime: '2026-11-19 21:00:00',
    });
    expect(await profile(client)).toEqual({ height: 170, weight: 60.25 });
  });
});

describe('reading and deleting weight records', () => {
  it('refuses a malformed time and id', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.GET('/weight/v1/getPreviousRecord', { params: { query: { createTimeStr: '2026/11/20' } } })),
    ).toMatchObject({ code: 40000, errMsg: '时间格式不正确' });
    expect(await failure(client.GET('/weight/v1/queryList', { params: { query: { pageSize: 101 } } }))).toMatchObject({
      code: 40000,
    });
    expect(await failure(client.POST('/weight/v1/delete', { body: {} as never }))).toMatchObject({
      code: 40000,
      errMsg: '请求体缺少必填字段：weightId',
    });
    expect(await client.GET('/weight/v1/getById', { params: { query: { weightId: 'abc' } } })).toEqual({
      existsFlag: false,
      weightVo: null,
    });
    expect(await failure(client.POST('/weight/v1/delete', { body: { weightId: '999999999' } }))).toMatchObject({
      code: 40400,
      errMsg: '该数据已被删除',
    });
  });

  it('answers another user’s record as missing and never deletes it', async () => {
    const owner = await registeredCustomer(api);
    const { weightId } = await add(owner.client, { weight: 130, height: 170, createTimeStr: '2026-11-20 08:00:00' });
    const other = await registeredCustomer(api);
    expect(await other.client.GET('/weight/v1/getById', { params: { query: { weightId } } })).toEqual({
      existsFlag: false,
      weightVo: null,
    });
    expect(await failure(other.client.POST('/weight/v1/delete', { body: { weightId } }))).toMatchObject({
      code: 40400,
      errMsg: '该数据已被删除',
    });
    expect(await other.client.GET('/weight/v1/queryList')).toEqual({ items: [], currentPage: 1, totalPage: 0 });
    expect(await other.client.GET('/weight/v1/getLastRecord')).toBeNull();
    expect(
      await other.client.GET('/weight/v1/getPreviousRecord', {
        params: { query: { createTimeStr: '2026-11-20 09:00:00' } },
      }),
    ).toBeNull();
    expect(
      (await owner.client.GET('/weight/v1/getById', { params: { query: { weightId } } })).weightVo?.weightJin,
    ).toBe(130);
  });

  it('lists newest first, finds the latest and the previous record, and deletes', async () => {
    const { client } = await registeredCustomer(api);
    const jins = {
      '2026-11-10 07:00:00': 150,
      '2026-11-18 08:00:00': 130,
      '2026-11-05 07:00:00': 140,
      '2026-11-20 09:00:00': 120.5,
      '2026-11-19 21:00:00': 124,
    };
    const ids: Record<string, string> = {};
    for (const [createTimeStr, weight] of Object.entries(jins)) {
      ids[createTimeStr] = (await add(client, { weight, height: 170, createTimeStr })).weightId;
    }
    const all = await client.GET('/weight/v1/queryList');
    expect(all).toMatchObject({ currentPage: 1, totalPage: 1 });
    expect(all.items.map((r) => r.weightJin)).toEqual([120.5, 124, 130, 150, 140]);
    const page2 = await client.GET('/weight/v1/queryList', { params: { query: { pageNo: 2, pageSize: 2 } } });
    expect(page2).toMatchObject({ currentPage: 2, totalPage: 3 });
    expect(page2.items.map((r) => r.createTime)).toEqual(['2026-11-18 08:00:00', '2026-11-10 07:00:00']);
    expect((await client.GET('/weight/v1/getLastRecord'))?.weightJin).toBe(120.5);
    const previous = (createTimeStr: string) =>
      client.GET('/weight/v1/getPreviousRecord', { params: { query: { createTimeStr } } });
    expect((await previous('2026-11-18 08:00:00'))?.weightJin).toBe(150);
    expect((await previous('2026-11-18 08:00:01'))?.weightJin).toBe(130);
    expect(await previous('2026-11-05 07:00:00')).toBeNull();

    // Deleting the latest record moves the profile's weight to the new latest one (124 jin = 62 kg).
    const latestId = ids['2026-11-20 09:00:00'] ?? '';
    expect(await profile(client)).toEqual({ height: 170, weight: 60.25 });
    expect(await client.POST('/weight/v1/delete', { body: { weightId: latestId } })).toEqual({ ok: true });
    expect(await profile(client)).toEqual({ height: 170, weight: 62 });
    expect(await client.GET('/weight/v1/getById', { params: { query: { weightId: latestId } } })).toEqual({
      existsFlag: false,
      weightVo: null,
    });
    expect(await failure(client.POST('/weight/v1/delete', { body: { weightId: latestId } }))).toMatchObject({
      code: 40400,
      errMsg: '该数据已被删除',
    });
    expect((await client.GET('/weight/v1/getLastRecord'))?.createTime).toBe('2026-11-19 21:00:00');
    // Deleting an older one leaves the profile alone.
    await client.POST('/weight/v1/delete', { body: { weightId: ids['2026-11-05 07:00:00'] ?? '' } });
    expect(await profile(client)).toEqual({ height: 170, weight: 62 });
    expect((await client.GET('/weight/v1/queryList')).items.map((r) => r.weightJin)).toEqual([124, 130, 150]);
  });
});
