import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AliyunSmsSender, type AliyunSmsOptions } from '../../../src/providers/sms/aliyun';
import { SmsError } from '../../../src/providers/sms/sms';
import { AliyunSmsFake } from '../../fakes/aliyun-sms-fake';

const PHONE = '13800138000';
const NOTICE_TEMPLATE = 'SMS_000000002';

let fake: AliyunSmsFake;
beforeEach(async () => {
  fake = await AliyunSmsFake.start({ moreTemplates: { [NOTICE_TEMPLATE]: ['app', 'reason'] } });
});
afterEach(async () => {
  await fake.close();
});

function sender(overrides: Partial<AliyunSmsOptions> = {}): AliyunSmsSender {
  return new AliyunSmsSender({
    accessKeyId: fake.accessKeyId,
    accessKeySecret: fake.accessKeySecret,
    signName: fake.signName,
    templateCode: fake.templateCode,
    endpoint: fake.url,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<SmsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsError);
  return error as SmsError;
}

describe('AliyunSmsSender against the fake SendSms endpoint', () => {
  it('delivers the code as the template parameter of a signed POST the service accepts', async () => {
    await sender().sendCode(PHONE, '123456');

    expect(fake.messages).toEqual([
      expect.objectContaining({
        phoneNumbers: [PHONE],
        signName: '糖护',
        templateCode: fake.templateCode,
        templateParam: { code: '123456' },
        method: 'POST',
      }),
    ]);
    const [request] = fake.requests;
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    // The phone number and code travel in the body, never in the URL that logs record.
    expect(request?.url).toBe('/');
    expect(request?.body).toContain('Format=JSON');
  });

  it('uses a fresh nonce for every send', async () => {
    const client = sender();
    await client.sendCode(PHONE, '111111');
    await client.sendCode(PHONE, '222222');
    expect(fake.messages.map((m) => m.templateParam.code)).toEqual(['111111', '222222']);
  });

  it('reports a wrong secret as SignatureDoesNotMatch without echoing the string to sign', async () => {
    const error = await refusal(sender({ accessKeySecret: 'not-the-secret' }).sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('SignatureDoesNotMatch');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('Specified signature is not matched');
    expect(error.message).not.toContain(PHONE);
    expect(fake.messages).toEqual([]);
  });

  it('reports an unknown AccessKey id as InvalidAccessKeyId.NotFound', async () => {
    const error = await refusal(sender({ accessKeyId: 'LTAI-unknown' }).sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('InvalidAccessKeyId.NotFound');
    expect(error.retryable).toBe(false);
  });

  it('keeps the throttling code and marks it not retryable', async () => {
    fake.throttle = true;
    const error = await refusal(sender().sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('流控');
    expect(fake.messages).toEqual([]);
  });

  it('passes on the provider refusing a number it cannot deliver to', async () => {
    const error = await refusal(sender().sendCode('12345678', '123456'));
    expect(error.providerCode).toBe('isv.MOBILE_NUMBER_ILLEGAL');
    expect(error.retryable).toBe(false);
  });

  it('is refused when its clock is more than 15 minutes off', async () => {
    const slowClock = () => new Date(Date.now() - 16 * 60_000);
    const error = await refusal(sender({ now: slowClock }).sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('InvalidTimeStamp.Expired');
  });

  it('is refused when a nonce repeats', async () => {
    const client = sender({ nonce: () => 'always-the-same' });
    await client.sendCode(PHONE, '111111');
    const error = await refusal(client.sendCode(PHONE, '222222'));
    expect(error.providerCode).toBe('SignatureNonceUsed');
    expect(fake.messages).toHaveLength(1);
  });

  it('gives up after its time-out with a retryable NETWORK error', async () => {
    fake.delayMs = 2000;
    const started = Date.now();
    const error = await refusal(sender({ timeoutMs: 150 }).sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('NETWORK');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a refused connection as a retryable NETWORK error', async () => {
    const closed = await AliyunSmsFake.start();
    await closed.close();
    const error = await refusal(sender({ endpoint: closed.url }).sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('NETWORK');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('refuses a phone list or a malformed code before anything is sent', async () => {
    const client = sender();
    expect((await refusal(client.sendCode(`${PHONE},13900139000`, '123456'))).providerCode).toBe('INVALID_ARGUMENT');
    expect((await refusal(client.sendCode(PHONE, '12ab56'))).providerCode).toBe('INVALID_ARGUMENT');
    expect(fake.requests).toEqual([]);
  });

  it('sends a notice with the notice template and its app and reason variables', async () => {
    await sender({ noticeTemplateCode: NOTICE_TEMPLATE }).sendNotice(PHONE, {
      app: '慢病随访系统',
      reason: '连续20次推送失败',
    });
    expect(fake.messages).toEqual([
      expect.objectContaining({
        phoneNumbers: [PHONE],
        signName: '糖护',
        templateCode: NOTICE_TEMPLATE,
        templateParam: { app: '慢病随访系统', reason: '连续20次推送失败' },
        method: 'POST',
      }),
    ]);
  });

  it('refuses a notice without a notice template, to a phone list, or with a variable past 35 characters or holding a link', async () => {
    expect((await refusal(sender().sendNotice(PHONE, { app: 'A', reason: 'B' }))).providerCode).toBe('NOT_CONFIGURED');
    const client = sender({ noticeTemplateCode: NOTICE_TEMPLATE });
    const refused = [
      client.sendNotice(`${PHONE},13900139000`, { app: 'A', reason: 'B' }),
      client.sendNotice(PHONE, { app: '糖'.repeat(36), reason: 'B' }),
      client.sendNotice(PHONE, { app: 'A', reason: '' }),
      client.sendNotice(PHONE, { app: '详见 https://evil.example', reason: 'B' }),
      client.sendNotice(PHONE, { app: 'A', reason: '第一行\n第二行' }),
    ];
    for (const promise of refused) {
      expect((await refusal(promise)).providerCode).toBe('INVALID_ARGUMENT');
    }
    // 35 characters is within the limit.
    await client.sendNotice(PHONE, { app: '糖'.repeat(35), reason: 'B' });
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses an endpoint that is not an http(s) URL when constructed', () => {
    expect(() => sender({ endpoint: 'dysmsapi.aliyuncs.com' })).toThrow(/http\(s\) URL/);
  });
});

describe('AliyunSmsSender reading answers the fake does not produce', () => {
  // A gateway in front of the service can answer with anything; these stand in for it.
  const answering = (status: number, body: string) =>
    sender({ endpoint: 'https://dysmsapi.example.invalid', fetch: async () => new Response(body, { status }) });

  it('treats a provider-side system error as retryable', async () => {
    const error = await refusal(
      answering(200, JSON.stringify({ Code: 'isp.SYSTEM_ERROR', Message: 'system error' })).sendCode(PHONE, '123456'),
    );
    expect(error.providerCode).toBe('isp.SYSTEM_ERROR');
    expect(error.retryable).toBe(true);
  });

  it('treats a non-JSON 502 as a retryable HTTP error', async () => {
    const error = await refusal(answering(502, '<html>Bad Gateway</html>').sendCode(PHONE, '123456'));
    expect(error.providerCode).toBe('HTTP_502');
    expect(error.retryable).toBe(true);
  });

  it('does not take an OK code on an error status for success', async () => {
    const error = await refusal(answering(400, JSON.stringify({ Code: 'OK' })).sendCode(PHONE, '123456'));
    expect(error.retryable).toBe(false);
  });
});
