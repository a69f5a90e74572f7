import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failure,
  lastCode,
  registeredCustomer,
  signInNewVisitor,
  startTestApi,
  testClock,
  uniquePhone,
  type TestApi,
} from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];

// Sign-in is rate-limited per client (30 in 10 minutes), so the tests share customers where a
// refused request leaves nothing behind.

const TOO_EARLY = '测量时间不能早于2000-01-01';
const IN_FUTURE = '所选时间不能超过当前时间';
const BIRTHDAY = '请选择1900-01-01至今天之间的出生日期';

/** One save of each reading kind, at a given China time. */
const readingKinds: [string, (client: Client, time: string) => Promise<unknown>][] = [
  ['sugar', (c, time) => c.POST('/sugarTest/v1/add', { body: { sugar: 6.1, createTime: time } })],
  [
    'blood pressure',
    (c, time) => c.POST('/bloodPressureTest/v1/add', { body: { sbp: 120, dbp: 80, hr: 70, createTime: time } }),
  ],
  ['ketone', (c, time) => c.POST('/ketoneTest/v1/add', { body: { ketone: 0.4, createTimeStr: time } })],
  ['uric acid', (c, time) => c.POST('/urineTest/v1/add', { body: { urine: 300, createTimeStr: time } })],
  ['weight', (c, time) => c.POST('/weight/v1/add', { body: { weight: 130, height: 170, createTimeStr: time } })],
];

describe('every measured time is plausible', () => {
  let refused: Client;
  let stored: Client;
  beforeAll(async () => {
    refused = (await registeredCustomer(api)).client;
    stored = (await registeredCustomer(api)).client;
  });

  it.each(
    readingKinds.flatMap(([kind, save]) => [
      [kind, '1800-01-01 00:00:00', TOO_EARLY, save] as const,
      [kind, '1999-12-31 23:59:59', TOO_EARLY, save] as const,
      [kind, '2026-11-20 10:05:01', IN_FUTURE, save] as const,
      [kind, '2126-01-01 00:00:00', IN_FUTURE, save] as const,
    ]),
  )('%s at %s is refused with %s', async (_kind, time, errMsg, save) => {
    expect(await failure(save(refused, time))).toMatchObject({ code: 40000, errMsg, status: 400 });
  });

  it('stored none of the refused readings', async () => {
    expect((await refused.GET('/ketoneTest/v1/pageQueryList', { params: { query: {} } })).items).toEqual([]);
    expect(
      (await refused.GET('/weight/v1/queryList', { params: { query: { pageNo: 1, pageSize: 10 } } })).items,
    ).toEqual([]);
  });

  it.each(readingKinds)(
    '%s from 2000-01-01 00:00 to five minutes ahead (a phone clock running fast) is stored',
    async (_kind, save) => {
      await save(stored, '2000-01-01 00:00:00');
      await save(stored, '2026-11-20 10:05:00');
    },
  );

  it('an edit cannot move a reading outside the span either', async () => {
    const client = stored;
    const sugar = await client.POST('/sugarTest/v1/add', { body: { sugar: 6.1, createTime: '2026-11-20 08:00:00' } });
    expect(
      await failure(
        client.POST('/sugarTest/v1/edit', {
          body: { testId: sugar.testId, sugar: 6.1, createTime: '1800-01-01 00:00:00' },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: TOO_EARLY });
    const bp = await client.POST('/bloodPressureTest/v1/add', {
      body: { sbp: 120, dbp: 80, hr: 70, createTime: '2026-11-20 08:00:00' },
    });
    expect(
      await failure(
        client.POST('/bloodPressureTest/v1/edit', {
          body: { bpId: bp.bpId, sbp: 120, dbp: 80, hr: 70, createTime: '1800-01-01 00:00:00' },
        }),
      ),
    ).toMatchObject({
      code: 40000,
      errMsg: TOO_EARLY,
    });
    const read = await client.GET('/sugarTest/v1/getById', { params: { query: { testId: sugar.testId } } });
    expect(read.sugarTestVo?.createTime).toBe('2026-11-20 08:00:00');
  });
});

describe('every birthday is plausible', () => {
  async function visitorWithCode() {
    const visitor = await signInNewVisitor(api, 4);
    const phone = uniquePhone();
    await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone } });
    return { ...visitor, phone, code: lastCode(api, phone) };
  }

  let visitor: Awaited<ReturnType<typeof visitorWithCode>>;
  let customer: Client;
  beforeAll(async () => {
    visitor = await visitorWithCode();
    customer = (await registeredCustomer(api)).client;
    await customer.POST('/customer/v1/edit', { body: { birthday: '1972-01-01' } });
  });

  it.each(['1800-01-01', '1899-12-31', '2026-11-21', '1990-02-30'])('registration refuses %s', async (birthday) => {
    const { client, phone, code } = visitor;
    const body = {
      nickname: '周八',
      phone,
      validCode: code,
      sourceId: 3 as const,
      sex: 1 as const,
      birthday,
      diabetesType: '3',
    };
    expect(await failure(client.POST('/register/v1/register', { body }))).toMatchObject({
      code: 40000,
      errMsg: BIRTHDAY,
    });
  });

  it.each(['1800-01-01', '2026-11-21'])(
    'the profile edit and the health record refuse %s and keep the saved one',
    async (birthday) => {
      const client = customer;
      expect(await failure(client.POST('/customer/v1/edit', { body: { birthday } }))).toMatchObject({
        code: 40000,
        errMsg: BIRTHDAY,
      });
      expect(
        await failure(client.POST('/customer/v1/saveHealthInfo', { body: { patientName: '张三', birthday } })),
      ).toMatchObject({ code: 40000, errMsg: BIRTHDAY });
      expect((await client.GET('/customer/v1/getHealthInfo')).birthday).toBe('1972-01-01');
    },
  );

  it('takes 1900-01-01 and today (China)', async () => {
    const client = customer;
    await client.POST('/customer/v1/edit', { body: { birthday: '1900-01-01' } });
    await client.POST('/customer/v1/edit', { body: { birthday: '2026-11-20' } });
    expect((await client.GET('/customer/v1/getHealthInfo')).birthday).toBe('2026-11-20');
  });
});

describe('blood pressure: systolic above diastolic', () => {
  const SWAPPED = '收缩压(高压)应高于舒张压(低压)，请检查是否填反';
  let client: Client;
  beforeAll(async () => {
    client = (await registeredCustomer(api)).client;
  });

  it.each([
    [80, 120],
    [90, 90],
  ])('refuses %i/%i on add and on edit', async (sbp, dbp) => {
    expect(
      await failure(
        client.POST('/bloodPressureTest/v1/add', { body: { sbp, dbp, hr: 70, createTime: '2026-11-20 08:00:00' } }),
      ),
    ).toMatchObject({ code: 40000, errMsg: SWAPPED });
    const saved = await client.POST('/bloodPressureTest/v1/add', {
      body: { sbp: 120, dbp: 80, hr: 70, createTime: '2026-11-20 08:00:00' },
    });
    expect(
      await failure(
        client.POST('/bloodPressureTest/v1/edit', {
          body: { bpId: saved.bpId, sbp, dbp, hr: 70, createTime: '2026-11-20 08:00:00' },
        }),
      ),
    ).toMatchObject({
      code: 40000,
      errMsg: SWAPPED,
    });
    const read = await client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId: saved.bpId } } });
    expect(read.bloodPressureVo).toMatchObject({ sbp: 120, dbp: 80 });
  });

  it('stores 91/90', async () => {
    await client.POST('/bloodPressureTest/v1/add', {
      body: { sbp: 91, dbp: 90, hr: 70, createTime: '2026-11-20 08:00:00' },
    });
  });
});

describe('one limit per field', () => {
  const ADDRESS_TOO_LONG = '家庭详细地址应少于50个字';

  it('registration, the profile edit and the health record all take a 50-character address and refuse 51', async () => {
    const visitor = await signInNewVisitor(api, 3);
    const phone = uniquePhone();
    await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone } });
    const base = {
      nickname: '一二三四五六七八九十',
      phone,
      validCode: lastCode(api, phone),
      sourceId: 3 as const,
      sex: 1 as const,
      birthday: '1972-01-01',
      diabetesType: '3',
    };
    expect(
      await failure(visitor.client.POST('/register/v1/register', { body: { ...base, address: '路'.repeat(51) } })),
    ).toMatchObject({ code: 40000, errMsg: ADDRESS_TOO_LONG });
    await visitor.client.POST('/register/v1/register', { body: { ...base, address: '路'.repeat(50) } });
    const client = visitor.client;
    // What registration took, the health record takes as it is: the 10-character name and the 50-character address.
    const info = await client.GET('/customer/v1/getHealthInfo');
    expect(info).toMatchObject({ patientName: '一二三四五六七八九十', nameLocked: false, address: '路'.repeat(50) });
    const saved = await client.POST('/customer/v1/saveHealthInfo', {
      body: { patientName: info.patientName, address: info.address },
    });
    expect(saved).toMatchObject({ patientName: '一二三四五六七八九十', nameLocked: true, address: '路'.repeat(50) });
    expect(
      await failure(client.POST('/customer/v1/saveHealthInfo', { body: { address: '路'.repeat(51) } })),
    ).toMatchObject({ code: 40000, errMsg: ADDRESS_TOO_LONG });
    expect(await failure(client.POST('/customer/v1/edit', { body: { address: '路'.repeat(51) } }))).toMatchObject({
      code: 40000,
      errMsg: ADDRESS_TOO_LONG,
    });
    await client.POST('/customer/v1/edit', { body: { address: ' 路 ' } });
  });

  it('the profile edit refuses an 11-character name, and a height or weight the health record would refuse', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.POST('/customer/v1/edit', { body: { nickname: '一二三四五六七八九十一' } })),
    ).toMatchObject({ code: 40000, errMsg: '用户名不能多于10个字符' });
    expect(await failure(client.POST('/customer/v1/edit', { body: { height: 19 } }))).toMatchObject({
      code: 40000,
      errMsg: '身高应在20~240cm之间',
    });
    expect(await failure(client.POST('/customer/v1/edit', { body: { weight: 201 } }))).toMatchObject({
      code: 40000,
      errMsg: '体重应在5~200Kg之间',
    });
    expect(
      await failure(client.POST('/customer/v1/saveHealthInfo', { body: { patientName: '一二三四五六七八九十一' } })),
    ).toMatchObject({ code: 40000, errMsg: '姓名应少于10个字' });
  });

  it('a weight typed in the health record reaches 体重管理 as the latest weighing', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/weight/v1/add', { body: { weight: 140, height: 170, createTimeStr: '2026-11-19 08:00:00' } });
    await client.POST('/customer/v1/saveHealthInfo', { body: { patientName: '张三', height: 170, weight: 65.5 } });
    const last = await client.GET('/weight/v1/getLastRecord');
    expect(last).toMatchObject({ weight: 65.5, weightJin: 131, height: 170, createTime: '2026-11-20 10:00:00' });
    const page = await client.GET('/weight/v1/queryList', { params: { query: { pageNo: 1, pageSize: 10 } } });
    expect(page.items.map((item) => item.weightJin)).toEqual([131, 140]);
    // Saving the record again without a new weight is not another weighing.
    await client.POST('/customer/v1/saveHealthInfo', { body: { job: null } });
    expect(
      (await client.GET('/weight/v1/queryList', { params: { query: { pageNo: 1, pageSize: 10 } } })).items,
    ).toHaveLength(2);
  });
});
