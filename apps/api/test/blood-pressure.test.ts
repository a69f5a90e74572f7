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
const add = (client: Client, sbp: number, dbp: number, createTime: string, extra: Record<string, unknown> = {}) =>
  client.POST('/bloodPressureTest/v1/add', { body: { sbp, dbp, hr: 72, createTime, ...extra } });

describe('GET /bloodPressureTest/v1/getBloodPressureDictionary', () => {
  it('lists the six grades in order of severity', async () => {
    const rows = await api.client().GET('/bloodPressureTest/v1/getBloodPressureDictionary');
    expect(rows.map((r) => r.sort)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[3]).toEqual({ sort: 4, name: '1级高血压', sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 });
  });
});

describe('POST /bloodPressureTest/v1/add', () => {
  it('requires a session', async () => {
    expect(
      await failure(
        api
          .client()
          .POST('/bloodPressureTest/v1/add', { body: { sbp: 120, dbp: 80, hr: 70, createTime: '2026-11-20 08:00' } }),
      ),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ sbp: 0, dbp: 80, hr: 70, createTime: '2026-11-20 08:00' }, '请填写正整数'],
    [{ sbp: 251, dbp: 80, hr: 70, createTime: '2026-11-20 08:00' }, '收缩压应在1~250之间'],
    [{ sbp: 120, dbp: 80, hr: 70, createTime: '2026-11-21 08:00' }, '所选时间不能超过当前时间'],
    [{ sbp: 120, dbp: 80, hr: 70, createTime: 'yesterday' }, '请选择时间'],
    [{ sbp: 120, dbp: 80, hr: 70, createTime: '2026-11-20 08:00', remark: '长'.repeat(141) }, '备注不能超过140个字符'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/bloodPressureTest/v1/add', { body }))).toMatchObject({ code: 40000, errMsg });
  });

  it('refuses a fractional value before it reaches the rules', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(
        client.POST('/bloodPressureTest/v1/add', {
          body: { sbp: 120.5, dbp: 80, hr: 70, createTime: '2026-11-20 08:00' },
        }),
      ),
    ).toMatchObject({ code: 40000 });
  });

  it.each([
    [85, 55, 1],
    [118, 78, 2],
    [135, 85, 2],
    [128, 95, 3],
    // 85/95 (systolic under diastolic) is refused now: plausible-input.test.ts.
  ])('colours %i/%i as %i, the worse of the two values', async (sbp, dbp, color) => {
    const { client } = await registeredCustomer(api);
    expect((await add(client, sbp, dbp, '2026-11-20 08:00')).color).toBe(color);
  });

  it('stores a resend with the same synckey once', async () => {
    const { client } = await registeredCustomer(api);
    const first = await add(client, 120, 80, '2026-11-20 08:00', { synckey: 'bp-1' });
    const again = await add(client, 120, 80, '2026-11-20 08:00', { synckey: 'bp-1' });
    expect(again).toEqual({ ...first, duplicate: true });
    expect((await client.GET('/bloodPressureTest/v1/pageQueryList')).items).toHaveLength(1);
  });
});

describe('reading, editing and listing', () => {
  it('another user’s reading is answered as missing', async () => {
    const owner = await registeredCustomer(api);
    const { bpId } = await add(owner.client, 150, 95, '2026-11-20 08:00');
    const other = await registeredCustomer(api);
    expect((await other.client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } })).existsFlag).toBe(
      false,
    );
    expect(
      await failure(
        other.client.POST('/bloodPressureTest/v1/edit', {
          body: { bpId, sbp: 110, dbp: 70, hr: 60, createTime: '2026-11-20 08:00' },
        }),
      ),
    ).toMatchObject({
      code: 40400,
      errMsg: '该数据已被删除',
    });
    expect((await other.client.GET('/bloodPressureTest/v1/pageQueryList')).items).toEqual([]);
  });

  it('the owner reads with a reminder, edits, and lists newest first within a range', async () => {
    const { client } = await registeredCustomer(api);
    const { bpId } = await add(client, 150, 95, '2026-11-18 08:00', { remark: ' 早上 ' });
    const read = await client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } });
    expect(read.bloodPressureVo).toMatchObject({
      sbp: 150,
      dbp: 95,
      hr: 72,
      color: 3,
      remark: '早上',
      createTime: '2026-11-18 08:00:00',
      testType: '1',
    });
    expect(read.reminder).toContain('复测');
    await client.POST('/bloodPressureTest/v1/edit', {
      body: { bpId, sbp: 118, dbp: 76, hr: 66, createTime: '2026-11-18 08:00' },
    });
    expect(
      (await client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } })).bloodPressureVo,
    ).toMatchObject({ sbp: 118, color: 2 });
    await add(client, 130, 85, '2026-11-19 08:00');
    await add(client, 85, 55, '2026-11-20 08:00');
    const all = await client.GET('/bloodPressureTest/v1/pageQueryList', { params: { query: { pageSize: 2 } } });
    expect(all).toMatchObject({ currentPage: 1, totalPage: 2 });
    expect(all.items.map((i) => i.createTime)).toEqual(['2026-11-20 08:00:00', '2026-11-19 08:00:00']);
    const range = await client.GET('/bloodPressureTest/v1/pageQueryList', {
      params: { query: { createStartTime: '2026-11-19', createEndTime: '2026-11-19 23:59:59' } },
    });
    expect(range.items.map((i) => i.sbp)).toEqual([130]);
    expect(await client.GET('/bloodPressureTest/v1/queryJudge')).toEqual({
      judgeMap: { total: 3, lowCount: 1, normalCount: 2, highCount: 0 },
    });
    const trend = await client.GET('/bloodPressureTest/v1/trendpageQueryList');
    expect(trend.map((t) => t.sbp)).toEqual([118, 130, 85]);
  });

  it('refuses a malformed range bound', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(
        client.GET('/bloodPressureTest/v1/pageQueryList', { params: { query: { createStartTime: 'last week' } } }),
      ),
    ).toMatchObject({ errMsg: '开始时间格式不正确' });
  });
});
