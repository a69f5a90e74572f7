import { DAILY_TASK_CAPS, formatBindCode } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_GATEWAY_TOKEN } from '../src/config';
import { sql } from '../src/lib/db';
import { issueBindCode, issueMissingBindCodes, provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { demoMeters, seedDemoMeters } from '../src/seed/demoMeters';
import { acceptedFollow } from './follow-fixtures';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
/** What a refusal tells the caller (the request id differs per call). */
const told = ({ code, errMsg, status }: { code: number; errMsg: string; status?: number }) => ({
  code,
  errMsg,
  status,
});
let imeiCounter = 0;
/** A fresh IMEI for each meter of this file (a prefix of its own, apart from device.test.ts). */
const nextImei = () =>
  `86200000${String(process.pid % 1000).padStart(3, '0')}${String(++imeiCounter).padStart(4, '0')}`;

/** Bind codes of the meters this file provisioned, by IMEI (the label the patient holds). */
const codes = new Map<string, string>();

async function provision(kind: 'glucose' | 'bp' = 'glucose') {
  const imei = nextImei();
  const { bindCode } = await provisionDevice(api.app.orm.em.fork(), { imei, kind, model: 'GG-1' }, clock());
  codes.set(imei, bindCode);
  return imei;
}

const headers = { 'X-Gateway-Token': DEV_GATEWAY_TOKEN };
const send = (imei: string, payload: unknown) =>
  api
    .client()
    .POST('/internal/v1/meterReadings', { body: { messages: [{ imei, payload: JSON.stringify(payload) }] }, headers });
const glucose = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  kind: 'glucose',
  value: 6.3,
  unit: 'mmol/L',
  measuredAt: '2026-11-20T08:05:00+08:00',
  ...fields,
});
/** Binds with the meter's own bind code, or the one given. */
const bind = (client: Client, deviceImei: string, bindCode = codes.get(deviceImei.trim()) ?? '') =>
  client.POST('/device/v1/bind', { body: { deviceImei, bindCode } });
const list = (client: Client) => client.GET('/device/v1/queryDeviceList');

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return sql(api.app.orm.em.fork()).execute<T[]>(query, params);
}

describe('device calls', () => {
  it.each([
    ['queryDeviceKindList', (c: Client) => c.GET('/device/v1/queryDeviceKindList')],
    ['queryDeviceList', (c: Client) => c.GET('/device/v1/queryDeviceList')],
    [
      'bind',
      (c: Client) => c.POST('/device/v1/bind', { body: { deviceImei: '868888000000017', bindCode: 'RA9MT3FX' } }),
    ],
    ['edit', (c: Client) => c.POST('/device/v1/edit', { body: { deviceImei: '868888000000017', deviceName: '客厅' } })],
    ['unbind', (c: Client) => c.POST('/device/v1/unbind', { body: { id: '1' } })],
  ])('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });
});

describe('bad input', () => {
  it.each([
    [{ deviceImei: '86888800000001', bindCode: 'RA9MT3FX' }, 40000, 'IMEI号应为15位数字，您输入了14位'],
    [{ deviceImei: 'imei=868888000000017', bindCode: 'RA9MT3FX' }, 40000, 'IMEI号只含数字，请核对设备标签'],
    [{ deviceImei: '', bindCode: 'RA9MT3FX' }, 40000, '请输入设备IMEI号'],
    [{ deviceImei: '868888000000017' }, 40000, '请输入绑定码'],
    [{ deviceImei: '868888000000017', bindCode: '  ' }, 40000, '请输入绑定码'],
    // Eight symbols whose check symbol does not match, one too few, and a symbol outside the alphabet.
    [{ deviceImei: '868888000000017', bindCode: 'RA9MT3FY' }, 40000, '绑定码有误，请核对设备标签上的8位绑定码'],
    [{ deviceImei: '868888000000017', bindCode: 'RA9MT3F' }, 40000, '绑定码有误，请核对设备标签上的8位绑定码'],
    [{ deviceImei: '868888000000017', bindCode: 'RA9MT3FU' }, 40000, '绑定码有误，请核对设备标签上的8位绑定码'],
    [{ deviceImei: '868888000000017', bindCode: 'RA9MT3FX', cid: 'x' }, 40000, '请求体包含不支持的字段：cid'],
    [{}, 40000, undefined],
  ])('bind refuses %j', async (body, code, errMsg) => {
    const { client } = await registeredCustomer(api);
    const answer = await failure(client.POST('/device/v1/bind', { body: body as never }));
    expect(answer.code).toBe(code);
    if (errMsg) {
      expect(answer.errMsg).toBe(errMsg);
    }
  });

  it.each([
    ['一二三四五六七八九十一', '设备名不能超过10个字符'],
    ['   ', '请输入设备名'],
    ['血糖😀', '请不要输入表情'],
  ])('edit refuses the name %j', async (deviceName, errMsg) => {
    const { client } = await registeredCustomer(api);
    const imei = await provision();
    await bind(client, imei);
    expect(await failure(client.POST('/device/v1/edit', { body: { deviceImei: imei, deviceName } }))).toMatchObject({
      code: 40000,
      errMsg,
    });
    expect((await list(client)).disabeDeviceList[0]!.deviceName).toBe('');
  });

  it.each([['abc'], [''], ['99999999999999999999']])('unbind answers an id %j like a missing device', async (id) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST('/device/v1/unbind', { body: { id } }))).toMatchObject({
      code: 40400,
      errMsg: '设备不存在',
    });
  });
});

describe("another user's device", () => {
  it('cannot be renamed, unbound, rebound or seen, and answers exactly like a missing one', async () => {
    const owner = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const imei = await provision();
    const { device } = await bind(owner.client, imei);

    const renameOther = await failure(
      other.client.POST('/device/v1/edit', { body: { deviceImei: imei, deviceName: '我的' } }),
    );
    const renameMissing = await failure(
      other.client.POST('/device/v1/edit', { body: { deviceImei: '869999999999999', deviceName: '我的' } }),
    );
    expect(told(renameOther)).toEqual(told(renameMissing));
    expect(renameOther).toMatchObject({ code: 40400, errMsg: '设备不存在' });

    const unbindOther = await failure(other.client.POST('/device/v1/unbind', { body: { id: device.id } }));
    const unbindMissing = await failure(other.client.POST('/device/v1/unbind', { body: { id: '999999999' } }));
    expect(told(unbindOther)).toEqual(told(unbindMissing));

    expect(await failure(bind(other.client, imei))).toMatchObject({ code: 40401, errMsg: NOT_BINDABLE, status: 404 });
    expect(await list(other.client)).toEqual({
      existsFlag: false,
      disabeDeviceList: [],
      hypertensionDeviceList: [],
      otherDeviceList: [],
    });
    const [row] = await rows<{ customer_id: string; name: string | null }>(
      'select customer_id, name from device where imei = ?',
      [imei],
    );
    expect(row).toEqual({ customer_id: owner.cid, name: null });
  });
});

/** The one answer for every meter the caller cannot bind. */
const NOT_BINDABLE = 'IMEI号或绑定码不正确，或该设备已被他人绑定';
/** A well-formed code that is no meter's of this file (its check symbol is right). */
const OTHER_CODE = 'RA9MT3FX';

describe('binding, renaming and unbinding', () => {
  it('lists the kinds a patient can bind', async () => {
    const { client } = await registeredCustomer(api);
    expect(await client.GET('/device/v1/queryDeviceKindList')).toEqual([
      { deviceKind: 0, kindName: '血糖仪' },
      { deviceKind: 1, kindName: '血压计' },
      { deviceKind: 2, kindName: '其他设备' },
    ]);
  });

  it("names only the caller's own meter as bound, whatever code comes with it", async () => {
    const { client } = await registeredCustomer(api);
    const imei = await provision();
    await bind(client, imei);
    expect(told(await failure(bind(client, ` ${imei} `)))).toEqual({
      code: 40901,
      status: 409,
      errMsg: '您已绑定该设备',
    });
    expect(told(await failure(bind(client, imei, OTHER_CODE)))).toEqual({
      code: 40901,
      status: 409,
      errMsg: '您已绑定该设备',
    });
  });

  it('binds, groups by kind with last seen, battery and signal, renames once, and unbinds', async () => {
    const { client } = await registeredCustomer(api);
    expect(await list(client)).toEqual({
      existsFlag: false,
      disabeDeviceList: [],
      hypertensionDeviceList: [],
      otherDeviceList: [],
    });
    const sugarImei = await provision('glucose');
    const bpImei = await provision('bp');
    await send(sugarImei, { ...glucose('early'), battery: 80, signal: -71 });

    const bound = await bind(client, sugarImei);
    expect(bound).toEqual({
      attached: 1,
      device: {
        id: expect.stringMatching(/^\d+$/) as string,
        deviceImei: sugarImei,
        deviceName: '',
        deviceKind: 0,
        kind: 'glucose',
        model: 'GG-1',
        iccid: null,
        flowExpireTime: null,
        createTime: '2026-11-20 10:00:00',
        lastSeenAt: '2026-11-20T02:00:00.000Z',
        battery: 80,
        signal: -71,
      },
    });
    clock.advance(60_000);
    await bind(client, bpImei);
    const grouped = await list(client);
    expect(grouped.existsFlag).toBe(true);
    expect(grouped.disabeDeviceList.map((d) => d.deviceImei)).toEqual([sugarImei]);
    expect(grouped.hypertensionDeviceList.map((d) => [d.deviceImei, d.deviceKind, d.lastSeenAt, d.battery])).toEqual([
      [bpImei, 1, null, null],
    ]);
    expect(grouped.otherDeviceList).toEqual([]);

    const renamed = await client.POST('/device/v1/edit', {
      body: { deviceImei: sugarImei, deviceName: ' 卧室血糖仪 ' },
    });
    expect(renamed.deviceName).toBe('卧室血糖仪');
    expect(
      (await client.POST('/device/v1/edit', { body: { deviceImei: sugarImei, deviceName: '卧室血糖仪' } })).deviceName,
    ).toBe('卧室血糖仪');
    expect((await list(client)).disabeDeviceList[0]!.deviceName).toBe('卧室血糖仪');

    expect(await client.POST('/device/v1/unbind', { body: { id: bound.device.id } })).toEqual({ id: bound.device.id });
    const after = await list(client);
    expect(after.disabeDeviceList).toEqual([]);
    expect(after.hypertensionDeviceList).toHaveLength(1);
    // The readings it made stay the patient's; the name goes with the binding.
    expect(
      await client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-20' } } }),
    ).toHaveLength(1);
    expect(await rows('select name, customer_id from device where imei = ?', [sugarImei])).toEqual([
      { name: null, customer_id: null },
    ]);
    expect(await failure(client.POST('/device/v1/unbind', { body: { id: bound.device.id } }))).toMatchObject({
      code: 40400,
    });

    // Somebody else may bind it now.
    const next = await registeredCustomer(api);
    expect((await bind(next.client, sugarImei)).device.deviceName).toBe('');
  });
});

describe('meter readings earn points and tell followers', () => {
  it('pays the reading points once per reading, never for a resend, and only to the binder', async () => {
    const patient = await registeredCustomer(api, '王芳');
    const imei = await provision();
    await bind(patient.client, imei);
    const before = await rows<{ n: string }>('select count(*)::text as n from points_entry where customer_id = ?', [
      patient.cid,
    ]);
    expect(before).toEqual([{ n: '0' }]);

    expect(await send(imei, glucose('r1'))).toEqual({ results: [{ acks: [{ ids: ['r1'], status: 'stored' }] }] });
    expect(await send(imei, glucose('r1'))).toEqual({ results: [{ acks: [{ ids: ['r1'], status: 'duplicate' }] }] });
    await send(imei, [glucose('r1'), glucose('r2', { measuredAt: '2026-11-20T09:00:00+08:00' })]);

    const entries = await rows<{ action_code: string; idem_key: string; score: number }>(
      'select action_code, idem_key, score from points_entry where customer_id = ? order by id',
      [patient.cid],
    );
    expect(entries.map((e) => [e.action_code, e.idem_key])).toEqual([
      ['SUGAR_TEST', `SUGAR_TEST:meter:${imei}:r1`],
      ['SUGAR_TEST', `SUGAR_TEST:meter:${imei}:r2`],
    ]);
    expect(entries.every((e) => e.score > 0)).toBe(true);
  });

  it("stops at the day's cap, a stream leaving no further ledger lines", async () => {
    const patient = await registeredCustomer(api);
    const imei = await provision();
    await bind(patient.client, imei);
    await send(
      imei,
      Array.from({ length: 8 }, (_, i) => glucose(`cap${i}`, { measuredAt: `2026-11-20T0${i}:10:00+08:00` })),
    );
    await send(imei, [glucose('cap8'), glucose('cap9', { value: 7.1 })]);
    const entries = await rows<{ score: number }>('select score from points_entry where customer_id = ? order by id', [
      patient.cid,
    ]);
    expect(entries.reduce((sum, e) => sum + e.score, 0)).toBe(DAILY_TASK_CAPS.SUGAR_TEST);
    // The reading that found the cap reached is written with 0; the rest of its batch is skipped.
    expect(entries.length).toBeLessThan(8);
    expect(entries.at(-1)?.score).toBe(0);
    await send(imei, glucose('cap10'));
    expect(await rows('select score from points_entry where customer_id = ?', [patient.cid])).toHaveLength(
      entries.length,
    );

    // The next China day pays again.
    clock.advance(24 * 3600_000);
    await send(imei, glucose('nextDay', { measuredAt: '2026-11-21T08:05:00+08:00' }));
    const [paid] = await rows<{ score: number }>('select score from points_entry where idem_key = ?', [
      `SUGAR_TEST:meter:${imei}:nextDay`,
    ]);
    expect(paid?.score).toBeGreaterThan(0);
  });

  it('pays nothing for the readings of an unbound meter', async () => {
    const imei = await provision();
    await send(imei, glucose('lonely'));
    expect(await rows('select idem_key from points_entry where idem_key like ?', [`%meter:${imei}:%`])).toEqual([]);
  });

  it("tells the patient's followers once per batch, of the newest reading", async () => {
    const patient = await registeredCustomer(api, '张建国');
    const relative = await registeredCustomer(api, '张小明');
    await acceptedFollow(relative, patient);
    await relative.client.POST('/notice/v1/updateAllReadStatus', { body: {} });
    const imei = await provision();
    await bind(patient.client, imei);

    await send(imei, [
      glucose('n1', { value: 5.6, measuredAt: '2026-11-20T07:00:00+08:00', timeType: 1 }),
      glucose('n2', { value: 25, measuredAt: '2026-11-20T09:30:00+08:00', timeType: 2 }),
    ]);
    await send(imei, glucose('n2', { value: 25, measuredAt: '2026-11-20T09:30:00+08:00', timeType: 2 }));
    const notices = (await relative.client.GET('/notice/v1/pageQueryList')).items.filter((n) => n.kind === 'reading');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ urgent: true, customerId: patient.cid });
    expect(notices[0]!.text).toContain('25.0');
  });

  it('tells each patient’s own followers when one batch holds the meters of several patients', async () => {
    const [father, mother, uncle] = [
      await registeredCustomer(api, '王父'),
      await registeredCustomer(api, '王母'),
      await registeredCustomer(api, '王叔'),
    ];
    const [son, daughter] = [await registeredCustomer(api, '王子'), await registeredCustomer(api, '王女')];
    await acceptedFollow(son, father);
    await acceptedFollow(daughter, father);
    await acceptedFollow(daughter, mother);
    for (const relative of [son, daughter]) {
      await relative.client.POST('/notice/v1/updateAllReadStatus', { body: {} });
    }
    const meters = { father: await provision(), mother: await provision(), uncle: await provision() };
    await bind(father.client, meters.father);
    await bind(mother.client, meters.mother);
    await bind(uncle.client, meters.uncle);

    const batch = [
      { imei: meters.father, payload: JSON.stringify(glucose('f1', { value: 7.7, timeType: 2 })) },
      { imei: meters.uncle, payload: JSON.stringify(glucose('u1', { value: 30, timeType: 2 })) },
      { imei: meters.mother, payload: JSON.stringify(glucose('m1', { value: 2.2, timeType: 2 })) },
    ];
    const answer = await api.client().POST('/internal/v1/meterReadings', { body: { messages: batch }, headers });
    expect(answer.results.map((r) => r.acks[0]?.status)).toEqual(['stored', 'stored', 'stored']);

    const readingNotices = async (relative: typeof son) =>
      (await relative.client.GET('/notice/v1/pageQueryList')).items.filter((n) => n.kind === 'reading');
    expect((await readingNotices(son)).map((n) => n.customerId)).toEqual([father.cid]);
    const toDaughter = await readingNotices(daughter);
    expect(toDaughter.map((n) => n.customerId).sort()).toEqual([father.cid, mother.cid].sort());
    expect(toDaughter.find((n) => n.customerId === mother.cid)).toMatchObject({ urgent: true });
    // Nobody follows the uncle: his serious high is stored and tells no one.
    expect(await rows('select id from notice where subject_id = ?', [uncle.cid])).toEqual([]);
  });
});

// Last in the file: it moves the clock a day on.
describe('proof of possession', () => {
  it('binds with the code on the label, typed as an older user may type it', async () => {
    const { client } = await registeredCustomer(api);
    const imei = await provision();
    const typed = ` ${formatBindCode(codes.get(imei)!).toLowerCase().replace(/o/g, 'O')} `;
    expect((await bind(client, imei, typed)).device.deviceImei).toBe(imei);
  });

  it('answers an unknown IMEI, a taken one, a wrong code and a meter without a code exactly alike', async () => {
    const owner = await registeredCustomer(api);
    const { client } = await registeredCustomer(api);
    const taken = await provision();
    await bind(owner.client, taken);
    const free = await provision();
    const codeless = await provision();
    await rows('update device set bind_code_hash = null where imei = ?', [codeless]);

    const answers = [
      await failure(bind(client, '869999999999998', OTHER_CODE)),
      await failure(bind(client, taken)),
      await failure(bind(client, taken, OTHER_CODE)),
      await failure(bind(client, free, OTHER_CODE)),
      await failure(bind(client, codeless, codes.get(codeless))),
    ];
    expect(answers.map(told)).toEqual(
      Array.from({ length: 5 }, () => ({ code: 40401, errMsg: NOT_BINDABLE, status: 404 })),
    );
    // The free meter was not bound by the wrong code, and binds with its own.
    expect(await rows('select customer_id from device where imei = ?', [free])).toEqual([{ customer_id: null }]);
    expect((await bind(client, free)).device.deviceImei).toBe(free);
    expect(await rows('select customer_id from device where imei = ?', [taken])).toEqual([{ customer_id: owner.cid }]);
  });

  it('takes a new label: a reissued code binds and the old one no longer does; meters without a code get one', async () => {
    const { client } = await registeredCustomer(api);
    const imei = await provision();
    const { bindCode } = await issueBindCode(api.app.orm.em.fork(), imei);
    expect(bindCode).not.toBe(codes.get(imei));
    expect(told(await failure(bind(client, imei)))).toEqual({ code: 40401, errMsg: NOT_BINDABLE, status: 404 });

    const codeless = await provision();
    await rows('update device set bind_code_hash = null where imei = ?', [codeless]);
    const issued = await issueMissingBindCodes(api.app.orm.em.fork());
    expect(issued.map((i) => i.device.imei)).toContain(codeless);
    expect(issued.map((i) => i.device.imei)).not.toContain(imei);
    expect(await issueMissingBindCodes(api.app.orm.em.fork())).toEqual([]);
    expect(
      (await bind(client, codeless, issued.find((i) => i.device.imei === codeless)!.bindCode)).device.deviceImei,
    ).toBe(codeless);
    expect((await bind(client, imei, bindCode)).device.deviceImei).toBe(imei);
  });

  it('binds the demo meters with their published codes, also when they were seeded before bind codes', async () => {
    await rows(
      'update device set bind_code_hash = null where imei in (?, ?)',
      demoMeters.map((m) => m.imei),
    );
    await seedDemoMeters(api.app.orm.em.fork(), clock());
    for (const meter of demoMeters) {
      const { client } = await registeredCustomer(api);
      const bound = await bind(client, meter.imei, formatBindCode(meter.bindCode));
      expect(bound.device.deviceImei).toBe(meter.imei);
      await client.POST('/device/v1/unbind', { body: { id: bound.device.id } });
    }
  });

  it('stops a customer trying IMEIs in a row after 10 attempts in an hour and 20 in a day, and no one else', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const wanted = await provision();
    // The finding: sequential IMEIs tried one after another. Each answer says the same.
    const first = Number(wanted.slice(0, 14));
    const tries = Array.from({ length: 10 }, (_, i) => String(first - 1 - i) + '0');
    for (const imei of tries) {
      expect(told(await failure(bind(client, imei, OTHER_CODE)))).toEqual({
        code: 40401,
        errMsg: NOT_BINDABLE,
        status: 404,
      });
    }
    // The 11th is refused before it is looked at, even with the right code.
    const refused = await failure(bind(client, wanted));
    expect(told(refused)).toEqual({ code: 42900, errMsg: '绑定尝试次数过多，请1小时后再试', status: 429 });
    expect(refused).toHaveProperty('requestId');
    expect(await rows('select customer_id from device where imei = ?', [wanted])).toEqual([{ customer_id: null }]);
    // Malformed input is refused as such and not counted; another customer is not affected.
    expect(told(await failure(bind(client, wanted, '1234')))).toMatchObject({ code: 40000, status: 400 });
    expect(told(await failure(bind(other.client, '869999999999998', OTHER_CODE)))).toMatchObject({ code: 40401 });

    // An hour later ten more, then the day is used up.
    clock.advance(3600_000 + 1000);
    for (let i = 0; i < 10; i += 1) {
      await failure(bind(client, '869999999999998', OTHER_CODE));
    }
    expect(told(await failure(bind(client, wanted)))).toEqual({
      code: 42900,
      errMsg: '今天的绑定尝试次数已用完，请明天再试',
      status: 429,
    });
    clock.advance(24 * 3600_000);
    expect((await bind(client, wanted)).device.deviceImei).toBe(wanted);
  });
});
