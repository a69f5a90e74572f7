import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// Friday 2026-11-20 10:00 China time. November's report weeks: 11-02…08, 09…15, 16…22 (current), 23…29.
// October's: 09-28…10-04, 10-05…11, 12…18, 19…25, 10-26…11-01.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
type Tag = { typeCode: 'diet' | 'pharmacy' | 'sport'; itemKey: '0' | '1' | '2' | '3' };
const addSugar = (client: Client, sugar: number, createTime: string, tags: Tag[] = [], remark?: string) =>
  client.POST('/sugarTest/v1/add', { body: { sugar, createTime, tags, ...(remark && { remark }) } });
const addBp = (client: Client, sbp: number, dbp: number, hr: number, createTime: string) =>
  client.POST('/bloodPressureTest/v1/add', { body: { sbp, dbp, hr, createTime } });

const month = (year: number, m: number) => ({ params: { query: { year, month: m } } });
const week = (startDate: string, endDate: string) => ({ params: { query: { startDate, endDate } } });

/** The hand-checked week of the domain tests: fasting high, after-breakfast high (十分饱), after-lunch normal (sport, remark), bedtime low (忘记服药). */
async function addHandCheckedWeek(client: Client) {
  await addSugar(client, 8.0, '2026-11-09 07:00');
  await addSugar(client, 12.0, '2026-11-10 09:30', [{ typeCode: 'diet', itemKey: '3' }]);
  await addSugar(client, 9.0, '2026-11-12 13:00', [{ typeCode: 'sport', itemKey: '2' }], '饭后散步');
  await addSugar(client, 3.5, '2026-11-14 22:00', [{ typeCode: 'pharmacy', itemKey: '1' }]);
}

describe('authentication', () => {
  it.each([
    ['/healthReport/v1/list', month(2026, 10)],
    ['/healthReport/v1/getMonthReport', month(2026, 10)],
    ['/healthReport/v1/getBpMonthReport', month(2026, 10)],
    ['/healthReport/v1/getWeekReport', week('2026-11-09', '2026-11-15')],
    ['/healthReport/v1/getBpWeekReport', week('2026-11-09', '2026-11-15')],
  ] as const)('%s requires a session', async (path, options) => {
    expect(await failure(api.client().GET(path as '/healthReport/v1/list', options as never))).toMatchObject({
      code: 40100,
    });
  });
});

describe('bad input', () => {
  it.each([
    [{ year: 2026, month: 13 }, '请选择正确的月份'],
    [{ year: 2026, month: 0 }, '请选择正确的月份'],
    [{ year: 2016, month: 12 }, '请选择正确的年份'],
  ])('month reports and the list refuse %j with %s', async (query, errMsg) => {
    const { client } = await registeredCustomer(api);
    for (const path of [
      '/healthReport/v1/list',
      '/healthReport/v1/getMonthReport',
      '/healthReport/v1/getBpMonthReport',
    ] as const) {
      expect(await failure(client.GET(path as '/healthReport/v1/list', { params: { query } }))).toMatchObject({
        code: 40000,
        errMsg,
      });
    }
  });

  it.each([
    ['2026/11/09', '2026-11-15', '开始日期格式不正确'],
    ['2026-11-09', '15-11-2026', '结束日期格式不正确'],
    ['2026-02-30', '2026-03-05', '开始日期格式不正确'],
    ['2026-11-09', '2026-11-31', '结束日期格式不正确'],
    ['2026-11-15', '2026-11-09', '开始日期不能晚于结束日期'],
    ['2026-11-10', '2026-11-16', '请选择报告列表中的周（周一至周日）'],
    ['2026-11-09', '2026-11-22', '请选择报告列表中的周（周一至周日）'],
    ['2016-12-26', '2017-01-01', '报告月份不能早于2017年1月'],
  ])('week reports refuse %s…%s with %s', async (startDate, endDate, errMsg) => {
    const { client } = await registeredCustomer(api);
    for (const path of ['/healthReport/v1/getWeekReport', '/healthReport/v1/getBpWeekReport'] as const) {
      expect(await failure(client.GET(path, week(startDate, endDate)))).toMatchObject({ code: 40000, errMsg });
    }
  });

  it.each([
    ['the current month', month(2026, 11)],
    ['a future month', month(2027, 1)],
  ])('answers 40000 for %s (the app shows coming soon)', async (_, options) => {
    const { client } = await registeredCustomer(api);
    for (const path of ['/healthReport/v1/getMonthReport', '/healthReport/v1/getBpMonthReport'] as const) {
      expect(await failure(client.GET(path, options))).toMatchObject({ code: 40000, errMsg: '报告尚未生成，敬请期待' });
    }
  });

  it.each([
    ['the current week', week('2026-11-16', '2026-11-22')],
    ['a future week', week('2026-11-23', '2026-11-29')],
  ])('answers 40000 for %s', async (_, options) => {
    const { client } = await registeredCustomer(api);
    for (const path of ['/healthReport/v1/getWeekReport', '/healthReport/v1/getBpWeekReport'] as const) {
      expect(await failure(client.GET(path, options))).toMatchObject({ code: 40000, errMsg: '报告尚未生成，敬请期待' });
    }
  });
});

describe('GET /healthReport/v1/getWeekReport', () => {
  it('builds the hand-checked week of exactly four readings, never counting another user’s', async () => {
    const me = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    await addHandCheckedWeek(me.client);
    for (const day of ['09', '10', '11', '12', '13']) {
      await addSugar(other.client, 20, `2026-11-${day} 07:00`);
    }
    const report = await me.client.GET('/healthReport/v1/getWeekReport', week('2026-11-09', '2026-11-15'));
    expect(report.existsFlag).toBe(true);
    expect(report.count).toBe(4);
    const vo = report.healthWeekReportVo;
    expect(vo).toMatchObject({
      startTime: '2026-11-09',
      endTime: '2026-11-15',
      reportMonth: '2026-11',
      reportWeek: 2,
      count: 4,
      seriousHighCount: 0,
      highCount: 2,
      normalCount: 1,
      lowCount: 1,
      seriousLowCount: 0,
    });
    expect(vo?.timeDistribution.map((s) => [s.code, s.count, s.highCount, s.normalCount, s.lowCount])).toEqual([
      ['emptyStomach', 1, 1, 0, 0],
      ['afterBreakfast', 1, 1, 0, 0],
      ['antePrandium', 0, 0, 0, 0],
      ['afterLunch', 1, 0, 1, 0],
      ['beforeDinner', 0, 0, 0, 0],
      ['afterDinner', 0, 0, 0, 0],
      ['atBedtime', 1, 0, 0, 1],
      ['beforeDawn', 0, 0, 0, 0],
    ]);
    expect(
      vo?.sugarLog.map((d) => [d.dtime, d.items.map((i) => `${i.time.slice(11, 16)} ${i.sugar} ${i.level}`)]),
    ).toEqual([
      ['2026-11-09', ['07:00 8 high']],
      ['2026-11-10', ['09:30 12 high']],
      ['2026-11-12', ['13:00 9 normal']],
      ['2026-11-14', ['22:00 3.5 low']],
    ]);
    expect(vo?.testAnalysis).toContain('在目标范围内1次（25%），偏高2次');
    expect(vo?.testAnalysis).toContain('偏高主要出现在空腹、早餐后。');
    expect(vo?.healthAlter).toContain('标记“十分饱”的1次中有1次血糖偏高');
    expect(vo?.healthAlter).toContain('标记“忘记服药”的1次血糖未偏高');
    expect(vo?.eatGuide).toContain('餐后血糖偏高');
    expect(vo?.sportGuide).toContain('餐后30分钟到1小时散步');
    expect(vo?.monitorGuide).toContain('空腹、早餐后偏高较多');
    expect(vo?.clinical).toEqual({
      ownTargets: { status: 'insufficientData', have: 4, need: 10, unit: 'readings' },
      consensus: { status: 'insufficientData', have: 4, need: 10, unit: 'readings' },
      variability: { status: 'insufficientData', have: 4, need: 30, unit: 'readings' },
      gmi: { status: 'insufficientData', have: 4, need: 14, unit: 'days' },
    });
    // The other user sees only their own five readings.
    expect(
      (await other.client.GET('/healthReport/v1/getWeekReport', week('2026-11-09', '2026-11-15'))).healthWeekReportVo
        ?.count,
    ).toBe(5);
  });

  it('answers existsFlag false with the 4 needed for a week of 3 readings', async () => {
    const { client } = await registeredCustomer(api);
    await addSugar(client, 6, '2026-11-09 07:00');
    await addSugar(client, 6, '2026-11-10 07:00');
    await addSugar(client, 6, '2026-11-11 07:00');
    expect(await client.GET('/healthReport/v1/getWeekReport', week('2026-11-09', '2026-11-15'))).toEqual({
      existsFlag: false,
      count: 4,
      healthWeekReportVo: null,
    });
  });

  it('covers a week spanning a month boundary by China days', async () => {
    const { client } = await registeredCustomer(api);
    await addSugar(client, 6, '2026-10-25 23:50'); // the Sunday before: not in the week
    await addSugar(client, 6, '2026-10-26 00:10'); // 10-25 16:10 UTC, already Monday in China
    await addSugar(client, 6, '2026-10-27 07:00');
    await addSugar(client, 6, '2026-10-31 07:00');
    await addSugar(client, 6, '2026-11-01 23:30'); // November in China, still the week of 10-26
    await addSugar(client, 6, '2026-11-02 00:30'); // 11-01 16:30 UTC, but the next week in China
    const report = await client.GET('/healthReport/v1/getWeekReport', week('2026-10-26', '2026-11-01'));
    expect(report.count).toBe(4);
    expect(report.healthWeekReportVo).toMatchObject({
      reportMonth: '2026-10',
      reportWeek: 5,
      startTime: '2026-10-26',
      endTime: '2026-11-01',
    });
    expect(report.healthWeekReportVo?.sugarLog.map((d) => d.dtime)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-31',
      '2026-11-01',
    ]);
  });
});

describe('GET /healthReport/v1/getMonthReport', () => {
  it('builds a month of 16 readings with the hand-checked clinical summaries', async () => {
    const { client } = await registeredCustomer(api);
    // October, one fasting reading a day on the 1st to the 16th: ten 6.0, four 8.0, one 15.0, one 2.5.
    const values = [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 8, 8, 8, 8, 15, 2.5];
    for (const [i, value] of values.entries()) {
      await addSugar(client, value, `2026-10-${String(i + 1).padStart(2, '0')} 07:00`);
    }
    await addSugar(client, 6, '2026-09-30 23:59'); // September in China
    await addSugar(client, 6, '2026-11-01 00:00'); // November in China
    const report = await client.GET('/healthReport/v1/getMonthReport', month(2026, 10));
    expect(report.existsFlag).toBe(true);
    expect(report.count).toBe(16);
    expect(report.healthMonthReportVo).toMatchObject({
      startTime: '2026-10-01',
      endTime: '2026-10-31',
      reportMonth: '2026-10',
      reportWeek: null,
      seriousHighCount: 1,
      highCount: 4,
      normalCount: 10,
      lowCount: 0,
      seriousLowCount: 1,
    });
    expect(report.healthMonthReportVo?.testAnalysis).toContain('在目标范围内10次（62.5%）');
    expect(report.healthMonthReportVo?.testAnalysis).toContain('约一半以上读数在目标范围内');
    expect(report.healthMonthReportVo?.clinical).toEqual({
      ownTargets: {
        status: 'ok',
        total: 16,
        below: 1,
        inRange: 10,
        above: 5,
        percent: { below: 6.3, inRange: 62.5, above: 31.3 },
      },
      consensus: {
        status: 'ok',
        total: 16,
        veryLow: 1,
        low: 0,
        inRange: 14,
        high: 0,
        veryHigh: 1,
        percent: { veryLow: 6.3, low: 0, inRange: 87.5, high: 0, veryHigh: 6.3 },
      },
      variability: { status: 'insufficientData', have: 16, need: 30, unit: 'readings' },
      // Mean 109.5 / 16 = 6.84375 mmol/L = 123.297 mg/dL; GMI = 3.31 + 0.02392 × 123.297 = 6.26 %.
      gmi: { status: 'ok', gmi: 6.3, meanMmol: 6.84, days: 16, readings: 16 },
    });
  });

  it('answers existsFlag false with the 15 needed for a thin month', async () => {
    const { client } = await registeredCustomer(api);
    await addSugar(client, 6, '2026-10-03 07:00');
    expect(await client.GET('/healthReport/v1/getMonthReport', month(2026, 10))).toEqual({
      existsFlag: false,
      count: 15,
      healthMonthReportVo: null,
    });
  });
});

describe('GET /healthReport/v1/list', () => {
  it('counts sugar and pressure per month and per week in China time', async () => {
    const { client } = await registeredCustomer(api);
    await addSugar(client, 6, '2026-09-28 08:00'); // week 1 of October, month September
    await addSugar(client, 6, '2026-10-01 07:00');
    await addSugar(client, 6, '2026-10-26 00:10');
    await addSugar(client, 6, '2026-11-01 23:30'); // week 5 of October, month November
    await addSugar(client, 6, '2026-11-02 00:30'); // neither
    await addBp(client, 120, 80, 70, '2026-10-05 07:00');
    await addBp(client, 150, 95, 70, '2026-10-06 19:00');
    const other = await registeredCustomer(api);
    await addSugar(other.client, 6, '2026-10-01 07:00');
    const list = await client.GET('/healthReport/v1/list', month(2026, 10));
    expect(list.monthComingSoon).toBe(false);
    expect(list.monthStats).toEqual([
      { reportType: 1, quantity: 2 },
      { reportType: 2, quantity: 2 },
    ]);
    expect(
      list.weekInfos.map((w) => [
        w.week,
        w.startDate,
        w.endDate,
        w.stats.map((s) => s.quantity).join('/'),
        w.comingSoon,
      ]),
    ).toEqual([
      [1, '2026-09-28', '2026-10-04', '2/0', false],
      [2, '2026-10-05', '2026-10-11', '0/2', false],
      [3, '2026-10-12', '2026-10-18', '0/0', false],
      [4, '2026-10-19', '2026-10-25', '0/0', false],
      [5, '2026-10-26', '2026-11-01', '2/0', false],
    ]);
  });

  it('marks the current month and its unfinished weeks coming soon', async () => {
    const { client } = await registeredCustomer(api);
    const list = await client.GET('/healthReport/v1/list', month(2026, 11));
    expect(list.monthComingSoon).toBe(true);
    expect(list.weekInfos.map((w) => [w.startDate, w.comingSoon])).toEqual([
      ['2026-11-02', false],
      ['2026-11-09', false],
      ['2026-11-16', true],
      ['2026-11-23', true],
    ]);
  });
});

describe('blood-pressure reports', () => {
  it('build a week with the home morning/evening summary against 135/85', async () => {
    const { client } = await registeredCustomer(api);
    for (const day of ['09', '10', '11', '12', '13']) {
      await addBp(client, 140, 90, 72, `2026-11-${day} 07:00`);
      await addBp(client, 138, 88, 70, `2026-11-${day} 07:05`);
      await addBp(client, 128, 82, 68, `2026-11-${day} 19:00`);
      await addBp(client, 126, 80, 66, `2026-11-${day} 19:05`);
    }
    const other = await registeredCustomer(api);
    await addBp(other.client, 200, 120, 90, '2026-11-10 07:00');
    const report = await client.GET('/healthReport/v1/getBpWeekReport', week('2026-11-09', '2026-11-15'));
    expect(report.existsFlag).toBe(true);
    expect(report.count).toBe(20);
    const vo = report.healthWeekReportVo;
    expect(vo).toMatchObject({
      reportWeek: 2,
      seriousHighCount: 0,
      highCount: 5,
      normalCount: 15,
      lowCount: 0,
      seriousLowCount: 0,
    });
    expect(vo?.datas).toHaveLength(20);
    expect(vo?.datas[0]).toEqual({ time: '2026-11-09 07:00:00', sbp: 140, dbp: 90, hr: 72, level: 'high' });
    // Day 1 is discarded: 4 days × 2 morning and 2 evening readings.
    expect(vo?.clinical.homeBp).toEqual({
      status: 'ok',
      morning: { sbp: 139, dbp: 89, count: 8 },
      evening: { sbp: 127, dbp: 81, count: 8 },
      overall: { sbp: 133, dbp: 85, count: 16 },
      days: 4,
      elevated: true,
    });
    expect(vo?.testAnalysis).toContain('平均133/85 mmHg，平均脉搏69次/分');
    expect(vo?.eatGuide).toContain('清淡少盐');
  });

  it('say which data are missing for a month of 15 readings on two days', async () => {
    const { client } = await registeredCustomer(api);
    for (let i = 0; i < 15; i += 1) {
      await addBp(client, 115, 75, 70, `2026-10-${i < 8 ? '05' : '06'} 10:${String(i).padStart(2, '0')}`);
    }
    const report = await client.GET('/healthReport/v1/getBpMonthReport', month(2026, 10));
    expect(report.count).toBe(15);
    expect(report.healthMonthReportVo?.normalCount).toBe(15);
    expect(report.healthMonthReportVo?.clinical.homeBp).toEqual({
      status: 'insufficientData',
      have: 0,
      need: 3,
      unit: 'days',
    });
    expect(report.healthMonthReportVo?.monitorGuide).toContain('建议连续7天');
  });

  it('answer existsFlag false with the minimum for thin periods', async () => {
    const { client } = await registeredCustomer(api);
    await addBp(client, 120, 80, 70, '2026-11-10 07:00');
    expect(await client.GET('/healthReport/v1/getBpWeekReport', week('2026-11-09', '2026-11-15'))).toEqual({
      existsFlag: false,
      count: 4,
      healthWeekReportVo: null,
    });
    expect(await client.GET('/healthReport/v1/getBpMonthReport', month(2026, 10))).toEqual({
      existsFlag: false,
      count: 15,
      healthMonthReportVo: null,
    });
  });
});
