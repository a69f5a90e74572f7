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
const add = (client: Client, ketone: number, createTimeStr: string, remark?: string) =>
  client.POST('/ketoneTest/v1/add', { body: { ketone, createTimeStr, ...(remark !== undefined && { remark }) } });
const list = (
  client: Client,
  query: { createStartTime?: string; createEndTime?: string; pageNo?: number; pageSize?: number } = {},
) => client.GET('/ketoneTest/v1/pageQueryList', { params: { query } });

describe('POST /ketoneTest/v1/add', () => {
  it('requires a session', async () => {
    expect(
      await failure(
        api.client().POST('/ketoneTest/v1/add', { body: { ketone: 1, createTimeStr: '2026-11-20 08:00:00' } }),
      ),
    ).toMatchObject({ code: 40100, status: 401 });
  });

  it.each([
    [{ createTimeStr: '2026-11-20 08:00:00' }, '请输入血酮值!'],
    [{ ketone: null, createTimeStr: '2026-11-20 08:00:00' }, '请输入血酮值!'],
    [{ ketone: '', createTimeStr: '2026-11-20 08:00:00', remark: '' }, '请输入血酮值!'],
    [{}, '请输入血酮值!'],
    [{ ketone: -0.1, createTimeStr: '2026-11-20 08:00:00' }, '血酮值应在0~20之间'],
    [{ ketone: 20.1, createTimeStr: '2026-11-20 08:00:00' }, '血酮值应在0~20之间'],
    [{ ketone: 'high', createTimeStr: '2026-11-20 08:00:00' }, '血酮值应在0~20之间'],
    [{ ketone: 1.2 }, '请选择时间'],
    [{ ketone: 1.2, createTimeStr: '2026-02-30 08:00:00' }, '请选择时间'],
    [{ ketone: 1.2, createTimeStr: '2026-11-20 10:05:01' }, '所选时间不能超过当前时间'],
    [{ ketone: 1.2, createTimeStr: '2026-11-20 08:00:00', remark: '头晕😀' }, '请不要输入表情'],
    [{ ketone: 1.2, createTimeStr: '2026-11-20 08:00:00', remark: '长'.repeat(101) }, '备注不能超过100个字符'],
    [{ ketone: 1.2, createTimeStr: '2026-11-20 08:00:00', cid: 'someone-else' }, '请求体包含不支持的字段：cid'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/ketoneTest/v1/add', { body: body as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
    expect((await list(client)).items).toEqual([]);
  });

  it('stores one decimal, trims the remark and colours by the spec’s thresholds', async () => {
    const { client } = await registeredCustomer(api);
    const saved = await add(client, 0.25, '2026-11-20 10:00:00', ' 早起 ');
    expect(saved.id).toMatch(/^\d+$/);
    expect(saved).toEqual({
      id: saved.id,
      ketone: 0.3,
      remark: '早起',
      createTime: '2026-11-20 10:00:00',
      level: 'normal',
    });
    expect(await add(client, 0, '2026-11-20 08:00:00')).toMatchObject({ ketone: 0, level: 'low' });
    expect(await add(client, 7.9, '2026-11-20 08:01:00')).toMatchObject({ ketone: 7.9, level: 'normal' });
    expect(await add(client, 7.96, '2026-11-20 08:02:00')).toMatchObject({ ketone: 8, level: 'high' });
    expect(await add(client, 20, '2026-11-20 08:03:00')).toMatchObject({ ketone: 20, level: 'high' });
  });
});

describe('GET /ketoneTest/v1/pageQueryList', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/ketoneTest/v1/pageQueryList'))).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ createStartTime: '2026-13-01' }, '开始时间格式不正确'],
    [{ createEndTime: '20261120' }, '结束时间格式不正确'],
    [{ pageSize: 101 }, undefined],
    [{ pageNo: 0 }, undefined],
    [{ cid: 'someone-else' }, undefined],
  ])('refuses %j', async (query, errMsg) => {
    const { client } = await registeredCustomer(api);
    const answer = await failure(client.GET('/ketoneTest/v1/pageQueryList', { params: { query: query as never } }));
    expect(answer).toMatchObject({ code: 40000, ...(errMsg && { errMsg }) });
  });

  it('shows only the caller’s own readings', async () => {
    const owner = await registeredCustomer(api);
    await add(owner.client, 1.5, '2026-11-20 08:00:00');
    const other = await registeredCustomer(api);
    expect(await list(other.client)).toEqual({ items: [], currentPage: 1, totalPage: 0 });
    expect((await list(owner.client)).items.map((r) => r.ketone)).toEqual([1.5]);
  });

  it('lists newest first, pages by 20 by default and filters by China days', async () => {
    const { client } = await registeredCustomer(api);
    await add(client, 0.5, '2026-10-31 23:59:59');
    await add(client, 0.6, '2026-11-01 00:00:00');
    await add(client, 0.7, '2026-11-19 23:59:59');
    await add(client, 0.8, '2026-11-20 00:00:00');
    for (let i = 0; i < 18; i += 1) {
      await add(client, 1, `2026-11-10 08:${String(i).padStart(2, '0')}:00`);
    }
    const first = await list(client);
    expect(first).toMatchObject({ currentPage: 1, totalPage: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, 3).map((r) => [r.ketone, r.createTime])).toEqual([
      [0.8, '2026-11-20 00:00:00'],
      [0.7, '2026-11-19 23:59:59'],
      [1, '2026-11-10 08:17:00'],
    ]);
    const second = await list(client, { pageNo: 2 });
    expect(second.items.map((r) => r.ketone)).toEqual([0.6, 0.5]);
    // Day bounds are China days: 2026-11-01 starts at 2026-10-31T16:00Z.
    const november = await list(client, { createStartTime: '2026-11-01', createEndTime: '2026-11-19', pageSize: 100 });
    expect(november.items).toHaveLength(20);
    expect([november.items[0]?.createTime, november.items.at(-1)?.createTime]).toEqual([
      '2026-11-19 23:59:59',
      '2026-11-01 00:00:00',
    ]);
    const seconds = await list(client, {
      createStartTime: '2026-11-19 00:00:00',
      createEndTime: '2026-11-19 23:59:59',
    });
    expect(seconds.items.map((r) => r.ketone)).toEqual([0.7]);
    expect((await list(client, { createEndTime: '2026-10-31' })).items.map((r) => r.ketone)).toEqual([0.5]);
    expect(await list(client, { createStartTime: '2026-11-21' })).toEqual({ items: [], currentPage: 1, totalPage: 0 });
  });
});
