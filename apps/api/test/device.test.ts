import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/lib/db';
import { LAST_SEEN_RESOLUTION_MS } from '../src/contexts/health';
import { bindDevice, provisionDevice, unbindDevice } from '../src/contexts/devices/meter/meter.service';
import { DEV_GATEWAY_TOKEN } from '../src/config';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const headers = { 'X-Gateway-Token': DEV_GATEWAY_TOKEN };
let imeiCounter = 0;
/** A fresh IMEI for each meter of this file. */
const nextImei = () =>
  `86100000${String(process.pid % 1000).padStart(3, '0')}${String(++imeiCounter).padStart(4, '0')}`;

async function provision(kind: 'glucose' | 'bp' = 'glucose') {
  const imei = nextImei();
  const { secret } = await provisionDevice(api.app.orm.em.fork(), { imei, kind, model: 'T-1' }, clock());
  return { imei, secret };
}

type Message = { imei: string; payload: string; messageId?: string };
const store = (messages: Message[]) => api.client().POST('/internal/v1/meterReadings', { body: { messages }, headers });
const glucose = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  kind: 'glucose',
  value: 6.3,
  unit: 'mmol/L',
  measuredAt: '2026-11-20T08:05:00+08:00',
  ...fields,
});
const bp = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  kind: 'bp',
  sbp: 128,
  dbp: 82,
  hr: 70,
  measuredAt: '2026-11-20T08:05:00+08:00',
  ...fields,
});
const message = (imei: string, payload: unknown): Message => ({ imei, payload: JSON.stringify(payload) });

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return sql(api.app.orm.em.fork()).execute<T[]>(query, params);
}

describe('internal meter endpoints', () => {
  it.each([
    [
      'meterAuth',
      (h: Record<string, string>) =>
        api.client().POST('/internal/v1/meterAuth', { body: { imei: '1', secret: 's', clientId: '1' }, headers: h }),
    ],
    [
      'meterReadings',
      (h: Record<string, string>) =>
        api.client().POST('/internal/v1/meterReadings', {
          body: { messages: [{ imei: '861000000000001', payload: '{}' }] },
          headers: h,
        }),
    ],
    [
      'meterReadings with a bad body',
      (h: Record<string, string>) =>
        api.client().POST('/internal/v1/meterReadings', { body: { nope: 1 } as never, headers: h }),
    ],
  ])('%s requires the gateway token', async (_name, call) => {
    expect(await failure(call({}))).toMatchObject({ code: 40100, status: 401, errMsg: '网关令牌无效' });
    expect(await failure(call({ 'X-Gateway-Token': `${DEV_GATEWAY_TOKEN}x` }))).toMatchObject({
      code: 40100,
      status: 401,
    });
    expect(await failure(call({ 'X-Gateway-Token': '' }))).toMatchObject({ code: 40100, status: 401 });
  });

  it('does not take a session token instead of the gateway token', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.POST('/internal/v1/meterAuth', { body: { imei: '1', secret: 's', clientId: '1' } })),
    ).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ messages: [] }],
    [{ messages: [{ imei: '86100000000000', payload: '{}' }] }],
    [{ messages: [{ imei: '861000000000001' }] }],
    [{ messages: [{ imei: '861000000000001', payload: '{}', extra: 1 }] }],
    [{ messages: [{ imei: '861000000000001', payload: 'x'.repeat(262_145) }] }],
  ])('refuses the malformed batch %#', async (body) => {
    expect(
      await failure(api.client().POST('/internal/v1/meterReadings', { body: body as never, headers })),
    ).toMatchObject({ code: 40000, status: 400 });
  });
});

describe('POST /internal/v1/meterAuth', () => {
  it('accepts a meter with its own secret and its IMEI as client id, and marks it seen', async () => {
    const { imei, secret } = await provision('bp');
    expect(
      await api.client().POST('/internal/v1/meterAuth', { body: { imei, secret, clientId: imei }, headers }),
    ).toEqual({ ok: true, kind: 'bp' });
    const [device] = await rows<{ last_seen_at: Date | string }>('select last_seen_at from device where imei = ?', [
      imei,
    ]);
    expect(new Date(device!.last_seen_at).toISOString()).toBe(clock().toISOString());
  });

  it.each([
    [
      'a wrong secret',
      (m: { imei: string; secret: string }) => ({ imei: m.imei, secret: `${m.secret}x`, clientId: m.imei }),
    ],
    [
      'an unknown IMEI',
      (m: { imei: string; secret: string }) => ({
        imei: '869999999999999',
        secret: m.secret,
        clientId: '869999999999999',
      }),
    ],
    [
      'a client id other than the IMEI',
      (m: { imei: string; secret: string }) => ({ imei: m.imei, secret: m.secret, clientId: 'meter-1' }),
    ],
    [
      'an IMEI that is not 15 digits',
      (m: { imei: string; secret: string }) => ({ imei: `${m.imei}0`, secret: m.secret, clientId: `${m.imei}0` }),
    ],
  ])('refuses %s', async (_name, credentials) => {
    const meter = await provision();
    expect(await api.client().POST('/internal/v1/meterAuth', { body: credentials(meter), headers })).toEqual({
      ok: false,
      kind: null,
    });
  });

  it('keeps only a hash of the secret', async () => {
    const { imei, secret } = await provision();
    const [device] = await rows<{ secret_hash: string }>('select secret_hash from device where imei = ?', [imei]);
    // Mosquitto's password-file format, PBKDF2-SHA512 (docs/device-protocol.md §9).
    expect(device!.secret_hash).toMatch(/^\$7\$100000\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(device!.secret_hash).not.toContain(secret);
  });
});

/** A request as EMQX's HTTP authenticator / authorizer sends it: plain JSON from its body template, the token header. */
async function emqx(path: 'authn' | 'authz', body: Record<string, string>, token: string | null = DEV_GATEWAY_TOKEN) {
  const response = await fetch(`${api.baseUrl}/internal/v1/emqx/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token !== null && { 'x-gateway-token': token }) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('POST /internal/v1/emqx/authn (EMQX HTTP authenticator)', () => {
  it('allows a meter with its own secret and its IMEI as client id, in EMQX’s shape, and marks it seen', async () => {
    const { imei, secret } = await provision();
    const answer = await emqx('authn', { username: imei, password: secret, clientid: imei });
    expect(answer).toEqual({
      status: 200,
      type: expect.stringMatching(/^application\/json/) as string,
      body: { result: 'allow', is_superuser: false },
    });
    const [device] = await rows<{ last_seen_at: Date | string | null }>(
      'select last_seen_at from device where imei = ?',
      [imei],
    );
    expect(device!.last_seen_at).not.toBeNull();
  });

  it.each([
    [
      'a wrong secret',
      (m: { imei: string; secret: string }) => ({ username: m.imei, password: `${m.secret}x`, clientid: m.imei }),
    ],
    [
      'an unknown IMEI',
      (m: { imei: string; secret: string }) => ({
        username: '869999999999998',
        password: m.secret,
        clientid: '869999999999998',
      }),
    ],
    [
      'a client id other than the IMEI',
      (m: { imei: string; secret: string }) => ({ username: m.imei, password: m.secret, clientid: 'meter-1' }),
    ],
  ])('denies %s', async (_name, credentials) => {
    const meter = await provision();
    expect((await emqx('authn', credentials(meter))).body).toEqual({ result: 'deny', is_superuser: false });
  });

  it('leaves a username that is not an IMEI (an ingestion worker) to the next authenticator', async () => {
    expect((await emqx('authn', { username: 'ingest', password: 'whatever', clientid: 'ingest-a-1' })).body).toEqual({
      result: 'ignore',
      is_superuser: false,
    });
  });

  it('answers a missing token or a malformed body with a non-200 envelope, which EMQX treats as ignore', async () => {
    const { imei, secret } = await provision();
    expect(await emqx('authn', { username: imei, password: secret, clientid: imei }, null)).toMatchObject({
      status: 401,
      body: { code: 40100, errMsg: '网关令牌无效' },
    });
    expect(await emqx('authn', { username: imei, password: secret })).toMatchObject({
      status: 400,
      body: { code: 40000 },
    });
  });
});

describe('POST /internal/v1/emqx/authz (EMQX HTTP authorizer)', () => {
  const imei = '861000000009991';
  it.each([
    ['publish', `meters/${imei}/readings`, 'allow'],
    ['subscribe', `meters/${imei}/acks`, 'allow'],
    ['publish', `meters/${imei}/acks`, 'deny'],
    ['subscribe', `meters/${imei}/readings`, 'deny'],
    ['publish', 'meters/861000000009992/readings', 'deny'],
    ['subscribe', 'meters/861000000009992/acks', 'deny'],
    ['subscribe', 'meters/+/acks', 'deny'],
    ['subscribe', '#', 'deny'],
    ['subscribe', '$SYS/#', 'deny'],
    ['all', `meters/${imei}/readings`, 'deny'],
  ])('answers a meter’s %s to %s with %s', async (action, topic, result) => {
    expect(await emqx('authz', { username: imei, clientid: imei, topic, action })).toMatchObject({
      status: 200,
      body: { result },
    });
  });

  it('denies a meter whose client id is not its IMEI, and leaves other users to the next authorizer', async () => {
    expect(
      (await emqx('authz', { username: imei, clientid: 'other', topic: `meters/${imei}/readings`, action: 'publish' }))
        .body,
    ).toEqual({ result: 'deny' });
    expect(
      (
        await emqx('authz', {
          username: 'ingest',
          clientid: 'ingest-a-1',
          topic: '$share/ingest/meters/+/readings',
          action: 'subscribe',
        })
      ).body,
    ).toEqual({ result: 'ignore' });
  });

  it('requires the gateway token and an action EMQX sends', async () => {
    expect(
      await emqx(
        'authz',
        { username: imei, clientid: imei, topic: `meters/${imei}/readings`, action: 'publish' },
        'wrong',
      ),
    ).toMatchObject({ status: 401 });
    expect(
      await emqx('authz', { username: imei, clientid: imei, topic: `meters/${imei}/readings`, action: 'write' }),
    ).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});

describe('POST /internal/v1/meterReadings', () => {
  it('stores a reading of an unbound meter once and answers a resend as a duplicate', async () => {
    const { imei } = await provision();
    expect(await store([message(imei, glucose('r1'))])).toEqual({
      results: [{ acks: [{ ids: ['r1'], status: 'stored' }] }],
    });
    expect(await store([message(imei, glucose('r1'))])).toEqual({
      results: [{ acks: [{ ids: ['r1'], status: 'duplicate' }] }],
    });
    const stored = await rows<{
      reading_id: string;
      sugar: string;
      customer_id: string | null;
      record_id: string | null;
    }>('select reading_id, sugar, customer_id, record_id from meter_reading where imei = ?', [imei]);
    expect(stored).toEqual([
      { reading_id: 'r1', sugar: expect.stringMatching(/^6\.3/) as string, customer_id: null, record_id: null },
    ]);
  });

  it('answers each message of a batch in order, with stored, duplicate and rejected readings apart', async () => {
    const a = await provision();
    const b = await provision('bp');
    const result = await store([
      message(a.imei, [glucose('1'), glucose('2', { value: 'x' }), glucose('1')]),
      { imei: b.imei, payload: 'not json' },
      message(b.imei, [bp('p1'), glucose('g1')]),
      message(a.imei, glucose('2')),
      message('869999999999999', glucose('z')),
      // Repeats of refused readings in the same batch are refused again, never called duplicates.
      message(b.imei, glucose('g1')),
      message('869999999999999', glucose('z')),
    ]);
    expect(result.results).toEqual([
      {
        acks: [
          { ids: ['1'], status: 'stored' },
          { ids: ['1'], status: 'duplicate' },
          { ids: ['2'], status: 'rejected', reason: 'value: must be a number' },
        ],
      },
      { acks: [{ ids: [], status: 'rejected', reason: 'payload: not valid JSON' }] },
      {
        acks: [
          { ids: ['p1'], status: 'stored' },
          { ids: ['g1'], status: 'rejected', reason: 'kind: this meter is provisioned for bp readings' },
        ],
      },
      { acks: [{ ids: ['2'], status: 'stored' }] },
      { acks: [{ ids: ['z'], status: 'rejected', reason: 'unknown meter' }] },
      { acks: [{ ids: ['g1'], status: 'rejected', reason: 'kind: this meter is provisioned for bp readings' }] },
      { acks: [{ ids: ['z'], status: 'rejected', reason: 'unknown meter' }] },
    ]);
  });

  it.each([
    [
      'a payload over 64 KiB',
      JSON.stringify({ ...glucose('big'), pad: 'x'.repeat(70_000) }),
      'payload: larger than 65536 bytes',
    ],
    [
      '101 readings',
      JSON.stringify(Array.from({ length: 101 }, (_, i) => glucose(`n${i}`))),
      'payload: more than 100 readings in one message',
    ],
    [
      'a reading 11 minutes ahead',
      JSON.stringify(glucose('f', { measuredAt: '2026-11-20T10:11:00+08:00' })),
      "measuredAt: more than 10 minutes ahead of the server's clock",
    ],
    ['an unknown kind', JSON.stringify(glucose('k', { kind: 'ketone' })), 'kind: must be "glucose" or "bp"'],
    ['a value of the wrong type', JSON.stringify(glucose('t', { value: '6.3' })), 'value: must be a number'],
  ])('rejects %s with a reason and stores nothing', async (_name, payload, reason) => {
    const { imei } = await provision();
    const [result] = (await store([{ imei, payload }])).results;
    expect(result!.acks).toEqual([expect.objectContaining({ status: 'rejected', reason })]);
    expect(await rows('select 1 from meter_reading where imei = ?', [imei])).toEqual([]);
  });

  it('rejects a pressure reading with systolic not above diastolic, as a typed one is, and stores nothing', async () => {
    const { imei } = await provision('bp');
    const { results } = await store([
      { imei, payload: JSON.stringify([bp('swapped', { sbp: 80, dbp: 120 }), bp('ok')]) },
    ]);
    expect(results[0]!.acks).toHaveLength(2);
    expect(results[0]!.acks).toEqual(
      expect.arrayContaining([
        { ids: ['swapped'], status: 'rejected', reason: 'sbp: must be above dbp' },
        { ids: ['ok'], status: 'stored' },
      ]),
    );
    expect(await rows('select reading_id from meter_reading where imei = ?', [imei])).toEqual([{ reading_id: 'ok' }]);
  });

  it('stores reading ids holding what a PostgreSQL array literal quotes or reads as null, as sent', async () => {
    const { imei } = await provision();
    const ids = ['a"b', 'back\\slash', 'c,d', '{e}', 'NULL', 'null', "'q'"];
    expect(
      await store([
        message(
          imei,
          ids.map((id) => glucose(id)),
        ),
      ]),
    ).toEqual({ results: [{ acks: [{ ids, status: 'stored' }] }] });
    expect(
      await store([
        message(
          imei,
          ids.map((id) => glucose(id)),
        ),
      ]),
    ).toEqual({ results: [{ acks: [{ ids, status: 'duplicate' }] }] });
    const stored = await rows<{ reading_id: string }>(
      'select reading_id from meter_reading where imei = ? order by reading_id',
      [imei],
    );
    expect(stored.map((r) => r.reading_id).sort()).toEqual([...ids].sort());
  });

  it('stores exactly one row when two batches race with the same reading', async () => {
    const { imei } = await provision();
    const results = await Promise.all(Array.from({ length: 4 }, () => store([message(imei, glucose('same'))])));
    const statuses = results.map((r) => r.results[0]!.acks[0]!.status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'duplicate', 'stored']);
    expect(await rows('select 1 from meter_reading where imei = ?', [imei])).toHaveLength(1);
  });

  it('answers concurrent batches of the same meters, listed in opposite orders and holding the same readings, storing each reading once', async () => {
    const meters = await Promise.all(Array.from({ length: 40 }, () => provision()));
    // Every other batch lists them backwards; the statement locks and inserts in key order whatever the batch's order.
    const shuffled = <T>(items: T[], b: number) => (b % 2 === 0 ? items : [...items].reverse());
    // Every batch carries every meter's three readings (a new battery level each, so each batch wants to
    // rewrite every meter's row), the meters in a different order each time.
    const batches = Array.from({ length: 8 }, (_, b) =>
      shuffled(
        meters.flatMap(({ imei }) => ['c1', 'c2', 'c3'].map((id) => message(imei, glucose(id, { battery: 90 - b })))),
        b,
      ),
    );
    const results = await Promise.all(batches.map((batch) => store(batch)));
    const stored = results.flatMap((r) =>
      r.results.flatMap((m) => m.acks.filter((a) => a.status === 'stored').flatMap((a) => a.ids)),
    );
    // Each of the 120 readings is stored by exactly one batch, every other batch answers it as a duplicate.
    expect(stored).toHaveLength(120);
    const counts = await rows<{ n: number }>(
      `select count(*)::int as n from meter_reading where imei in (${meters.map(() => '?').join(', ')})`,
      meters.map((m) => m.imei),
    );
    expect(counts).toEqual([{ n: 120 }]);
  });

  it('records the battery and signal the meter last reported', async () => {
    const { imei } = await provision();
    await store([message(imei, [glucose('h1', { battery: 80, signal: -95 }), glucose('h2', { battery: 79 })])]);
    await store([message(imei, glucose('h3'))]);
    const [device] = await rows<{ battery: number; signal: number; last_seen_at: Date | string }>(
      'select battery, signal, last_seen_at from device where imei = ?',
      [imei],
    );
    expect(device).toMatchObject({ battery: 79, signal: -95 });
    expect(new Date(device!.last_seen_at).getTime()).toBe(clock().getTime());
  });

  it(`rewrites the meter's last-seen time once it is ${LAST_SEEN_RESOLUTION_MS / 1000} s old, or at once when the battery or signal changed`, async () => {
    const { imei } = await provision();
    const seen = async () => {
      const [device] = await rows<{ battery: number | null; last_seen_at: Date | string }>(
        'select battery, last_seen_at from device where imei = ?',
        [imei],
      );
      return { battery: device!.battery, at: new Date(device!.last_seen_at).getTime() };
    };
    await store([message(imei, glucose('s1', { battery: 50 }))]);
    const first = clock().getTime();
    expect(await seen()).toEqual({ battery: 50, at: first });
    clock.advance(10_000);
    await store([message(imei, glucose('s2', { battery: 50 }))]);
    expect(await seen()).toEqual({ battery: 50, at: first });
    clock.advance(10_000);
    await store([message(imei, glucose('s3', { battery: 49 }))]);
    expect(await seen()).toEqual({ battery: 49, at: first + 20_000 });
    clock.advance(LAST_SEEN_RESOLUTION_MS + 1000);
    await store([message(imei, glucose('s4'))]);
    expect(await seen()).toEqual({ battery: 49, at: clock().getTime() });
    // The other tests of this file count days from the clock's start.
    clock.advance(first - clock().getTime());
  });
});

describe('readings of a bound meter', () => {
  it('become read-only sugar readings of the binder, in the slot of their time when the meter gives none', async () => {
    const { imei } = await provision();
    const { client, cid } = await registeredCustomer(api);
    expect(await bindDevice(api.app.orm.em.fork(), cid, imei, clock())).toMatchObject({ ok: true, attached: 0 });
    await store([
      message(imei, [
        glucose('a', { measuredAt: '2026-11-20T07:30:00+08:00' }),
        glucose('b', { value: 9.8, measuredAt: '2026-11-20T09:30:00+08:00', timeType: 1 }),
      ]),
    ]);
    const day = await client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-20' } } });
    expect(
      day.map((r) => ({ sugar: r.sugar, timeType: r.timeType, deviceImei: r.deviceImei, createTime: r.createTime })),
    ).toEqual([
      { sugar: 9.8, timeType: 1, deviceImei: imei, createTime: '2026-11-20 09:30:00' },
      { sugar: 6.3, timeType: 1, deviceImei: imei, createTime: '2026-11-20 07:30:00' },
    ]);
    expect(
      await failure(
        client.POST('/sugarTest/v1/edit', {
          body: { testId: day[0]!.testId, sugar: 5, createTime: '2026-11-20 09:30:00' },
        }),
      ),
    ).toMatchObject({ code: 40300 });
    const linked = await rows<{ reading_id: string; record_id: string; customer_id: string }>(
      'select reading_id, record_id::text as record_id, customer_id from meter_reading where imei = ? order by reading_id',
      [imei],
    );
    expect(linked).toEqual([
      { reading_id: 'a', record_id: day[1]!.testId, customer_id: cid },
      { reading_id: 'b', record_id: day[0]!.testId, customer_id: cid },
    ]);
  });

  it('makes one record each for a glucose and a pressure meter in one batch when both kinds draw the same record id', async () => {
    const [sugarMeter, bpMeter] = [await provision('glucose'), await provision('bp')];
    const [alice, bob] = [await registeredCustomer(api), await registeredCustomer(api)];
    await bindDevice(api.app.orm.em.fork(), alice.cid, sugarMeter.imei, clock());
    await bindDevice(api.app.orm.em.fork(), bob.cid, bpMeter.imei, clock());
    const records = async () =>
      rows<{ kind: string; customer_id: string; n: number }>(
        `select 'sugar' as kind, customer_id, count(*)::int as n from sugar_test where customer_id in (?, ?) group by customer_id
         union all select 'bp', customer_id, count(*)::int from blood_pressure_test where customer_id in (?, ?) group by customer_id order by 1`,
        [alice.cid, bob.cid, alice.cid, bob.cid],
      );
    // Each kind draws its record ids from its own sequence; set both to the same place.
    const align = async () => {
      const [{ top }] = (await rows<{ top: string }>(
        'select greatest((select last_value from sugar_test_id_seq), (select last_value from blood_pressure_test_id_seq)) + 1000 as top',
      )) as [{ top: string }];
      await rows('select setval(?, ?), setval(?, ?)', ['sugar_test_id_seq', top, 'blood_pressure_test_id_seq', top]);
    };
    await align();
    const [first] = (await store([message(sugarMeter.imei, glucose('same-1')), message(bpMeter.imei, bp('same-1'))]))
      .results;
    expect(first!.acks).toEqual([{ ids: ['same-1'], status: 'stored' }]);
    expect(await records()).toEqual([
      { kind: 'bp', customer_id: bob.cid, n: 1 },
      { kind: 'sugar', customer_id: alice.cid, n: 1 },
    ]);
    // A resent glucose reading draws an id too; a new pressure reading of the same batch drawing the same number makes no second sugar record.
    await align();
    const answered = await store([message(sugarMeter.imei, glucose('same-1')), message(bpMeter.imei, bp('same-2'))]);
    expect(answered.results.map((r) => r.acks)).toEqual([
      [{ ids: ['same-1'], status: 'duplicate' }],
      [{ ids: ['same-2'], status: 'stored' }],
    ]);
    expect(await records()).toEqual([
      { kind: 'bp', customer_id: bob.cid, n: 2 },
      { kind: 'sugar', customer_id: alice.cid, n: 1 },
    ]);
  });

  it('keeps a meter LO/HI value as measured and flags it, a resend adding no second record', async () => {
    const { imei } = await provision();
    const { client, cid } = await registeredCustomer(api);
    await bindDevice(api.app.orm.em.fork(), cid, imei, clock());
    await store([
      message(imei, [
        glucose('hi', { value: 35.2 }),
        glucose('lo', { value: 0.2, measuredAt: '2026-11-20T08:06:00+08:00' }),
      ]),
    ]);
    await store([message(imei, [glucose('hi', { value: 35.2 })])]);
    const day = await client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-20' } } });
    expect(day.map((r) => [r.sugar, r.level])).toEqual([
      [0.2, 'seriousLow'],
      [35.2, 'seriousHigh'],
    ]);
    expect(
      await rows('select reading_id, out_of_range from meter_reading where imei = ? order by reading_id', [imei]),
    ).toEqual([
      { reading_id: 'hi', out_of_range: 'high' },
      { reading_id: 'lo', out_of_range: 'low' },
    ]);
  });

  it('become blood-pressure readings of the binder for a pressure meter', async () => {
    const { imei } = await provision('bp');
    const { client, cid } = await registeredCustomer(api);
    await bindDevice(api.app.orm.em.fork(), cid, imei, clock());
    await store([message(imei, bp('p', { sbp: 141, dbp: 91, hr: 77 }))]);
    const page = await client.GET('/bloodPressureTest/v1/pageQueryList');
    expect(JSON.stringify(page)).toContain(`"deviceImei":"${imei}"`);
    expect(
      await rows('select sbp, dbp, hr, device_imei from blood_pressure_test where customer_id = ?', [cid]),
    ).toEqual([{ sbp: 141, dbp: 91, hr: 77, device_imei: imei }]);
  });

  it("are nobody else's: another customer sees none of them", async () => {
    const { imei } = await provision();
    const owner = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    await bindDevice(api.app.orm.em.fork(), owner.cid, imei, clock());
    await store([message(imei, glucose('mine'))]);
    expect(
      await other.client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-20' } } }),
    ).toEqual([]);
  });
});

describe('binding a meter that sent readings while unbound', () => {
  it('attaches the readings of the last 30 days to the binder and leaves older ones', async () => {
    const { imei } = await provision();
    await store([
      message(imei, [
        glucose('recent', { measuredAt: '2026-11-19T07:00:00+08:00' }),
        glucose('edge', { measuredAt: '2026-10-21T10:00:00+08:00' }),
        glucose('old', { measuredAt: '2026-10-21T09:59:00+08:00' }),
      ]),
    ]);
    const { client, cid } = await registeredCustomer(api);
    expect(await bindDevice(api.app.orm.em.fork(), cid, imei, clock())).toMatchObject({ ok: true, attached: 2 });
    expect(
      (await client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-19' } } })).map((r) => [
        r.sugar,
        r.timeType,
        r.deviceImei,
      ]),
    ).toEqual([[6.3, 1, imei]]);
    expect(await rows('select reading_id from meter_reading where imei = ? and record_id is null', [imei])).toEqual([
      { reading_id: 'old' },
    ]);
  });

  it("gives a new binder only the readings that arrived after the last unbind, never the previous owner's", async () => {
    const { imei } = await provision();
    const first = await registeredCustomer(api);
    await bindDevice(api.app.orm.em.fork(), first.cid, imei, clock());
    await store([message(imei, glucose('while-bound'))]);
    expect(await unbindDevice(api.app.orm.em.fork(), first.cid, imei, clock())).toBe(true);
    // A reading the first owner took just before handing the meter over, delivered at the unbind.
    await store([message(imei, glucose('at-unbind', { measuredAt: '2026-11-20T09:00:00+08:00' }))]);
    clock.advance(60_000);
    await store([message(imei, glucose('after', { measuredAt: '2026-11-20T10:00:00+08:00' }))]);
    const second = await registeredCustomer(api);
    expect(await bindDevice(api.app.orm.em.fork(), second.cid, imei, clock())).toMatchObject({ ok: true, attached: 1 });
    const owners = await rows<{ reading_id: string; customer_id: string | null }>(
      'select reading_id, customer_id from meter_reading where imei = ? order by reading_id',
      [imei],
    );
    expect(owners).toEqual([
      { reading_id: 'after', customer_id: second.cid },
      { reading_id: 'at-unbind', customer_id: null },
      { reading_id: 'while-bound', customer_id: first.cid },
    ]);
    expect(
      await first.client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-20' } } }),
    ).toHaveLength(1);
  });

  it('reports the three bind failures', async () => {
    const { imei } = await provision();
    const owner = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const em = () => api.app.orm.em.fork();
    expect(await bindDevice(em(), owner.cid, '869999999999999', clock())).toEqual({
      ok: false,
      cause: 'unknownDevice',
    });
    expect(await bindDevice(em(), owner.cid, 'CODE_128,1', clock())).toEqual({ ok: false, cause: 'unknownDevice' });
    await bindDevice(em(), owner.cid, imei, clock());
    expect(await bindDevice(em(), owner.cid, imei, clock())).toEqual({ ok: false, cause: 'boundBySelf' });
    expect(await bindDevice(em(), other.cid, imei, clock())).toEqual({ ok: false, cause: 'boundByOther' });
    expect(await unbindDevice(em(), other.cid, imei, clock())).toBe(false);
  });
});

describe('provisioning', () => {
  it('refuses a second device with the same IMEI, a malformed IMEI and an unknown kind', async () => {
    const { imei } = await provision();
    const em = () => api.app.orm.em.fork();
    await expect(provisionDevice(em(), { imei, kind: 'glucose' }, clock())).rejects.toThrow(
      `A device with IMEI ${imei} is already provisioned`,
    );
    await expect(provisionDevice(em(), { imei: '86', kind: 'glucose' }, clock())).rejects.toThrow(
      '--imei must be 15 digits, got "86".',
    );
    await expect(provisionDevice(em(), { imei: nextImei(), kind: 'ketone' }, clock())).rejects.toThrow(
      '--kind must be one of glucose, bp, got "ketone".',
    );
  });

  it('seeds the two demo meters with their published secrets', async () => {
    const demo = await rows<{ imei: string; kind: string }>(
      "select imei, kind from device where imei in ('868888000000017', '868888000000025') order by imei",
    );
    expect(demo).toEqual([
      { imei: '868888000000017', kind: 'glucose' },
      { imei: '868888000000025', kind: 'bp' },
    ]);
    expect(
      await api.client().POST('/internal/v1/meterAuth', {
        body: { imei: '868888000000017', secret: 'demo-glucose-meter-0000000000001', clientId: '868888000000017' },
        headers,
      }),
    ).toEqual({
      ok: true,
      kind: 'glucose',
    });
  });
});
