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
const add = (client: Client, sugar: number, createTime: string, extra: Record<string, unknown> = {}) =>
  client.POST('/sugarTest/v1/add', { body: { sugar, createTime, ...extra } });

describe('GET /config/v1/querySugarDic', () => {
  it('lists the eight slots with their hours and default thresholds, without a session', async () => {
    const slots = await api.client().GET('/config/v1/querySugarDic');
    expect(slots.map((s) => s.code)).toEqual([
      'emptyStomach',
      'afterBreakfast',
      'antePrandium',
      'afterLunch',
      'beforeDinner',
      'afterDinner',
      'atBedtime',
      'beforeDawn',
    ]);
    expect(slots[0]).toMatchObject({
      timeType: 1,
      name: '空腹',
      startTime: '05:00',
      endTime: '09:00',
      lowValue: 4.4,
      highValue: 7,
    });
  });
});

describe('POST /sugarTest/v1/add', () => {
  it('requires a session', async () => {
    expect(
      await failure(api.client().POST('/sugarTest/v1/add', { body: { sugar: 6, createTime: '2026-11-20 08:00' } })),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ sugar: 6, createTime: '' }, '请选择时间'],
    [{ sugar: 6, createTime: '2026-11-20 10:06' }, '所选时间不能超过当前时间'],
    [{ sugar: 0.2, createTime: '2026-11-20 08:00' }, '血糖不能低于0.3'],
    [{ sugar: 33.4, createTime: '2026-11-20 08:00' }, '血糖不能高于33.3'],
    [{ sugar: 6, createTime: '2026-11-20 08:00', remark: '好😀' }, '请不要输入表情'],
    [{ sugar: 6, createTime: '2026-11-20 08:00', remark: '长'.repeat(101) }, '备注不能超过100个字符'],
    [
      {
        sugar: 6,
        createTime: '2026-11-20 08:00',
        tags: [
          { typeCode: 'diet', itemKey: '1' },
          { typeCode: 'diet', itemKey: '2' },
        ],
      },
      '每类标签只能选择一项',
    ],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/sugarTest/v1/add', { body: body as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('refuses recording for a relative until the friends feature grants it', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    expect(await failure(add(client, 6, '2026-11-20 08:00', { followerId: other.cid, testType: '2' }))).toMatchObject({
      code: 40300,
    });
  });

  it('derives the slot from the time, keeps tags, and stores a resend once', async () => {
    const { client } = await registeredCustomer(api);
    const first = await add(client, 6.14, '2026-11-20 07:30', {
      remark: ' 早饭前 ',
      tags: [{ typeCode: 'diet', itemKey: '2' }],
      synckey: 'phone-1',
    });
    expect(first).toMatchObject({ duplicate: false, editcount: 1, medal: 'bronze', percentage: 100 });
    const again = await add(client, 6.14, '2026-11-20 07:30', { synckey: 'phone-1' });
    expect(again).toMatchObject({ testId: first.testId, duplicate: true });
    const read = await client.GET('/sugarTest/v1/getById', { params: { query: { testId: first.testId } } });
    expect(read.existsFlag).toBe(true);
    expect(read.sugarTestVo).toMatchObject({
      timeType: 1,
      sugar: 6.1,
      remark: '早饭前',
      createTime: '2026-11-20 07:30:00',
      level: 'normal',
      testType: '1',
      deviceImei: null,
    });
    expect(read.sugarTestVo?.tags).toEqual([{ typeCode: 'diet', typeName: '饮食', itemKey: '2', itemValue: '七分饱' }]);
    expect(read.reminder).toBe('血糖在目标范围内，请继续保持规律饮食和运动。');
  });
});

describe('POST /sugarTest/v1/edit and GET /sugarTest/v1/getById', () => {
  it('refuses another user’s reading as if it did not exist', async () => {
    const owner = await registeredCustomer(api);
    const { testId } = await add(owner.client, 8, '2026-11-20 08:00');
    const other = await registeredCustomer(api);
    expect(await other.client.GET('/sugarTest/v1/getById', { params: { query: { testId } } })).toEqual({
      existsFlag: false,
      sugarTestVo: null,
      reminder: null,
    });
    expect(
      await failure(
        other.client.POST('/sugarTest/v1/edit', { body: { testId, sugar: 5, createTime: '2026-11-20 08:00' } }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '该数据已被删除' });
    expect(
      (await owner.client.GET('/sugarTest/v1/getById', { params: { query: { testId } } })).sugarTestVo?.sugar,
    ).toBe(8);
  });

  it('answers existsFlag false for an id that names nothing', async () => {
    const { client } = await registeredCustomer(api);
    expect((await client.GET('/sugarTest/v1/getById', { params: { query: { testId: '999999999' } } })).existsFlag).toBe(
      false,
    );
    expect((await client.GET('/sugarTest/v1/getById', { params: { query: { testId: 'abc' } } })).existsFlag).toBe(
      false,
    );
  });

  it('lets the owner change value, slot and time', async () => {
    const { client } = await registeredCustomer(api);
    const { testId } = await add(client, 12.5, '2026-11-20 08:00');
    await client.POST('/sugarTest/v1/edit', {
      body: { testId, sugar: 9.2, createTime: '2026-11-19 20:00', timeType: 6 },
    });
    const read = await client.GET('/sugarTest/v1/getById', { params: { query: { testId } } });
    expect(read.sugarTestVo).toMatchObject({
      sugar: 9.2,
      timeType: 6,
      createTime: '2026-11-19 20:00:00',
      level: 'normal',
    });
  });
});

describe('targets, table, judge and trend', () => {
  it('classify with the customer’s own targets once saved, and validate them by the spec’s rules', async () => {
    const { client } = await registeredCustomer(api);
    await add(client, 7.5, '2026-11-20 07:00');
    expect(await client.GET('/sugarTestReport/v1/queryJudge')).toMatchObject({ total: 1, highCount: 1 });
    const bad = { timeType: 1, minValue: 3, lowValue: 2, highValue: 8, maxValue: 14 };
    expect(
      await failure(client.POST('/customer/v1/saveSugarObjective', { body: { sugarObjectives: [bad] } })),
    ).toMatchObject({ errMsg: '低血糖值应大于严重低血糖值' });
    const tooHigh = { timeType: 1, minValue: 3, lowValue: 4, highValue: 8, maxValue: 33.3 };
    expect(
      await failure(client.POST('/customer/v1/saveSugarObjective', { body: { sugarObjectives: [tooHigh] } })),
    ).toMatchObject({ errMsg: '血糖值应小于33.3' });
    const saved = await client.POST('/customer/v1/saveSugarObjective', {
      body: { sugarObjectives: [{ timeType: 1, minValue: 3, lowValue: 4, highValue: 8, maxValue: 14 }] },
    });
    expect(saved[0]).toMatchObject({ timeType: 1, highValue: 8 });
    expect(await client.GET('/sugarTestReport/v1/queryJudge')).toMatchObject({
      total: 1,
      normalCount: 1,
      highCount: 0,
    });
    const other = await registeredCustomer(api);
    expect(
      (await other.client.GET('/customer/v1/querySugarDic', { params: { query: { timeType: 1 } } }))[0]?.highValue,
    ).toBe(7);
  });

  it('build the day table with value,count cells, the six counts and the trend of a meal group', async () => {
    const { client } = await registeredCustomer(api);
    await add(client, 5.6, '2026-11-20 07:00');
    await add(client, 2.8, '2026-11-20 08:00');
    await add(client, 11.2, '2026-11-19 13:00');
    await add(client, 15.0, '2026-11-19 19:00');
    await add(client, 4.0, '2026-08-01 07:00');
    const table = await client.GET('/sugarTestReport/v1/queryLog', { params: { query: { dateType: 1 } } });
    expect(table).toEqual({
      currentPage: 1,
      totalPage: 1,
      items: [
        {
          dtime: '2026-11-20',
          emptyStomach: '2.8,2',
          afterBreakfast: '',
          antePrandium: '',
          afterLunch: '',
          beforeDinner: '',
          afterDinner: '',
          atBedtime: '',
          beforeDawn: '',
        },
        {
          dtime: '2026-11-19',
          emptyStomach: '',
          afterBreakfast: '',
          antePrandium: '',
          afterLunch: '11.2,1',
          beforeDinner: '',
          afterDinner: '15,1',
          atBedtime: '',
          beforeDawn: '',
        },
      ],
    });
    expect(await client.GET('/sugarTestReport/v1/queryJudge', { params: { query: { dateType: 1 } } })).toEqual({
      total: 4,
      normalCount: 1,
      highCount: 1,
      lowCount: 0,
      seriousHighCount: 1,
      seriousLowCount: 1,
    });
    const afterMeals = await client.GET('/sugarTestReport/v1/queryTrend', {
      params: { query: { dateType: 1, timeType: 3 } },
    });
    expect(afterMeals.sugarTestList.map((p) => p.sugarValue)).toEqual([11.2, 15]);
    expect(afterMeals.judgeMap).toEqual({ minSugar: 11.2, avgSugar: 13.1, maxSugar: 15 });
    const fastingYear = await client.GET('/sugarTestReport/v1/queryTrend');
    expect(fastingYear.sugarTestList.map((p) => p.sugarValue)).toEqual([4, 5.6, 2.8]);
    const day = await client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-20' } } });
    expect(day.map((r) => r.sugar)).toEqual([2.8, 5.6]);
    expect(day.map((r) => r.level)).toEqual(['seriousLow', 'normal']);
  });

  it('pages the day table by days', async () => {
    const { client } = await registeredCustomer(api);
    for (let d = 1; d <= 5; d += 1) {
      await add(client, 6, `2026-11-${String(14 + d)} 07:00`);
    }
    const page2 = await client.GET('/sugarTestReport/v1/queryLog', { params: { query: { pageNo: 2, pageSize: 2 } } });
    expect(page2).toMatchObject({ currentPage: 2, totalPage: 3 });
    expect(page2.items.map((r) => r.dtime)).toEqual(['2026-11-17', '2026-11-16']);
  });

  it('refuses a malformed day', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '20261120' } } })),
    ).toMatchObject({ errMsg: '日期格式不正确' });
  });
});
