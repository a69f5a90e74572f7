// Issue 15 D: a returning user gets their account back. A visitor on a new phone, browser or
// messaging-app account who is told 该手机号已被其他微信号绑定 proves control of the phone with a
// code, and the account moves to the new sign-in; the old sign-in is signed out.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountRecovery } from '../src/contexts/identity/account-recovery/accountRecovery.entity';
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

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());
// Every test starts on a new day: the daily limits of one test never reach into the next.
beforeEach(() => clock.advance(25 * 3600 * 1000));

type Visitor = Awaited<ReturnType<typeof signInNewVisitor>>;

/** China time an hour before the test clock, as the reading forms send it. */
const anHourAgo = () => new Date(clock().getTime() + 7 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** A new browser asks for a code to the phone and tries to register it: 40900, and the code stays good. */
async function newBrowserMeetsTakenPhone(phone: string): Promise<Visitor & { code: string }> {
  const visitor = await signInNewVisitor(api);
  clock.advance(121_000);
  await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone } });
  const code = lastCode(api, phone);
  expect(
    await failure(visitor.client.POST('/register/v1/bind', { body: { nickname: '张建国', phone, validCode: code } })),
  ).toMatchObject({
    code: 40900,
    errMsg: '该手机号已被其他微信号绑定',
    status: 409,
  });
  return { ...visitor, code };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function recoveryRows(customerId: string) {
  return api.app.em.fork().find(AccountRecovery, { customerId }, { orderBy: { id: 'asc' } });
}

describe('POST /register/v1/recoverAccount', () => {
  it('requires a session', async () => {
    expect(
      await failure(
        api.client().POST('/register/v1/recoverAccount', { body: { phone: '13800138000', validCode: '123456' } }),
      ),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ phone: '12345678901', validCode: '123456' }, '请输入正确手机号'],
    [{ phone: '13800138000', validCode: '12' }, '请输入6位验证码'],
  ])('refuses %j with %s', async (body, errMsg) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.POST('/register/v1/recoverAccount', { body }))).toMatchObject({ code: 40000, errMsg });
  });

  it('refuses a wrong code with 90001 and moves nothing', async () => {
    const owner = await registeredCustomer(api, '张建国');
    const visitor = await newBrowserMeetsTakenPhone(owner.phone);
    expect(
      await failure(
        visitor.client.POST('/register/v1/recoverAccount', {
          body: { phone: owner.phone, validCode: wrongCode(visitor.code) },
        }),
      ),
    ).toMatchObject({
      code: 90001,
      errMsg: '请输入正确的验证码',
    });
    expect((await owner.client.GET('/login/v1/getCurrent')).customerVo.cid).toBe(owner.cid);
    expect((await visitor.client.POST('/login/v1/auth', { body: {} })).isAuth).toBe('0');
    expect(await recoveryRows(owner.cid)).toEqual([]);
  });

  it('moves the account to the new sign-in, signs the old one out, keeps the data and records the move', async () => {
    const owner = await registeredCustomer(api, '张建国');
    const reading = await owner.client.POST('/sugarTest/v1/add', { body: { sugar: 6.5, createTime: anHourAgo() } });
    const oldOpenid = owner.signIn.openid;
    if (api.databaseUrl) {
      // On PostgreSQL each API process caches checked sessions: the old device's gets cached once a
      // request is checked after the registration's own notification has arrived.
      await expect
        .poll(async () => {
          await owner.client.GET('/login/v1/getCurrent');
          return api.app.sessionCache.get(hashOf(owner.signIn.token), clock());
        })
        .toMatchObject({ customerId: owner.cid });
    }
    const visitor = await newBrowserMeetsTakenPhone(owner.phone);

    // The code the registration just used is still good for getting the account back.
    const moved = await visitor.client.POST('/register/v1/recoverAccount', {
      body: { phone: owner.phone, validCode: visitor.code },
    });
    expect(moved).toMatchObject({ openid: visitor.signIn.openid, nickname: '张建国' });

    // The old device and the visitor's own session are signed out, also in the session cache.
    if (api.databaseUrl) {
      expect(api.app.sessionCache.get(hashOf(owner.signIn.token), clock())).toBeUndefined();
    }
    expect(await failure(owner.client.GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100, status: 401 });
    expect(await failure(visitor.client.GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100, status: 401 });

    // The new session is the account, with its phone and its readings.
    const client = api.client({ token: moved.token });
    expect((await client.GET('/login/v1/getCurrent')).customerVo).toMatchObject({
      cid: owner.cid,
      phone: owner.phone,
      nickname: '张建国',
    });
    expect((await client.POST('/login/v1/auth', { body: {} })).isAuth).toBe('1');
    expect(
      (await client.GET('/sugarTest/v1/getById', { params: { query: { testId: reading.testId } } })).sugarTestVo,
    ).toMatchObject({ sugar: 6.5 });

    // From now on the new browser's key signs in to the account, and the old key to a new visitor.
    const again = await api
      .client()
      .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: visitor.deviceKey } } });
    expect((await api.client({ token: again.token }).POST('/login/v1/auth', { body: {} })).customerId).toBe(owner.cid);
    const oldDevice = await api
      .client()
      .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: owner.deviceKey } } });
    const oldStatus = await api.client({ token: oldDevice.token }).POST('/login/v1/auth', { body: {} });
    expect(oldStatus).toMatchObject({ isAuth: '0' });
    expect(oldStatus.customerId).not.toBe(owner.cid);

    // Recorded: when, from which sign-in to which, from where.
    const rows = await recoveryRows(owner.cid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fromOpenid: oldOpenid,
      toOpenid: visitor.signIn.openid,
      ip: '127.0.0.1',
      createdAt: clock(),
    });
    expect(rows[0]?.retiredCustomerId).toEqual(expect.any(String));
    expect(rows[0]?.retiredCustomerId).not.toBe(owner.cid);

    // The code was used once.
    expect(
      await failure(
        api
          .client({ token: again.token })
          .POST('/register/v1/recoverAccount', { body: { phone: owner.phone, validCode: visitor.code } }),
      ),
    ).toMatchObject({
      code: 40900,
    });
  });

  it('refuses a caller who is registered already, so no account is left without a sign-in', async () => {
    const owner = await registeredCustomer(api, '张建国');
    const other = await registeredCustomer(api, '李四');
    clock.advance(121_000);
    await other.client.POST('/shortMsg/v1/getCode', { body: { phone: owner.phone } });
    expect(
      await failure(
        other.client.POST('/register/v1/recoverAccount', {
          body: { phone: owner.phone, validCode: lastCode(api, owner.phone) },
        }),
      ),
    ).toMatchObject({
      code: 40900,
      errMsg: '当前账号已绑定手机号，不能再找回其他账号',
    });
    expect((await owner.client.GET('/login/v1/getCurrent')).customerVo.cid).toBe(owner.cid);
  });

  it('answers 40400 for a phone nobody registered, only once the code checked out', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    const code = lastCode(api, phone);
    expect(
      await failure(client.POST('/register/v1/recoverAccount', { body: { phone, validCode: wrongCode(code) } })),
    ).toMatchObject({ code: 90001 });
    expect(
      await failure(client.POST('/register/v1/recoverAccount', { body: { phone, validCode: code } })),
    ).toMatchObject({
      code: 40400,
      errMsg: '该手机号还没有注册，请直接注册',
    });
  });

  it('limits attempts to 5 a day per caller, right or wrong', async () => {
    const owner = await registeredCustomer(api, '张建国');
    const visitor = await newBrowserMeetsTakenPhone(owner.phone);
    for (let i = 0; i < 5; i += 1) {
      expect(
        await failure(
          visitor.client.POST('/register/v1/recoverAccount', {
            body: { phone: owner.phone, validCode: wrongCode(visitor.code) },
          }),
        ),
      ).toMatchObject({ code: 90001 });
    }
    // A fresh code does not help: the caller has used its attempts for the day.
    clock.advance(121_000);
    await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone: owner.phone } });
    expect(
      await failure(
        visitor.client.POST('/register/v1/recoverAccount', {
          body: { phone: owner.phone, validCode: lastCode(api, owner.phone) },
        }),
      ),
    ).toMatchObject({
      code: 42900,
      errMsg: '找回账号的次数过多，请明天再试',
      status: 429,
    });
    expect((await owner.client.GET('/login/v1/getCurrent')).customerVo.cid).toBe(owner.cid);
    clock.advance(24 * 3600 * 1000);
    clock.advance(121_000);
    await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone: owner.phone } });
    await visitor.client.POST('/register/v1/recoverAccount', {
      body: { phone: owner.phone, validCode: lastCode(api, owner.phone) },
    });
  });

  it('limits attempts to 10 a day per client address', async () => {
    const owner = await registeredCustomer(api, '张建国');
    for (let i = 0; i < 5; i += 1) {
      const { client } = await signInNewVisitor(api);
      for (let j = 0; j < 2; j += 1) {
        expect(
          await failure(
            client.POST('/register/v1/recoverAccount', { body: { phone: owner.phone, validCode: '000000' } }),
          ),
        ).toMatchObject({ code: 90001 });
      }
    }
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.POST('/register/v1/recoverAccount', { body: { phone: owner.phone, validCode: '000000' } })),
    ).toMatchObject({ code: 42900, status: 429 });
  });

  it('moves one account at most 3 times in 24 hours', async () => {
    const owner = await registeredCustomer(api, '张建国');
    for (let i = 0; i < 3; i += 1) {
      const visitor = await newBrowserMeetsTakenPhone(owner.phone);
      await visitor.client.POST('/register/v1/recoverAccount', {
        body: { phone: owner.phone, validCode: visitor.code },
      });
    }
    const fourth = await newBrowserMeetsTakenPhone(owner.phone);
    expect(
      await failure(
        fourth.client.POST('/register/v1/recoverAccount', { body: { phone: owner.phone, validCode: fourth.code } }),
      ),
    ).toMatchObject({
      code: 42900,
      errMsg: '该账号今天已多次更换登录设备，请明天再试',
    });
    expect(await recoveryRows(owner.cid)).toHaveLength(3);
  });
});

describe('POST /login/v1/deviceKeyAccount', () => {
  it('names the registered account behind a key, masked, without signing in or creating anything', async () => {
    const owner = await registeredCustomer(api, '张建国');
    expect(await api.client().POST('/login/v1/deviceKeyAccount', { body: { deviceKey: owner.deviceKey } })).toEqual({
      exists: true,
      registered: true,
      maskedName: '张*国',
    });
    const visitor = await signInNewVisitor(api);
    expect(await api.client().POST('/login/v1/deviceKeyAccount', { body: { deviceKey: visitor.deviceKey } })).toEqual({
      exists: true,
      registered: false,
      maskedName: null,
    });
    const unused = `never_used_${'x'.repeat(20)}`;
    expect(await api.client().POST('/login/v1/deviceKeyAccount', { body: { deviceKey: unused } })).toEqual({
      exists: false,
      registered: false,
      maskedName: null,
    });
    expect(await api.client().POST('/login/v1/deviceKeyAccount', { body: { deviceKey: unused } })).toEqual({
      exists: false,
      registered: false,
      maskedName: null,
    });
  });

  it('refuses a malformed key', async () => {
    expect(
      await failure(api.client().POST('/login/v1/deviceKeyAccount', { body: { deviceKey: 'short' } })),
    ).toMatchObject({ code: 40000, status: 400 });
  });
});
