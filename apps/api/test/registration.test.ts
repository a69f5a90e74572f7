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

async function visitorWithCode(sourceId: 3 | 4 = 4) {
  const visitor = await signInNewVisitor(api, sourceId);
  const phone = uniquePhone();
  await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone } });
  return { ...visitor, phone, code: lastCode(api, phone) };
}

describe('GET /register/v1/config', () => {
  it('shows the invite code in the medical brand and Skip in the health brand', async () => {
    expect(await api.client().GET('/register/v1/config', { params: { query: { sourceId: 4 } } })).toEqual({
      variant: 'B',
      showInviteCode: true,
      showSkip: false,
    });
    expect(await api.client().GET('/register/v1/config', { params: { query: { sourceId: 3 } } })).toEqual({
      variant: 'B',
      showInviteCode: false,
      showSkip: true,
    });
  });

  it('follows the configured variant per brand', async () => {
    const own = await startTestApi({ REGISTER_VARIANT_HEALTH: 'A' });
    try {
      expect((await own.client().GET('/register/v1/config', { params: { query: { sourceId: 3 } } })).variant).toBe('A');
    } finally {
      await own.close();
    }
  });
});

describe('POST /register/v1/bind (variant B, step 1)', () => {
  it('requires a session', async () => {
    expect(
      await failure(
        api.client().POST('/register/v1/bind', { body: { nickname: 'a', phone: '13800138000', validCode: '123456' } }),
      ),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ nickname: ' ', phone: '13800138000', validCode: '123456' }, '用户名不能为空'],
    [{ nickname: '一二三四五六七八九十一', phone: '13800138000', validCode: '123456' }, '用户名不能多于10个字符'],
    [{ nickname: '张三', phone: '', validCode: '123456' }, '手机号不能为空'],
    [{ nickname: '张三', phone: '1380013800', validCode: '123456' }, '请输入正确手机号'],
    [{ nickname: '张三', phone: '13800138000', validCode: '12345' }, '请输入6位验证码'],
    [{ nickname: '张三😀', phone: '13800138000', validCode: '123456' }, '请不要输入表情'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.POST('/register/v1/bind', { body }))).toMatchObject({ code: 40000, errMsg });
  });

  it('refuses a wrong code with 90001 and keeps the user a visitor', async () => {
    const { client, phone, code } = await visitorWithCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await failure(client.POST('/register/v1/bind', { body: { nickname: '张三', phone, validCode: wrong } })),
    ).toMatchObject({ code: 90001, errMsg: '请输入正确的验证码' });
    expect((await client.POST('/login/v1/auth', { body: {} })).isAuth).toBe('0');
  });

  it('refuses a phone that another account registered', async () => {
    const owner = await registeredCustomer(api);
    const { client } = await signInNewVisitor(api);
    clock.advance(121_000);
    await client.POST('/shortMsg/v1/getCode', { body: { phone: owner.phone } });
    const error = await failure(
      client.POST('/register/v1/bind', {
        body: { nickname: '张三', phone: owner.phone, validCode: lastCode(api, owner.phone) },
      }),
    );
    expect(error).toMatchObject({ code: 40900, errMsg: '该手机号已被其他微信号绑定' });
  });

  it('refuses an openid that is not the session’s own', async () => {
    const { client, phone, code } = await visitorWithCode();
    const error = await failure(
      client.POST('/register/v1/bind', {
        body: { nickname: '张三', phone, validCode: code, openid: 'local_someone_else' },
      }),
    );
    expect(error).toMatchObject({ code: 40300 });
  });

  it('registers the visitor, and a second bind answers 10001 for the same phone and 10000 for another', async () => {
    const { client, phone, code } = await visitorWithCode();
    const cid = await client.POST('/register/v1/bind', { body: { nickname: ' 王五 ', phone, validCode: code } });
    expect((await client.POST('/login/v1/auth', { body: {} })).isAuth).toBe('1');
    expect((await client.GET('/login/v1/getCurrent')).customerVo).toMatchObject({ cid, nickname: '王五', phone });
    expect(
      await failure(client.POST('/register/v1/bind', { body: { nickname: '王五', phone, validCode: code } })),
    ).toMatchObject({ code: 10001 });
    expect(
      await failure(
        client.POST('/register/v1/bind', { body: { nickname: '王五', phone: uniquePhone(), validCode: code } }),
      ),
    ).toMatchObject({
      code: 10000,
      errMsg: '该微信号已经绑定手机号码，与当前手机号码不一致,登陆失败',
    });
  });

  it('accepts a code once', async () => {
    const first = await visitorWithCode();
    await first.client.POST('/register/v1/bind', {
      body: { nickname: '赵六', phone: first.phone, validCode: first.code },
    });
    const second = await signInNewVisitor(api);
    expect(
      await failure(
        second.client.POST('/register/v1/bind', {
          body: { nickname: '赵六', phone: first.phone, validCode: first.code },
        }),
      ),
    ).toMatchObject({ code: 90001 });
  });
});

describe('POST /register/v1/skip and /register/v1/register (variant A)', () => {
  it('skip registers with name, phone and code, and answers 90000 once registered', async () => {
    const { client, phone, code } = await visitorWithCode(3);
    await client.POST('/register/v1/skip', { body: { nickname: '孙七', phone, validCode: code } });
    expect(
      await failure(client.POST('/register/v1/skip', { body: { nickname: '孙七', phone, validCode: code } })),
    ).toMatchObject({ code: 90000 });
  });

  it.each([
    [{ sex: 1 as const, birthday: '' }, '出生日期不能为空'],
    [{ sex: 1 as const, birthday: '1972-01-01' }, '糖尿病类型或高血压类型至少填一项'],
    [
      { sex: 1 as const, birthday: '1899-12-31', diabetesType: '3', inviteCode: 'WANG01' },
      '请选择1900-01-01至今天之间的出生日期',
    ],
    [{ sex: 1 as const, birthday: '1972-01-01', diabetesType: '3', inviteCode: 'ABC' }, '请输入6位邀请码'],
    [{ sex: 1 as const, birthday: '1972-01-01', diabetesType: '3', inviteCode: 'NOPE99' }, '请输入正确的邀请码'],
  ])('the full form refuses %j with %s', async (extra, errMsg) => {
    const { client, phone, code } = await visitorWithCode(4);
    expect(
      await failure(
        client.POST('/register/v1/register', {
          body: { nickname: '周八', phone, validCode: code, sourceId: 4, ...extra },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg });
  });

  it('the full form registers with every field and links the doctor of the invite code', async () => {
    const { client, phone, code } = await visitorWithCode(4);
    const body = {
      nickname: '吴九',
      phone,
      validCode: code,
      sourceId: 4 as const,
      sex: 2 as const,
      birthday: '1972-01-01',
      diabetesType: '3',
      bloodPressureType: '1',
      inviteCode: 'wang01',
      province: '110000',
      city: '110100',
      district: '110105',
      address: '示范路 1 号',
      roleType: 2 as const,
    };
    await client.POST('/register/v1/register', { body });
    const { customerVo, ratio } = await client.GET('/login/v1/getCurrent', { params: { query: { ratio: 'yes' } } });
    expect(customerVo).toMatchObject({
      sex: 2,
      birthday: '1972-01-01',
      diabetesType: '3',
      district: '110105',
      roleType: 2,
      isAuth: 1,
    });
    expect(ratio).toBe(85.7);
    expect(await failure(client.POST('/register/v1/register', { body }))).toMatchObject({ code: 90000 });
  });
});

describe('POST /register/v1/checkInvitation and /register/v1/doctorByOpenid', () => {
  it('requires a session to check a code', async () => {
    expect(
      await failure(api.client().POST('/register/v1/checkInvitation', { body: { inviteCode: 'WANG01' } })),
    ).toMatchObject({ code: 40100 });
  });

  it('accepts a doctor’s code and another customer’s, but not one’s own or an unknown one', async () => {
    const inviter = await registeredCustomer(api);
    const inviterCode = (await inviter.client.GET('/login/v1/getCurrent')).customerVo.inviteCode;
    const { client } = await signInNewVisitor(api);
    const check = (inviteCode: string) => client.POST('/register/v1/checkInvitation', { body: { inviteCode } });
    expect(await check('WANG01')).toEqual({ isChecked: 1 });
    expect(await check(inviterCode)).toEqual({ isChecked: 1 });
    expect(await check('ZZZZZZ')).toEqual({ isChecked: 0 });
    expect(await check('WANG0')).toEqual({ isChecked: 0 });
    expect(await inviter.client.POST('/register/v1/checkInvitation', { body: { inviteCode: inviterCode } })).toEqual({
      isChecked: 0,
    });
  });

  it('finds a scanned-in doctor’s invite code by the doctor’s openid', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await client.POST('/register/v1/doctorByOpenid', { body: { openid: 'demo_doctor_li' } })).toEqual({
      inviteCode: 'LIQH02',
    });
    expect(await client.POST('/register/v1/doctorByOpenid', { body: { openid: 'nobody' } })).toEqual({
      inviteCode: null,
    });
  });
});
