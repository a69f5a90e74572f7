// Per-client limits of the anonymous writes (front log, sign-in, SMS codes, visitors' after-sales
// forms), the client behind a reverse proxy (TRUST_PROXY), the front log's size cap and retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, newDeviceKey, signInNewVisitor, startTestApi, uniquePhone, type TestApi } from './harness';
import { FrontLog } from '../src/contexts/platform/front-log/frontLog.entity';
import { RateEvent } from '../src/contexts/platform/rate-limit/rateEvent.entity';

const REPORT = JSON.stringify({ url: '/reportCenter', errName: 'TypeError', errMessage: 'x is undefined' });
const DAY = 24 * 60 * 60 * 1000;

function postLog(api: TestApi, body: string, headers: Record<string, string> = {}) {
  return fetch(`${api.baseUrl}/front/v1/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** An SDK client whose calls arrive as if a proxy had forwarded them for `address`. */
function forwardedFor(api: TestApi, address: string, token?: string) {
  return api.client({
    ...(token && { token }),
    fetch: (request) => {
      request.headers.set('x-forwarded-for', address);
      return fetch(request);
    },
  });
}

async function seedAged(api: TestApi, tag: string) {
  const em = api.app.orm.em.fork();
  const now = Date.now();
  const report = {
    sessionCustomerId: null,
    claimedCustomerId: null,
    url: '/',
    funName: null,
    errName: 'E',
    errMessage: '',
    appCode: null,
    userAgent: null,
  };
  await em.insert(FrontLog, { ...report, requestId: `${tag}-old`, createdAt: new Date(now - 31 * DAY) });
  await em.insert(FrontLog, { ...report, requestId: `${tag}-kept`, createdAt: new Date(now - 29 * DAY) });
  await em.insert(RateEvent, { bucket: 'frontLog', subject: `${tag}-old`, createdAt: new Date(now - 8 * DAY) });
  await em.insert(RateEvent, { bucket: 'frontLog', subject: `${tag}-kept`, createdAt: new Date(now - 6 * DAY) });
}

async function remaining(api: TestApi, tag: string) {
  const em = api.app.orm.em.fork();
  const logs = await em.find(FrontLog, { requestId: { $like: `${tag}-%` } }, { orderBy: { requestId: 'asc' } });
  const events = await em.find(RateEvent, { subject: { $like: `${tag}-%` } }, { orderBy: { subject: 'asc' } });
  return { logs: logs.map((l) => l.requestId), events: events.map((e) => e.subject) };
}

describe('without TRUST_PROXY', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('caps a front-log request at 32 KB with a 413 envelope, and stores a report at every field limit in Chinese', async () => {
    const huge = JSON.stringify({ url: '/', errName: 'E', errMessage: 'x'.repeat(33 * 1024) });
    const refused = await postLog(api, huge);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 40000, errMsg: '请求体过大', data: null });
    // Each field at its own limit (openapi.yaml FrontLogInput): one full report still fits the request cap.
    const full = {
      customerId: '客'.repeat(64),
      url: '页'.repeat(2048),
      funName: '函'.repeat(200),
      errName: '错'.repeat(200),
      errMessage: '误'.repeat(4000),
    };
    const stored = await postLog(api, JSON.stringify(full));
    expect(stored.status).toBe(200);
    // One character over a field's limit is refused (per entry).
    const over = await postLog(api, JSON.stringify({ ...full, errMessage: '误'.repeat(4001) }));
    expect(over.status).toBe(400);
  });

  it('counts front-log reports per connecting address and ignores X-Forwarded-For, refusing the 21st in a minute before reading its body', async () => {
    // The three requests of the first test (two of them refused, still counted) used three of the 20.
    for (let i = 0; i < 17; i++) {
      expect((await postLog(api, REPORT, { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(200);
    }
    const refused = await postLog(api, REPORT, { 'x-forwarded-for': '198.51.100.200', 'x-request-id': 'limited-1' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: 42900,
      errMsg: '错误报告过于频繁，请稍后再试',
      data: null,
      requestId: 'limited-1',
    });
    // Over the limit, even a body that would be refused as too large or malformed answers 429.
    expect((await postLog(api, 'x'.repeat(40 * 1024))).status).toBe(429);
    expect((await postLog(api, '{"url":')).status).toBe(429);
  });
  it('deletes front-log reports after 30 days and rate events after 7, and a second pass finds nothing more', async () => {
    await seedAged(api, 'manual');
    await api.app.retention.runOnce();
    expect(await remaining(api, 'manual')).toEqual({ logs: ['manual-kept'], events: ['manual-kept'] });
    expect(await api.app.retention.runOnce()).toMatchObject({ frontLogs: 0, rateEvents: 0 });
  });
});

describe('with TRUST_PROXY naming the proxy (127.0.0.1)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => api.close());

  it('counts front-log reports per forwarded client', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await postLog(api, REPORT, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    }
    const refused = await postLog(api, REPORT, { 'x-forwarded-for': '203.0.113.1' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 42900, errMsg: '错误报告过于频繁，请稍后再试' });
    // Another user behind the same proxy is not affected, nor is a client the proxy itself forwards for.
    expect((await postLog(api, REPORT, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expect((await postLog(api, REPORT, { 'x-forwarded-for': '10.9.9.9, 203.0.113.3' })).status).toBe(200);
  });

  it('counts sign-ins per forwarded client', async () => {
    const client = forwardedFor(api, '203.0.113.10');
    for (let i = 0; i < 30; i++) {
      await client.GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: newDeviceKey() } } });
    }
    expect(
      await failure(client.GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: newDeviceKey() } } })),
    ).toMatchObject({
      code: 42900,
      errMsg: '登录过于频繁，请稍后再试',
      status: 429,
    });
    const other = await forwardedFor(api, '203.0.113.11').GET('/wechat/v1/getHtmlAccessToken', {
      params: { query: { code: newDeviceKey() } },
    });
    expect(other.token).toBeTruthy();
  });

  it('counts SMS codes per forwarded client', async () => {
    const { signIn } = await signInNewVisitor(api);
    const client = forwardedFor(api, '203.0.113.20', signIn.token);
    for (let i = 0; i < 30; i++) {
      await client.POST('/shortMsg/v1/getCode', { body: { phone: uniquePhone() } });
    }
    expect(await failure(client.POST('/shortMsg/v1/getCode', { body: { phone: uniquePhone() } }))).toMatchObject({
      code: 42900,
      errMsg: '当前网络获取验证码次数过多，请明天再试',
    });
    const other = await forwardedFor(api, '203.0.113.21', signIn.token).POST('/shortMsg/v1/getCode', {
      body: { phone: uniquePhone() },
    });
    expect(other.resendAfterSeconds).toBe(120);
  });

  it('counts visitors’ warranty registrations (20 an hour) and dealer enquiries (10 an hour) per forwarded client', async () => {
    const { signIn } = await signInNewVisitor(api);
    const limits = [
      ['/product/v1/productPurchase/add', 20, '登记过于频繁，请1小时后再试'],
      ['/dealer/v1/add', 10, '提交过于频繁，请1小时后再试'],
    ] as const;
    for (const [path, max, errMsg] of limits) {
      const client = forwardedFor(api, '203.0.113.40', signIn.token);
      // Refused forms count too: the limit is taken before the body is read.
      for (let i = 0; i < max; i++) {
        expect(await failure(client.POST(path, { body: {} as never }))).toMatchObject({ code: 40000 });
      }
      expect(await failure(client.POST(path, { body: {} as never }))).toMatchObject({
        code: 42900,
        errMsg,
        status: 429,
      });
      // Another client behind the same proxy still reaches the form's own checks.
      const other = forwardedFor(api, '203.0.113.41', signIn.token);
      expect(await failure(other.POST(path, { body: {} as never }))).toMatchObject({ code: 40000 });
    }
  });
});

describe('with TRUST_PROXY as a hop count (1)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(() => api.close());

  it('counts the address one hop out: what a client adds in front of it does not help', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await postLog(api, REPORT, { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.30` })).status).toBe(200);
    }
    expect((await postLog(api, REPORT, { 'x-forwarded-for': '10.0.1.1, 203.0.113.30' })).status).toBe(429);
    expect((await postLog(api, REPORT, { 'x-forwarded-for': '203.0.113.31' })).status).toBe(200);
  });
});

describe('retention on a timer', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Runs a retention pass 200 ms after start and then every 200 ms, as a deployment does hourly.
    api = await startTestApi({ RETENTION_INTERVAL_MS: '200' });
  });
  afterAll(() => api.close());

  it('runs by itself on a timer', async () => {
    await seedAged(api, 'timer');
    const deadline = Date.now() + 10_000;
    const pending = async () => {
      const left = await remaining(api, 'timer');
      return left.logs.length + left.events.length > 2;
    };
    while ((await pending()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await remaining(api, 'timer')).toEqual({ logs: ['timer-kept'], events: ['timer-kept'] });
  });
});
