import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSmsFake } from './fakes/aliyun-sms-fake';
import { failure, lastCode, signInNewVisitor, startTestApi, testClock, uniquePhone, type TestApi } from './harness';

const clock = testClock();
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const SECOND = 1000;

describe('POST /shortMsg/v1/getCode', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().POST('/shortMsg/v1/getCode', { body: { phone: uniquePhone() } }))).toMatchObject({
      code: 40100,
    });
  });

  it.each([
    ['', '手机号不能为空'],
    ['1380013800', '请输入正确手机号'],
    ['23800138000', '请输入正确手机号'],
  ])('refuses the phone %j with %s', async (phone, errMsg) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone } }))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('sends a 6-digit code and refuses another for the same phone within 120 seconds', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    expect(await client.POST('/shortMsg/v1/getCode', { body: { phone } })).toEqual({
      resendAfterSeconds: 120,
      expiresInSeconds: 300,
    });
    expect(lastCode(api, phone)).toMatch(/^\d{6}$/);
    clock.advance(100 * SECOND);
    expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone } }))).toMatchObject({
      code: 42900,
      errMsg: '验证码已发送，请20秒后再试',
      status: 429,
    });
    clock.advance(21 * SECOND);
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
  });

  it('caps codes per phone at 10 a China day', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    for (let i = 0; i < 10; i += 1) {
      await client.POST('/shortMsg/v1/getCode', { body: { phone } });
      clock.advance(121 * SECOND);
    }
    expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone } }))).toMatchObject({
      code: 42900,
      errMsg: '该手机号今日获取验证码次数已达上限，请明天再试',
    });
  });

  it('caps codes per client address at 30 a China day', async () => {
    const own = await startTestApi({}, { clock: testClock(new Date('2026-11-21T02:00:00Z')) });
    try {
      const { client } = await signInNewVisitor(own);
      for (let i = 0; i < 30; i += 1) {
        await client.POST('/shortMsg/v1/getCode', { body: { phone: uniquePhone() } });
      }
      expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone: uniquePhone() } }))).toMatchObject({
        code: 42900,
        errMsg: '当前网络获取验证码次数过多，请明天再试',
      });
    } finally {
      await own.close();
    }
  });
});

describe('POST /login/v1/checkCaptcha and code rules', () => {
  it('accepts the right code without using it up, and refuses a wrong one with 90001', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    const code = lastCode(api, phone);
    expect(await client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: code } })).toEqual({ ok: true });
    expect(await client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: code } })).toEqual({ ok: true });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await failure(client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: wrong } }))).toMatchObject({
      code: 90001,
      errMsg: '请输入正确的验证码',
    });
  });

  it('voids a code after 5 wrong tries', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    const code = lastCode(api, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      await failure(client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: wrong } }));
    }
    expect(await failure(client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: code } }))).toMatchObject({
      code: 90001,
      errMsg: '验证码已失效，请重新获取',
    });
  });

  it('expires a code after 5 minutes', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    clock.advance(301 * SECOND);
    expect(
      await failure(client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: lastCode(api, phone) } })),
    ).toMatchObject({
      code: 90001,
      errMsg: '验证码已失效，请重新获取',
    });
  });

  it('does not accept a code sent for another purpose', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone, purpose: 'updatePhone' } });
    expect(
      await failure(client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: lastCode(api, phone) } })),
    ).toMatchObject({ code: 90001 });
  });
});

describe('GET /dev/v1/smsOutbox', () => {
  it('lists codes sent through the local outbox, newest first', async () => {
    const { client } = await signInNewVisitor(api);
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    const [message] = await api.client().GET('/dev/v1/smsOutbox', { params: { query: { phone } } });
    expect(message?.text).toContain(message?.code ?? 'missing');
  });

  it('does not exist in production configuration', async () => {
    const prod = await startTestApi({
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(40),
      GATEWAY_TOKEN: 'g'.repeat(40),
      PUBLIC_BASE_URL: 'https://h5.example.com',
    });
    try {
      const error = await failure(
        prod.client().GET('/dev/v1/smsOutbox', { params: { query: { phone: '13800138000' } } }),
      );
      expect(error).toMatchObject({ code: 40400, status: 404 });
    } finally {
      await prod.close();
    }
  });
});

describe('the Aliyun SMS provider, end to end', () => {
  it('sends the code through the provider’s signed API, and the outbox is gone', async () => {
    const fake = await AliyunSmsFake.start();
    const real = await startTestApi({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: fake.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: fake.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: fake.signName,
      ALIYUN_SMS_TEMPLATE_CODE: fake.templateCode,
      ALIYUN_SMS_ENDPOINT: fake.url,
    });
    try {
      const { client } = await signInNewVisitor(real);
      const phone = uniquePhone();
      await client.POST('/shortMsg/v1/getCode', { body: { phone } });
      expect(fake.messages).toHaveLength(1);
      expect(fake.messages[0]?.phoneNumbers).toEqual([phone]);
      const code = fake.messages[0]?.templateParam.code ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(await client.POST('/login/v1/checkCaptcha', { body: { phone, validCode: code } })).toEqual({ ok: true });
      expect(await failure(real.client().GET('/dev/v1/smsOutbox', { params: { query: { phone } } }))).toMatchObject({
        code: 40400,
      });
      fake.throttle = true;
      const other = uniquePhone();
      expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone: other } }))).toMatchObject({
        code: 50300,
        errMsg: '短信发送失败，请稍后再试',
      });
    } finally {
      await real.close();
      await fake.close();
    }
  });
});
