// The console's sign-in limit per client address, on top of each account's lockout
// (docs/adr/0133-console-sign-in-limited-per-address.md): failures only, per forwarded client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/contexts/identity';
import { RateEvent } from '../src/contexts/platform/rate-limit/rateEvent.entity';
import { failure, startTestApi, testClock, type TestApi } from './harness';

let api: TestApi;
const clock = testClock();
let serial = 0;

beforeAll(async () => {
  // The tests play several clients behind one proxy (127.0.0.1), each with its own address.
  api = await startTestApi({ TRUST_PROXY: '127.0.0.1' }, { clock });
});
afterAll(() => api.close());

async function newOperator() {
  const username = `t.limit.${process.pid}.${++serial}`;
  const made = await createStaff(api.app.em.fork(), { username, role: 'operator' }, null, clock());
  return { username, password: made.oneTimePassword };
}

function signInFrom(address: string, username: string, password: string) {
  return api
    .client({
      fetch: (request) => {
        request.headers.set('x-forwarded-for', address);
        return fetch(request);
      },
    })
    .POST('/console/v1/signIn', { body: { username, password } });
}

describe('console sign-in per client address', () => {
  it('refuses an address after 20 failures across accounts, even with a right password, while another address signs in', async () => {
    const known = await newOperator();
    for (let i = 0; i < 20; i++) {
      // A different unknown account each time: no account reaches its own lockout.
      expect(await failure(signInFrom('203.0.113.10', `nobody.${i}`, 'guess-123456'))).toMatchObject({
        code: 40100,
      });
    }
    expect(await failure(signInFrom('203.0.113.10', known.username, known.password))).toMatchObject({
      code: 42900,
      errMsg: '此网络登录失败次数过多，请 10 分钟后再试',
      status: 429,
    });
    const elsewhere = await signInFrom('203.0.113.11', known.username, known.password);
    expect(elsewhere.staff.username).toBe(known.username);

    // Ten minutes after the failures the address may try again.
    clock.advance(10 * 60_000 + 1);
    const later = await signInFrom('203.0.113.10', known.username, known.password);
    expect(later.staff.username).toBe(known.username);
  });

  it('never counts a successful sign-in: one address signs in 30 times in a row', async () => {
    const known = await newOperator();
    for (let i = 0; i < 30; i++) {
      expect((await signInFrom('203.0.113.20', known.username, known.password)).token).toMatch(/^staff\./);
    }
    const events = await api.app.em
      .fork()
      .count(RateEvent, { bucket: 'consoleSignInFailure', subject: '203.0.113.20' });
    expect(events).toBe(0);
  });

  it('counts concurrent failures one after another: 20 refusals of the password, then the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => failure(signInFrom('203.0.113.30', `nobody.c${i}`, 'guess-123456'))),
    );
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes.filter((code) => code === 40100)).toHaveLength(20);
    expect(codes.filter((code) => code === 42900)).toHaveLength(4);
  });

  it('refuses an address with 100 failures in a day until the day has passed', async () => {
    const known = await newOperator();
    const em = api.app.em.fork();
    // 100 failures spread over the last 20 hours, never more than 20 in 10 minutes.
    for (let i = 0; i < 100; i++) {
      await em.insert(RateEvent, {
        bucket: 'consoleSignInFailure',
        subject: '203.0.113.40',
        createdAt: new Date(clock().getTime() - (20 * 60 - i * 12) * 60_000),
      });
    }
    expect(await failure(signInFrom('203.0.113.40', known.username, known.password))).toMatchObject({
      code: 42900,
      errMsg: '此网络今日登录失败次数过多，请明天再试',
    });
    clock.advance(24 * 60 * 60_000);
    expect((await signInFrom('203.0.113.40', known.username, known.password)).staff.username).toBe(known.username);
  });
});
