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
const add = (client: Client, urine: number, createTimeStr: string, remark?: string) =>
  client.POST('/urineTest/v1/add', { body: { urine, createTimeStr, ...(remark !== undefined && { remark }) } });
const list = (
  client: Client,
  query: { createStartTime?: string; createEndTime?: string; pageNo?: number; pageSize?: number } = {},
) => client.GET('/urineTest/v1/pageQueryList', { params: { query } });

describe('POST /urineTest/v1/add', () => {
  it('requires a session', async () => {
    expect(
      await failure(
        api.client().POST('/urineTest/v1/add', { body: { urine: 420, createTimeStr: '2026-11-20 08:00:00' } }),
      ),
    ).toMatchObject({ code: 40100, status: 401 });
  });

  it.each([
    [{ createTimeStr: '2026-11-20 08:00:00' }, '请输入尿酸值!'],
    [{ urine: null, createTimeStr: '2026-11-20 08:00:00' }, '请输入尿酸值!'],
    [{ urine: '', createTimeStr: '2026-11-20 08:00:00', remark: '' }, '请输入尿酸值!'],
    [{ urine: -1, createTimeStr: '2026-11-20 08:00:00' }, '尿酸值应在0~2000之间'],
    [{ urine: 2000.6, createTimeStr: '2026-11-20 08:00:00' }, '尿酸值应在0~2000之间'],
    [{ urine: 420 }, '请选择时间'],
    [{ urine: 420, createTimeStr: '2026-11-21 00:00:00' }, '所选时间不能超过当前时间'],
    [{ urine: 420, createTimeStr: '2026-11-20 08:00:00', remark: '痛风🦶' }, '请不要输入表情'],
    [{ urine: 420, createTimeStr: '2026-11-20 08:00:00', remark: '长'.repeat(101) }, '备注不能超过100个字符'],
    [
      { urine: 420, createTimeStr: '2026-11-20 08:00:00', customerId: 'someone-else' },
      '请求体包含不支持的字段：customerId',
    ],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/urineTest/v1/add', { body: body as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
    expect((await list(client)).items).toEqual([]);
  });

  it('stores whole μmol/L and colours by the spec’s thresholds', async () => {
    const { client } = await registeredCustomer(api);
    const saved = await add(client, 420.6, '2026-11-20 09:30:00', ' 晨起 ');
    expect(saved.id).toMatch(/^\d+$/);
    expect(saved).toEqual({
      id: saved.id,
      urine: 421,
      remark: '晨起',
      createTime: '2026-11-20 09:30:00',
      level: 'normal',
    });
    expect(await add(client, 178, '2026-11-20 08:00:00')).toMatchObject({ urine: 178, level: 'low' });
    expect(await add(client, 178.5, '2026-11-20 08:01:00')).toMatchObject({ urine: 179, level: 'normal' });
    expect(await add(client, 1189, '2026-11-20 08:02:00')).toMatchObject({ urine: 1189, level: 'normal' });
    expect(await add(client, 1190, '2026-11-20 08:03:00')).toMatchObject({ urine: 1190, level: 'high' });
    expect(await add(client, 0, '2026-11-20 08:04:00')).toMatchObject({ urine: 0, level: 'low' });
  });
});

describe('GET /urineTest/v1/pageQueryList', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/urineTest/v1/pageQueryList'))).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ createStartTime: 'yesterday' }, '开始时间格式不正确'],
    [{ createEndTime: '2026-11-31' }, '结束时间格式不正确'],
    [{ pageSize: 0 }, undefined],
  ])('refuses %j', async (query, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.GET('/urineTest/v1/pageQueryList', { params: { query: query as never } })),
    ).toMatchObject({ code: 40000, ...(errMsg && { errMsg }) });
  });

  it('shows only the caller’s own readings', async () => {
    const owner = await registeredCustomer(api);
    await add(owner.client, 500, '2026-11-20 08:00:00');
    const other = await registeredCustomer(api);
    expect(await list(other.client)).toEqual({ items: [], currentPage: 1, totalPage: 0 });
    expect((await list(owner.client)).items.map((r) => r.urine)).toEqual([500]);
  });

  it('lists newest first, pages and filters by China days and minutes', async () => {
    const { client } = await registeredCustomer(api);
    await add(client, 300, '2026-11-18 23:59:59');
    await add(client, 310, '2026-11-19 00:00:00');
    await add(client, 320, '2026-11-19 12:30:59');
    await add(client, 330, '2026-11-19 12:31:00');
    await add(client, 340, '2026-11-20 07:00:00');
    const page2 = await list(client, { pageNo: 2, pageSize: 2 });
    expect(page2).toMatchObject({ currentPage: 2, totalPage: 3 });
    expect(page2.items.map((r) => r.urine)).toEqual([320, 310]);
    expect(
      (await list(client, { createStartTime: '2026-11-19', createEndTime: '2026-11-19' })).items.map((r) => r.urine),
    ).toEqual([330, 320, 310]);
    expect(
      (await list(client, { createStartTime: '2026-11-19 00:00', createEndTime: '2026-11-19 12:30' })).items.map(
        (r) => r.urine,
      ),
    ).toEqual([320, 310]);
    expect((await list(client, { createStartTime: '2026-11-19 12:31:00' })).items.map((r) => r.urine)).toEqual([
      340, 330,
    ]);
  });
});
