import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const add = (client: Client, body: Record<string, unknown>) => client.POST('/patient/v1/add', { body: body as never });

/** The GB 11643-1999 worked example: born 1949-12-31, female. */
const ID_18 = '11010519491231002X';
// '01' 汉族 and '02' 蒙古族 of the seeded nation dictionary (GB/T 3304 codes).
const COMPLETE = { patientName: '李秀兰', idCard: ID_18, sex: 2, birthday: '1949-12-31', national: '01' };

describe('patient information calls', () => {
  const calls: [string, (c: Client) => Promise<unknown>][] = [
    ['get', (c) => c.GET('/patient/v1/get')],
    ['add', (c) => add(c, COMPLETE)],
    ['checkPatientInfo', (c) => c.GET('/patient/v1/checkPatientInfo')],
  ];

  it.each(calls)('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });

  it.each(calls)('%s is for registered customers only', async (_name, call) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(call(client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });
});

describe('POST /patient/v1/add refuses bad input', () => {
  let client: Client;
  beforeAll(async () => {
    ({ client } = await registeredCustomer(api));
  });

  it.each([
    [{}, '所有选项均为必填项'],
    [{ ...COMPLETE, patientName: '  ' }, '所有选项均为必填项'],
    [{ ...COMPLETE, idCard: null }, '所有选项均为必填项'],
    [{ ...COMPLETE, sex: null }, '所有选项均为必填项'],
    [{ ...COMPLETE, birthday: '' }, '所有选项均为必填项'],
    [{ ...COMPLETE, national: undefined }, '所有选项均为必填项'],
    [{ ...COMPLETE, idCard: '110105194912310021' }, '请输入正确的身份证号'],
    [{ ...COMPLETE, idCard: '123' }, '请输入正确的身份证号'],
    [{ ...COMPLETE, patientName: '一二三四五六七八九十一' }, '姓名应少于10个字'],
    [{ ...COMPLETE, birthday: '1950-01-01' }, '出生日期与身份证号不一致'],
    [{ ...COMPLETE, sex: 1 }, '性别与身份证号不一致'],
    [{ ...COMPLETE, national: '99' }, '请选择正确的民族'],
    [{ ...COMPLETE, extra: 1 }, undefined],
  ])('%j → %s', async (body, errMsg) => {
    const error = await failure(add(client, body));
    expect(error.code).not.toBe(0);
    if (errMsg !== undefined) {
      expect(error.errMsg).toBe(errMsg);
    }
    expect(await client.GET('/patient/v1/checkPatientInfo')).toBe(0);
    expect((await client.GET('/patient/v1/get')).patientName).toBeNull();
  });
});

describe('patient information', () => {
  it('starts incomplete, is complete once saved, and lives in the health record and profile', async () => {
    const { client, phone } = await registeredCustomer(api);
    expect(await client.GET('/patient/v1/checkPatientInfo')).toBe(0);
    expect(await client.GET('/patient/v1/get')).toMatchObject({ patientName: null, complete: false, phone });

    const saved = await add(client, { ...COMPLETE, idCard: ID_18.toLowerCase() });
    expect(saved).toMatchObject({
      ...COMPLETE,
      nationalName: '汉族',
      phone,
      nameLocked: true,
      complete: true,
    });
    expect(await client.GET('/patient/v1/checkPatientInfo')).toBe(1);
    // The health record shows the same name, ID, sex and birthday: one copy, not two.
    expect(await client.GET('/customer/v1/getHealthInfo')).toMatchObject({
      patientName: '李秀兰',
      idCard: ID_18,
      sex: 2,
      birthday: '1949-12-31',
    });
  });

  it('takes what the health record already holds, so only the missing fields are asked', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/saveHealthInfo', { body: { patientName: '王建国', idCard: ID_18 } });
    expect(await client.GET('/patient/v1/get')).toMatchObject({
      patientName: '王建国',
      idCard: ID_18,
      sex: 2,
      birthday: '1949-12-31',
      national: null,
      nameLocked: true,
      complete: false,
    });
    expect(await client.GET('/patient/v1/checkPatientInfo')).toBe(0);
    expect(await add(client, { patientName: '王建国', national: '02' })).toMatchObject({
      national: '02',
      nationalName: '蒙古族',
      complete: true,
    });
    expect(await client.GET('/patient/v1/checkPatientInfo')).toBe(1);
  });

  it('keeps a saved name locked, and a health record save leaves the ethnic group alone', async () => {
    const { client } = await registeredCustomer(api);
    await add(client, COMPLETE);
    expect(await failure(add(client, { ...COMPLETE, patientName: '李四' }))).toMatchObject({
      errMsg: '姓名保存后不能修改',
    });
    await client.POST('/customer/v1/saveHealthInfo', { body: { job: null } });
    expect(await client.GET('/patient/v1/get')).toMatchObject({ national: '01', complete: true });
  });

  it("answers the caller's own information only", async () => {
    const first = await registeredCustomer(api);
    const second = await registeredCustomer(api);
    await add(first.client, COMPLETE);
    expect(await second.client.GET('/patient/v1/get')).toMatchObject({ patientName: null, idCard: null });
    expect(await second.client.GET('/patient/v1/checkPatientInfo')).toBe(0);
  });
});
