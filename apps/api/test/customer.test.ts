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

const clock = testClock(new Date());
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

describe('POST /customer/v1/edit', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().POST('/customer/v1/edit', { body: { sex: 1 } }))).toMatchObject({ code: 40100 });
  });

  it('is for registered customers only', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.POST('/customer/v1/edit', { body: { sex: 1 } }))).toMatchObject({
      code: 40300,
      errMsg: '请先注册',
    });
  });

  it.each([
    [{ nickname: '' }, '用户名不能为空'],
    [{ address: '家😀' }, '请不要输入表情'],
    [{ height: 300 }, '身高应在20~240cm之间'],
    [{ weight: 1 }, '体重应在5~200Kg之间'],
    [{ province: '11' }, '请选择正确的省市区'],
    [{ birthday: '2999-01-01' }, '请选择1900-01-01至今天之间的出生日期'],
    [{ inviteCode: 'NOPE99' }, '请输入正确的邀请码'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/customer/v1/edit', { body }))).toMatchObject({ code: 40000, errMsg });
  });

  it('refuses fields it does not know, such as a cid', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const error = await failure(
      client.POST('/customer/v1/edit', { body: { cid: other.cid, nickname: '冒名' } as never }),
    );
    expect(error).toMatchObject({ code: 40000, errMsg: '请求体包含不支持的字段：cid' });
    expect((await other.client.GET('/login/v1/getCurrent')).customerVo.nickname).toBe('测试用户');
  });

  it('edits only the caller’s own profile (registration step 2)', async () => {
    const { client, cid } = await registeredCustomer(api);
    const updated = await client.POST('/customer/v1/edit', {
      body: {
        sex: 1,
        birthday: '1972-01-01',
        diabetesType: '3',
        bloodPressureType: '1',
        isFamilyMember: true,
        inviteCode: 'ZHAO03',
        province: '310000',
        city: '310100',
        district: '310104',
        address: ' 示范路 8 号 ',
        height: 172,
        weight: 65.5,
      },
    });
    expect(updated).toMatchObject({
      cid,
      sex: 1,
      diabetesType: '3',
      isFamilyMember: true,
      district: '310104',
      address: '示范路 8 号',
      height: 172,
      weight: 65.5,
    });
  });
});

describe('POST /customer/v1/updatePhone', () => {
  it('requires a session', async () => {
    expect(
      await failure(
        api.client().POST('/customer/v1/updatePhone', { body: { phone: '13800138000', validCode: '123456' } }),
      ),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ phone: '', validCode: '123456' }, '手机号不能为空'],
    [{ phone: '1380013800', validCode: '123456' }, '手机号不正确'],
    [{ phone: '13800138000', validCode: '' }, '验证码不能为空'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/customer/v1/updatePhone', { body }))).toMatchObject({ errMsg });
  });

  it('refuses a number another account uses', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    clock.advance(121_000);
    await client.POST('/shortMsg/v1/getCode', { body: { phone: other.phone, purpose: 'updatePhone' } });
    const error = await failure(
      client.POST('/customer/v1/updatePhone', { body: { phone: other.phone, validCode: lastCode(api, other.phone) } }),
    );
    expect(error).toMatchObject({ code: 40900, errMsg: '该手机号已被其他账号使用' });
  });

  it('changes the number with a code sent to the new number for this purpose', async () => {
    const { client } = await registeredCustomer(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    expect(
      await failure(client.POST('/customer/v1/updatePhone', { body: { phone, validCode: lastCode(api, phone) } })),
    ).toMatchObject({ code: 90001 });
    clock.advance(121_000);
    await client.POST('/shortMsg/v1/getCode', { body: { phone, purpose: 'updatePhone' } });
    expect(
      (await client.POST('/customer/v1/updatePhone', { body: { phone, validCode: lastCode(api, phone) } })).phone,
    ).toBe(phone);
  });
});

describe('message settings', () => {
  it('require a session', async () => {
    expect(await failure(api.client().GET('/customer/v1/getMsgSetting'))).toMatchObject({ code: 40100 });
  });

  it('refuse a category other than wechatMsg', async () => {
    const { client } = await registeredCustomer(api);
    const error = await failure(
      client.POST('/customer/v1/updateMsgSetting', {
        body: { category: 'sms' as 'wechatMsg', code: 'sugarTest', isReceive: 0 },
      }),
    );
    expect(error).toMatchObject({ code: 40000 });
  });

  it('start on and switch each notice on its own', async () => {
    const { client } = await registeredCustomer(api);
    expect(await client.GET('/customer/v1/getMsgSetting')).toEqual({
      category: 'wechatMsg',
      code: 'sugarTest',
      isReceive: 1,
      isNoTestReceive: 1,
    });
    await client.POST('/customer/v1/updateMsgSetting', {
      body: { category: 'wechatMsg', code: 'sugarTest', isNoTestReceive: 0 },
    });
    expect(await client.GET('/customer/v1/getMsgSetting')).toMatchObject({ isReceive: 1, isNoTestReceive: 0 });
  });
});

describe('dictionaries', () => {
  it('returns several dictionaries by code, and all of them', async () => {
    const some = await api
      .client()
      .GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'sex,bloodPressure_type,unknown_type' } } });
    expect(some.sex).toEqual([
      { itemKey: '1', itemValue: '男' },
      { itemKey: '2', itemValue: '女' },
    ]);
    expect(some.bloodPressure_type?.[0]).toEqual({ itemKey: '1', itemValue: '无高血压' });
    expect(some.unknown_type).toEqual([]);
    const all = await api.client().GET('/config/v1/queryDicAll');
    expect(Object.keys(all).sort()).toEqual([
      'allergic_history',
      'bloodPressure_type',
      'diabetes_type',
      'medicine_rate',
      'medicine_usaged',
      'nation',
      'professional_level',
      'report_type',
      'rx_category',
      'sex',
    ]);
  });

  it('refuses a malformed list of codes', async () => {
    expect(
      await failure(api.client().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'sex;drop' } } })),
    ).toMatchObject({ code: 40000 });
  });
});
