// Issue 15 D: no code goes to a number that cannot exist. The API refuses it with the spec's
// message before anything reaches the SMS provider, and the phone forms that take a code refuse it
// the same way (one domain rule, `isMobilePhone`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalSmsOutbox } from '../src/providers/sms/local-outbox';
import { failure, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock: testClock(new Date()) });
});
afterAll(() => api.close());

function outbox(): LocalSmsOutbox {
  const sms = api.app.providers.sms;
  if (!(sms instanceof LocalSmsOutbox)) {
    throw new Error('the test API does not use the local SMS outbox');
  }
  return sms;
}

describe('POST /shortMsg/v1/getCode with an impossible number', () => {
  it.each(['12345678901', '10000000000', '11111111111', '12800138000'])(
    'refuses %s with 请输入正确手机号 and sends nothing',
    async (phone) => {
      const { client } = await signInNewVisitor(api);
      for (const purpose of ['register', 'updatePhone'] as const) {
        expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone, purpose } }))).toMatchObject({
          code: 40000,
          errMsg: '请输入正确手机号',
          status: 400,
        });
      }
      expect(outbox().list(phone)).toEqual([]);
      // Nothing was counted against the phone either: the dev outbox endpoint lists nothing.
      expect(await api.client().GET('/dev/v1/smsOutbox', { params: { query: { phone } } })).toEqual([]);
    },
  );

  it('still sends to a possible number (13 to 19)', async () => {
    const { client } = await signInNewVisitor(api);
    await client.POST('/shortMsg/v1/getCode', { body: { phone: '13012345678' } });
    expect(outbox().list('13012345678')).toHaveLength(1);
  });
});
