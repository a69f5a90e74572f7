// The integrators' /open/v1 operations of lane OPEN over HTTP, through the real token gate: each
// acts for the grant's patient only and needs its scope; readings are written once per
// Idempotency-Key (concurrent repeats included) and read back with their meter ids; the profile,
// a report, a meter maker's provisioning, and the change feed endpoint.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_GATEWAY_TOKEN } from '../src/config';
import { provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { deleteExpiredIdempotencyKeys } from '../src/contexts/open';
import { nativeQuery } from '../src/lib/db';
import type { Schema } from '@glucoguard/sdk';
import { newIntegrator, type Integrator } from './open-data-fixtures';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
let integrator: Integrator;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
  integrator = await newIntegrator(api, clock);
});
afterAll(() => api?.close());

interface Answer<T> {
  status: number;
  body: { code: number; errMsg: string; data: T };
  headers: Headers;
}

/** What each open operation answers, by method and path. */
interface Answers {
  'GET /open/v1/readings': Schema<'OpenReadingPage'>;
  'POST /open/v1/readings': Schema<'OpenReading'>;
  'GET /open/v1/changes': Schema<'OpenChangePage'>;
  'GET /open/v1/profile': Schema<'OpenProfile'>;
  'GET /open/v1/reports': Schema<'OpenReport'>;
  'POST /open/v1/devices': Schema<'OpenProvisionResult'>;
}

/** One HTTP call with an access token. */
async function call<M extends 'GET' | 'POST', P extends string>(
  token: string,
  method: M,
  path: P,
  {
    query,
    body,
    headers = {},
  }: { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<`${M} ${P}` extends keyof Answers ? Answers[`${M} ${P}`] : never>> {
  const url = new URL(`${api.baseUrl}${path}`);
  for (const [k, v] of Object.entries(query ?? {})) {
    url.searchParams.set(k, String(v));
  }
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as never, headers: res.headers };
}

/** A registered patient who granted `scopes`, and a token for that grant. */
async function consenting(scopes: string[], nickname = '王阿姨') {
  const patient = await registeredCustomer(api, nickname);
  const grantId = await integrator.grant(patient.cid, scopes);
  const token = await integrator.token({ grantId, customerId: patient.cid }, scopes);
  return { ...patient, grantId, token };
}

let imeiCounter = 0;
/** A fresh IMEI with a valid Luhn check digit. */
function nextImei(): string {
  const body = `8642200${String(process.pid % 1000).padStart(3, '0')}${String(++imeiCounter).padStart(4, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    let d = Number(body[i]);
    if (i % 2 === 1) {
      d *= 2;
      d = d > 9 ? d - 9 : d;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('GET /open/v1/readings', () => {
  it("lists the grant's patient's readings of a kind, newest first, with a meter's reading id", async () => {
    const patient = await consenting(['readings.read']);
    const stranger = await registeredCustomer(api);
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 6.5, createTime: '2026-11-20 07:00' } });
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 5.4, createTime: '2026-11-19 07:00' } });
    await stranger.client.POST('/sugarTest/v1/add', { body: { sugar: 9.9, createTime: '2026-11-20 07:00' } });
    const imei = nextImei();
    const { bindCode } = await provisionDevice(
      api.app.orm.em.fork(),
      { imei, kind: 'glucose', model: 'GG-1' },
      clock(),
    );
    await patient.client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
    await api.client().POST('/internal/v1/meterReadings', {
      body: {
        messages: [
          {
            imei,
            payload: JSON.stringify({
              id: 'r-0001',
              kind: 'glucose',
              value: 7.2,
              unit: 'mmol/L',
              measuredAt: '2026-11-20T08:05:00+08:00',
            }),
          },
        ],
      },
      headers: { 'X-Gateway-Token': DEV_GATEWAY_TOKEN },
    });

    const all = await call(patient.token, 'GET', '/open/v1/readings', { query: { kind: 'glucose' } });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, pageSize: 50, total: 3, totalPage: 1 });
    const items = all.body.data.items;
    expect(items.map((r) => r.glucose?.mmolL)).toEqual([7.2, 6.5, 5.4]);
    expect(items.every((r) => r.patientId === patient.cid)).toBe(true);
    expect(items[0]).toMatchObject({ source: 'meter', device: { imei, readingId: 'r-0001' } });
    expect(items[1]).toMatchObject({ source: 'self', measuredAt: '2026-11-20T07:00:00.000+08:00' });
    expect(items[1]!.device).toBeUndefined();

    const window = await call(patient.token, 'GET', '/open/v1/readings', {
      query: { kind: 'glucose', from: '2026-11-20T00:00:00+08:00', to: '2026-11-20T08:00:00+08:00' },
    });
    expect(window.body.data.items.map((r) => r.glucose?.mmolL)).toEqual([6.5]);

    const second = await call(patient.token, 'GET', '/open/v1/readings', {
      query: { kind: 'glucose', pageSize: 2, page: 2 },
    });
    expect(second.body.data).toMatchObject({ page: 2, pageSize: 2, total: 3, totalPage: 2 });
    expect(second.body.data.items.map((r) => r.glucose?.mmolL)).toEqual([5.4]);
  });

  it('refuses a token without readings.read, a client-credentials token, and no token', async () => {
    const patient = await consenting(['profile.read']);
    const denied = await call(patient.token, 'GET', '/open/v1/readings', { query: { kind: 'glucose' } });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 40300, errMsg: '该应用没有此项权限' });
    expect(denied.headers.get('www-authenticate')).toContain('insufficient_scope');

    const machine = await integrator.token(null, ['readings.read']);
    const noPatient = await call(machine, 'GET', '/open/v1/readings', { query: { kind: 'glucose' } });
    expect(noPatient.status).toBe(403);
    expect(noPatient.body).toMatchObject({ code: 40300, errMsg: '该应用没有此项权限' });

    const anonymous = await call('', 'GET', '/open/v1/readings', { query: { kind: 'glucose' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(40100);
  });
});

describe('POST /open/v1/readings', () => {
  const reading = {
    kind: 'pressure',
    measuredAt: '2026-11-20T07:30:00+08:00',
    pressure: { systolic: 132, diastolic: 84, heartRate: 70 },
  };
  const stored = async (token: string) =>
    (await call(token, 'GET', '/open/v1/readings', { query: { kind: 'pressure' } })).body.data.items as {
      id: string;
    }[];

  it('records the reading as the patient’s own and announces it in the change feed', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const created = await call(patient.token, 'POST', '/open/v1/readings', { body: reading });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      kind: 'pressure',
      patientId: patient.cid,
      source: 'self',
      measuredAt: '2026-11-20T07:30:00.000+08:00',
      pressure: { systolic: 132, diastolic: 84, heartRate: 70 },
    });
    // The app's own list shows it.
    const listed = await patient.client.GET('/bloodPressureTest/v1/pageQueryList', {
      params: { query: { pageNo: 1, pageSize: 10 } },
    });
    expect(JSON.stringify(listed)).toContain('132');
    const feed = await call(patient.token, 'GET', '/open/v1/changes');
    expect(feed.status).toBe(200);
    const mine = (feed.body.data.changes as { resourceId: string; op: string }[]).filter(
      (c) => c.resourceId === created.body.data.id,
    );
    expect(mine.map((c) => c.op)).toEqual(['created']);
  });

  it('stores one reading per Idempotency-Key and answers a repeat with the first answer', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const key = randomUUID();
    const first = await call(patient.token, 'POST', '/open/v1/readings', {
      body: reading,
      headers: { 'Idempotency-Key': key },
    });
    // The same body with its keys in another order is the same request.
    const again = await call(patient.token, 'POST', '/open/v1/readings', {
      body: {
        pressure: { heartRate: 70, diastolic: 84, systolic: 132 },
        measuredAt: reading.measuredAt,
        kind: 'pressure',
      },
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    expect(await stored(patient.token)).toHaveLength(1);

    const other = await call(patient.token, 'POST', '/open/v1/readings', {
      body: { ...reading, pressure: { ...reading.pressure, systolic: 150 } },
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 42200, errMsg: 'Idempotency-Key 已用于其他请求' });
    expect(await stored(patient.token)).toHaveLength(1);

    // Without a key, each call is a new reading.
    await call(patient.token, 'POST', '/open/v1/readings', { body: reading });
    expect(await stored(patient.token)).toHaveLength(2);
  });

  it('stores one reading when the same key arrives five times at once', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(patient.token, 'POST', '/open/v1/readings', { body: reading, headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotency-replayed') === 'true')).toHaveLength(4);
    expect(await stored(patient.token)).toHaveLength(1);
  });

  it('keys are per client: another client may use the same key', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const otherClient = await newIntegrator(api, clock);
    const otherGrant = await otherClient.grant(patient.cid, ['readings.write']);
    const otherToken = await otherClient.token({ grantId: otherGrant, customerId: patient.cid }, ['readings.write']);
    const key = randomUUID();
    await call(patient.token, 'POST', '/open/v1/readings', { body: reading, headers: { 'Idempotency-Key': key } });
    const second = await call(otherToken, 'POST', '/open/v1/readings', {
      body: reading,
      headers: { 'Idempotency-Key': key },
    });
    expect(second.headers.get('idempotency-replayed')).toBeNull();
    expect(await stored(patient.token)).toHaveLength(2);
  });

  it('keys are per patient too: two patients of one client with the same key and body get their own readings', async () => {
    const first = await consenting(['readings.read', 'readings.write'], '甲');
    const second = await consenting(['readings.read', 'readings.write'], '乙');
    // A key derived from the content, as integrators often do: the same for both patients.
    const key = `pressure-${reading.measuredAt}-132-84`;
    const a = await call(first.token, 'POST', '/open/v1/readings', {
      body: reading,
      headers: { 'Idempotency-Key': key },
    });
    const b = await call(second.token, 'POST', '/open/v1/readings', {
      body: reading,
      headers: { 'Idempotency-Key': key },
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.patientId).toBe(first.cid);
    expect(b.body.data.patientId).toBe(second.cid);
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(b.headers.get('idempotency-replayed')).toBeNull();
    expect(await stored(first.token)).toHaveLength(1);
    expect(await stored(second.token)).toHaveLength(1);
    // Each patient's repeat still answers that patient's own first answer.
    const again = await call(second.token, 'POST', '/open/v1/readings', {
      body: reading,
      headers: { 'Idempotency-Key': key },
    });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.data).toEqual(b.body.data);
  });

  it('checks the reading by the forms’ rules and stores nothing when refused', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const cases: [unknown, string][] = [
      [{ kind: 'pressure', measuredAt: reading.measuredAt, glucose: { mmolL: 6 } }, '请只填写与测量类型相符的一项数值'],
      [{ ...reading, glucose: { mmolL: 6 } }, '请只填写与测量类型相符的一项数值'],
      [{ ...reading, measuredAt: '2026-11-20 07:30' }, '测量时间格式不正确'],
      [
        { ...reading, pressure: { systolic: 80, diastolic: 120, heartRate: 70 } },
        '收缩压(高压)应高于舒张压(低压)，请检查是否填反',
      ],
    ];
    for (const [body, errMsg] of cases) {
      const refused = await call(patient.token, 'POST', '/open/v1/readings', {
        body,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: 40000, errMsg });
    }
    const key = randomUUID();
    const bad = { ...reading, pressure: { systolic: 80, diastolic: 120, heartRate: 70 } };
    await call(patient.token, 'POST', '/open/v1/readings', { body: bad, headers: { 'Idempotency-Key': key } });
    // A refused write keeps no key: the corrected request with it is recorded.
    const fixed = await call(patient.token, 'POST', '/open/v1/readings', {
      body: reading,
      headers: { 'Idempotency-Key': key },
    });
    expect(fixed.status).toBe(200);
    expect(await stored(patient.token)).toHaveLength(1);
  });

  it('records each kind with its own value', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const at = '2026-11-20T06:00:00+08:00';
    const kinds = [
      { kind: 'glucose', measuredAt: at, glucose: { mmolL: 6.1, timeType: 1 } },
      { kind: 'ketone', measuredAt: at, ketone: { mmolL: 0.4 } },
      { kind: 'uricAcid', measuredAt: at, uricAcid: { umolL: 420 } },
      { kind: 'weight', measuredAt: at, weight: { kg: 65, heightCm: 165 } },
    ];
    const answers = await Promise.all(kinds.map((body) => call(patient.token, 'POST', '/open/v1/readings', { body })));
    expect(answers.map((a) => a.body.data)).toMatchObject([
      { kind: 'glucose', glucose: { mmolL: 6.1, timeType: 1 } },
      { kind: 'ketone', ketone: { mmolL: 0.4 } },
      { kind: 'uricAcid', uricAcid: { umolL: 420 } },
      { kind: 'weight', weight: { kg: 65, heightCm: 165, bmi: 23.88 } },
    ]);
  });
});

describe('GET /open/v1/profile and /open/v1/reports', () => {
  it('answers the patient’s profile without contact details', async () => {
    const patient = await consenting(['profile.read'], '张大爷');
    const profile = await call(patient.token, 'GET', '/open/v1/profile');
    expect(profile.body.data).toEqual({
      patientId: patient.cid,
      nickname: '张大爷',
      sex: 'unknown',
      birthYear: null,
      diabetesType: null,
      bloodPressureType: null,
    });
  });

  it('answers only the year of the birthday, as profile.read’s consent text promises (出生年份)', async () => {
    const patient = await consenting(['profile.read'], '刘奶奶');
    await nativeQuery(api.app.orm.em.fork(), `update customer set birthday = '1956-03-14' where id = $1`, [
      patient.cid,
    ]);
    const profile = await call(patient.token, 'GET', '/open/v1/profile');
    expect(profile.body.data.birthYear).toBe(1956);
    expect(JSON.stringify(profile.body)).not.toMatch(/03-14|0314|1956-03/);
  });

  it('answers a report’s figures, or how many readings it needs', async () => {
    const patient = await consenting(['reports.read', 'readings.write']);
    const empty = await call(patient.token, 'GET', '/open/v1/reports', {
      query: { type: 'glucose', month: '2026-10' },
    });
    expect(empty.body.data).toMatchObject({
      type: 'glucose',
      period: 'month',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      available: false,
      count: 0,
    });
    expect(empty.body.data.measurementsNeeded).toBeGreaterThan(0);
    const needed = (
      await call(patient.token, 'GET', '/open/v1/reports', { query: { type: 'glucose', weekStart: '2026-11-09' } })
    ).body.data.measurementsNeeded;
    for (let i = 0; i < needed; i += 1) {
      const day = String(9 + (i % 7)).padStart(2, '0');
      const hour = String(6 + Math.floor(i / 7)).padStart(2, '0');
      await patient.client.POST('/sugarTest/v1/add', {
        body: { sugar: 5 + (i % 4), createTime: `2026-11-${day} ${hour}:00` },
      });
    }
    const week = await call(patient.token, 'GET', '/open/v1/reports', {
      query: { type: 'glucose', weekStart: '2026-11-09' },
    });
    expect(week.body.data).toMatchObject({
      period: 'week',
      startDate: '2026-11-09',
      endDate: '2026-11-15',
      available: true,
      count: needed,
    });
    const levels = week.body.data.levels as Record<string, number>;
    expect(Object.values(levels).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(needed);
    expect(week.body.data.testAnalysis).not.toBe('');
    const both = await call(patient.token, 'GET', '/open/v1/reports', {
      query: { type: 'glucose', month: '2026-10', weekStart: '2026-11-09' },
    });
    expect(both.body).toMatchObject({ code: 40000, errMsg: '请选择月份或周（二选一）' });
    const current = await call(patient.token, 'GET', '/open/v1/reports', {
      query: { type: 'pressure', month: '2026-11' },
    });
    expect(current.body).toMatchObject({ code: 40000, errMsg: '报告尚未生成，敬请期待' });
  });
});

describe('POST /open/v1/devices', () => {
  it('provisions a meter maker’s meters once, answering each secret and bind code only when new', async () => {
    const token = await integrator.token(null, ['devices.provision']);
    const [a, b] = [nextImei(), nextImei()];
    const first = await call(token, 'POST', '/open/v1/devices', {
      body: {
        devices: [
          { imei: a, kind: 'glucose', model: 'GG-1' },
          { imei: b, kind: 'bp' },
        ],
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.devices.map((d) => [d.imei, d.status, typeof d.secret, typeof d.bindCode])).toEqual([
      [a, 'created', 'string', 'string'],
      [b, 'created', 'string', 'string'],
    ]);
    const again = await call(token, 'POST', '/open/v1/devices', { body: { devices: [{ imei: a, kind: 'glucose' }] } });
    expect(again.body.data.devices).toEqual([{ imei: a, status: 'exists' }]);

    // The bind code it answered binds the meter in the app.
    const patient = await registeredCustomer(api);
    const bound = await patient.client.POST('/device/v1/bind', {
      body: { deviceImei: a, bindCode: first.body.data.devices[0]?.bindCode ?? '' },
    });
    expect(bound.device.deviceImei).toBe(a);
  });

  it('refuses the whole list for one bad meter, and a token without devices.provision', async () => {
    const token = await integrator.token(null, ['devices.provision']);
    const good = nextImei();
    const badCheck = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    const refused = await call(token, 'POST', '/open/v1/devices', {
      body: {
        devices: [
          { imei: good, kind: 'glucose' },
          { imei: badCheck, kind: 'glucose' },
        ],
      },
    });
    expect(refused.body).toMatchObject({
      code: 40000,
      errMsg: '第2台设备：IMEI号校验不通过，请逐位核对设备标签上的号码',
    });
    const retry = await call(token, 'POST', '/open/v1/devices', {
      body: { devices: [{ imei: good, kind: 'glucose' }] },
    });
    expect(retry.body.data.devices[0]?.status).toBe('created');

    const reader = await integrator.token(null, ['readings.read']);
    expect(
      (await call(reader, 'POST', '/open/v1/devices', { body: { devices: [{ imei: nextImei(), kind: 'bp' }] } }))
        .status,
    ).toBe(403);
  });
});

describe('GET /open/v1/changes', () => {
  it('pages with the cursor and refuses a cursor it never gave out', async () => {
    const patient = await consenting(['readings.read']);
    const start = (await call(patient.token, 'GET', '/open/v1/changes', { query: { limit: 1000 } })).body.data;
    for (const minute of ['10', '11', '12']) {
      await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 6, createTime: `2026-11-20 07:${minute}` } });
    }
    let cursor = start.nextCursor;
    const seen: string[] = [];
    for (;;) {
      const page = await call(patient.token, 'GET', '/open/v1/changes', { query: { cursor, limit: 2 } });
      seen.push(...page.body.data.changes.map((c) => c.reading?.measuredAt ?? ''));
      cursor = page.body.data.nextCursor;
      if (!page.body.data.hasMore) {
        break;
      }
    }
    expect(seen.filter((t) => t.startsWith('2026-11-20T07:1'))).toEqual([
      '2026-11-20T07:10:00.000+08:00',
      '2026-11-20T07:11:00.000+08:00',
      '2026-11-20T07:12:00.000+08:00',
    ]);
    const bad = await call(patient.token, 'GET', '/open/v1/changes', { query: { cursor: 'not-a-cursor' } });
    expect(bad.body).toMatchObject({ code: 40000, errMsg: '游标无效' });
  });

  it('refuses a well-formed cursor naming a row id beyond bigint with 400, not 500', async () => {
    const patient = await consenting(['readings.read']);
    // base64url of 0:99999999999999999999 (the id column is a bigint).
    const beyond = await call(patient.token, 'GET', '/open/v1/changes', {
      query: { cursor: 'MDo5OTk5OTk5OTk5OTk5OTk5OTk5OQ' },
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ code: 40000, errMsg: '游标无效' });
  });
});

describe('Idempotency-Keys after 24 hours', () => {
  it('lets an expired key be used again, and the cleanup job’s work deletes expired keys', async () => {
    const patient = await consenting(['readings.read', 'readings.write']);
    const key = randomUUID();
    const body = { kind: 'ketone', measuredAt: '2026-11-20T06:30:00+08:00', ketone: { mmolL: 0.3 } };
    await call(patient.token, 'POST', '/open/v1/readings', { body, headers: { 'Idempotency-Key': key } });
    const live = async () =>
      (
        await nativeQuery<{ n: number }>(
          api.app.orm.em.fork(),
          'select count(*)::int as n from open_idempotency_key where key = $1',
          [key],
        )
      )[0]?.n;
    expect(await live()).toBe(1);

    clock.advance(24 * 3_600_000 + 1000);
    // The day-old key is free again: another body with it is a new reading, not a 42200.
    const token = await integrator.token({ grantId: patient.grantId, customerId: patient.cid }, ['readings.write']);
    const reused = await call(token, 'POST', '/open/v1/readings', {
      body: { ...body, ketone: { mmolL: 0.5 } },
      headers: { 'Idempotency-Key': key },
    });
    expect(reused.status).toBe(200);
    expect(reused.headers.get('idempotency-replayed')).toBeNull();

    clock.advance(24 * 3_600_000 + 1000);
    expect(await deleteExpiredIdempotencyKeys(api.app.orm.em.fork(), clock())).toBeGreaterThanOrEqual(1);
    expect(await live()).toBe(0);
  });
});
