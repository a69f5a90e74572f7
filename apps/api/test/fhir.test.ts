import type { Bundle, Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_GATEWAY_TOKEN } from '../src/config';
import { bindDevice, provisionDevice } from '../src/contexts/devices/meter/meter.service';
import {
  capabilityStatement,
  readDevice,
  readObservation,
  readPatient,
  searchDevices,
  searchObservations,
  searchPatients,
  type FhirRequestContext,
} from '../src/contexts/open/fhir/fhir.service';
import { operationOutcome } from '../src/contexts/open/fhir/fhir.outcome';
import { contractValidators, fhirErrors, fhirValidators } from './fhir-schema';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// The FHIR export read through its service on a real database: what each reading becomes, paging,
// the search parameters and the patient check, every resource validated against HL7's R4 schema.

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
let validators: ReturnType<typeof fhirValidators>;
let contract: ReturnType<typeof contractValidators>;
beforeAll(async () => {
  validators = fhirValidators();
  api = await startTestApi({}, { clock });
  contract = contractValidators(api.app.openapi.raw);
});
afterAll(() => api?.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];

const em = () => api.app.orm.em.fork();
const base = () => `${api.config.publicBaseUrl}/api/fhir/R4`;
const context = (customerId: string | null, url = '/api/fhir/R4/Observation'): FhirRequestContext => ({
  base: base(),
  url,
  customerId,
});
/** Valid FHIR R4, and what openapi.yaml promises for its type. */
const valid = (resource: unknown) => {
  expect(fhirErrors(validators, resource)).toEqual([]);
  expect(fhirErrors(contract, resource)).toEqual([]);
};
const observations = (bundle: Bundle<Observation>) => (bundle.entry ?? []).map((e) => e.resource!);

let imeiCounter = 0;
const nextImei = () =>
  `86300000${String(process.pid % 1000).padStart(3, '0')}${String(++imeiCounter).padStart(4, '0')}`;

async function boundMeter(client: Client, kind: 'glucose' | 'bp') {
  const imei = nextImei();
  const { bindCode } = await provisionDevice(em(), { imei, kind, model: 'GG-1' }, clock());
  await client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
  return imei;
}

const sendReadings = (imei: string, readings: unknown[]) =>
  api.client().POST('/internal/v1/meterReadings', {
    body: { messages: readings.map((r) => ({ imei, payload: JSON.stringify(r) })) },
    headers: { 'X-Gateway-Token': DEV_GATEWAY_TOKEN },
  });

/** A patient with one reading of every kind, by hand and by meter. */
async function patientWithReadings() {
  const patient = await registeredCustomer(api, '王阿姨');
  const { client } = patient;
  await client.POST('/sugarTest/v1/add', { body: { sugar: 6.5, createTime: '2026-11-20 07:00' } });
  await client.POST('/bloodPressureTest/v1/add', {
    body: { sbp: 135, dbp: 85, hr: 72, createTime: '2026-11-20 07:10' },
  });
  await client.POST('/weight/v1/add', { body: { weight: 130, height: 160, createTimeStr: '2026-11-20 07:20:00' } });
  await client.POST('/urineTest/v1/add', { body: { urine: 420, createTimeStr: '2026-11-20 07:30:00' } });
  await client.POST('/ketoneTest/v1/add', { body: { ketone: 0.4, createTimeStr: '2026-11-20 07:40:00' } });
  const sugarMeter = await boundMeter(client, 'glucose');
  const bpMeter = await boundMeter(client, 'bp');
  await sendReadings(sugarMeter, [
    { id: 'g-0001', kind: 'glucose', value: 7.2, unit: 'mmol/L', measuredAt: '2026-11-20T08:05:00+08:00' },
  ]);
  await sendReadings(bpMeter, [
    { id: 'b-0001', kind: 'bp', sbp: 128, dbp: 82, hr: 70, measuredAt: '2026-11-20T08:15:00+08:00' },
  ]);
  return { ...patient, sugarMeter, bpMeter };
}

let alice: Awaited<ReturnType<typeof patientWithReadings>>;
beforeAll(async () => {
  alice = await patientWithReadings();
});

describe('the schema checks themselves', () => {
  it('refuse an Observation FHIR or the contract does not allow', () => {
    const wrong = { resourceType: 'Observation', status: 'done', code: { text: 'x' }, effectiveDateTime: 'today' };
    expect(fhirErrors(validators, wrong).length).toBeGreaterThan(0);
    const fhirValid = { ...wrong, status: 'final', effectiveDateTime: '2026-11-20' };
    expect(fhirErrors(validators, fhirValid)).toEqual([]);
    // Valid FHIR, but not what openapi.yaml promises an Observation of the export carries.
    expect(fhirErrors(contract, fhirValid).length).toBeGreaterThan(0);
    // An id the export gave before ADR 0231 is valid FHIR but no longer what the contract promises.
    expect(fhirErrors(contract, { ...fhirValid, id: 'bp-45' })).toContainEqual(
      expect.stringMatching(/^\/id must match pattern/),
    );
  });
});

describe('Observations', () => {
  it('maps every kind with its LOINC code, UCUM unit and China time, newest first', async () => {
    const bundle = await searchObservations(em(), context(alice.cid), {}, clock());
    valid(bundle);
    const seen = observations(bundle).map((o) => [
      o.code.coding?.[0]?.code,
      o.effectiveDateTime,
      o.valueQuantity
        ? `${o.valueQuantity.value} ${o.valueQuantity.code}`
        : o.component?.map((c) => c.valueQuantity?.value).join('/'),
    ]);
    expect(seen).toEqual([
      ['85354-9', '2026-11-20T08:15:00+08:00', '128/82'],
      ['8867-4', '2026-11-20T08:15:00+08:00', '70 /min'],
      ['14743-9', '2026-11-20T08:05:00+08:00', '7.2 mmol/L'],
      ['66441-7', '2026-11-20T07:40:00+08:00', '0.4 mmol/L'],
      ['14933-6', '2026-11-20T07:30:00+08:00', '420 umol/L'],
      ['29463-7', '2026-11-20T07:20:00+08:00', '65 kg'],
      ['85354-9', '2026-11-20T07:10:00+08:00', '135/85'],
      ['8867-4', '2026-11-20T07:10:00+08:00', '72 /min'],
      ['14743-9', '2026-11-20T07:00:00+08:00', '6.5 mmol/L'],
    ]);
    for (const o of observations(bundle)) {
      expect(o.subject).toEqual({ reference: `Patient/${alice.cid}` });
      expect(o.valueQuantity?.system ?? o.component?.[0]?.valueQuantity?.system).toBe('http://unitsofmeasure.org');
    }
    const panel = observations(bundle)[0]!;
    expect(panel.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.code])).toEqual([
      ['8480-6', 'mm[Hg]'],
      ['8462-4', 'mm[Hg]'],
    ]);
    expect(panel.category?.[0]?.coding?.[0]?.code).toBe('vital-signs');
  });

  it("gives a meter's readings their device and the meter's own reading id, hand entries neither", async () => {
    const bundle = await searchObservations(em(), context(alice.cid), {}, clock());
    const [panel, pulse, meterSugar, , , , handPanel] = observations(bundle);
    const devices = await searchDevices(em(), context(alice.cid, '/api/fhir/R4/Device'), {}, clock());
    valid(devices);
    const byImei = new Map(
      (devices.entry ?? []).map((e) => [e.resource!.identifier?.[0]?.value, `Device/${e.resource!.id}`]),
    );
    expect(meterSugar!.identifier).toEqual([
      { system: `urn:glucoguard:meter-reading:${alice.sugarMeter}`, value: 'g-0001' },
    ]);
    expect(meterSugar!.device).toEqual({ reference: byImei.get(alice.sugarMeter) });
    expect(panel!.identifier).toEqual([{ system: `urn:glucoguard:meter-reading:${alice.bpMeter}`, value: 'b-0001' }]);
    expect(pulse!.identifier).toEqual([
      { system: `urn:glucoguard:meter-reading:${alice.bpMeter}:heart-rate`, value: 'b-0001' },
    ]);
    // One reading, two Observations: the pulse's id is the panel's, the open API's reading id, and a suffix.
    expect(panel!.id).toMatch(/^pressure-[0-9]+$/);
    expect(pulse!.id).toBe(`${panel!.id}-heart-rate`);
    expect(panel!.device).toEqual({ reference: byImei.get(alice.bpMeter) });
    expect(handPanel!.identifier).toBeUndefined();
    expect(handPanel!.device).toBeUndefined();
  });

  it("points to a meter only while it is the patient's: after it passes to another patient, none", async () => {
    const first = await registeredCustomer(api, '李叔叔');
    const meter = await boundMeter(first.client, 'glucose');
    await sendReadings(meter, [
      { id: 'g-0101', kind: 'glucose', value: 6.1, unit: 'mmol/L', measuredAt: '2026-11-20T08:30:00+08:00' },
    ]);
    const firstSearch = async () => observations(await searchObservations(em(), context(first.cid), {}, clock()));
    const [before] = await firstSearch();
    const deviceId = before!.device?.reference?.replace('Device/', '') ?? '';
    expect((await readDevice(em(), context(first.cid), deviceId)).identifier?.[0]?.value).toBe(meter);

    await first.client.POST('/device/v1/unbind', { body: { id: deviceId } });
    const second = await registeredCustomer(api, '赵奶奶');
    expect(await bindDevice(em(), String(second.cid), meter, clock())).toMatchObject({ ok: true });

    const [after] = await firstSearch();
    valid(after);
    expect(after!.identifier).toEqual(before!.identifier);
    expect(after!.device).toBeUndefined();
    expect((await readObservation(em(), context(first.cid), after!.id!)).device).toBeUndefined();
  });

  it('reads one Observation by id, and only the patient’s own', async () => {
    const [first] = observations(await searchObservations(em(), context(alice.cid), {}, clock()));
    const read = await readObservation(em(), context(alice.cid), first!.id!);
    valid(read);
    expect(read).toEqual(first);
    const bob = await registeredCustomer(api, '李叔叔');
    await expect(readObservation(em(), context(bob.cid), first!.id!)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(readObservation(em(), context(alice.cid), 'glucose-999999999')).rejects.toMatchObject({
      statusCode: 404,
    });
    const [, pulse] = observations(await searchObservations(em(), context(alice.cid), {}, clock()));
    expect(await readObservation(em(), context(alice.cid), pulse!.id!)).toEqual(pulse);
    const record = pulse!.id!.split('-')[1];
    for (const old of [`bp-${record}`, `heart-rate-${record}`]) {
      await expect(readObservation(em(), context(alice.cid), old)).rejects.toMatchObject({ statusCode: 404 });
    }
  });

  it('filters by LOINC code, a component code naming its panel', async () => {
    const byCode = async (code: string) =>
      observations(await searchObservations(em(), context(alice.cid), { code }, clock())).map((o) => o.id);
    expect(await byCode('http://loinc.org|14743-9')).toHaveLength(2);
    expect((await byCode('8480-6')).every((id) => /^pressure-[0-9]+$/.test(id!))).toBe(true);
    expect(await byCode('8480-6')).toHaveLength(2);
    expect(await byCode('14933-6,66441-7')).toHaveLength(2);
    expect(await byCode('2345-7')).toEqual([]);
  });

  it('filters by when measured (China days and times) and by when last changed', async () => {
    const dates = async (date: string[]) =>
      observations(await searchObservations(em(), context(alice.cid), { date }, clock())).map(
        (o) => o.effectiveDateTime,
      );
    expect(await dates(['ge2026-11-20T07:30', 'lt2026-11-20T08:05'])).toEqual([
      '2026-11-20T07:40:00+08:00',
      '2026-11-20T07:30:00+08:00',
    ]);
    expect(await dates(['le2026-11-19'])).toEqual([]);
    expect(await dates(['2026-11-20'])).toHaveLength(9);
    expect(await dates(['ge2026-11-20T00:00:00Z'])).toEqual([
      '2026-11-20T08:15:00+08:00',
      '2026-11-20T08:15:00+08:00',
      '2026-11-20T08:05:00+08:00',
    ]);
    const updated = await searchObservations(
      em(),
      context(alice.cid),
      { _lastUpdated: ['gt2026-11-20T10:00'] },
      clock(),
    );
    expect(observations(updated)).toEqual([]);
    await expect(
      searchObservations(em(), context(alice.cid), { date: ['ge2026-02-30'] }, clock()),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('pages newest first with next links, never repeating a reading, a reading added meanwhile included', async () => {
    const url = '/api/fhir/R4/Observation?patient=Patient%2F' + alice.cid + '&_count=4&date=ge2026-11-01';
    const first = await searchObservations(
      em(),
      context(alice.cid, url),
      { _count: 4, date: ['ge2026-11-01'] },
      clock(),
    );
    valid(first);
    expect(first.link?.[0]).toEqual({ relation: 'self', url: `${api.config.publicBaseUrl}${url}` });
    const next = first.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toBeDefined();
    const nextUrl = new URL(next!);
    expect(nextUrl.searchParams.get('_count')).toBe('4');
    expect(nextUrl.searchParams.getAll('date')).toEqual(['ge2026-11-01']);
    // A reading measured earlier than the first page's last one, recorded while the app pages.
    await alice.client.POST('/sugarTest/v1/add', { body: { sugar: 5.1, createTime: '2026-11-20 06:00' } });
    const ids = observations(first).map((o) => o.id);
    let cursor: string | null = nextUrl.searchParams.get('_cursor');
    while (cursor) {
      const page = await searchObservations(
        em(),
        context(alice.cid, url),
        { _count: 4, date: ['ge2026-11-01'], _cursor: cursor },
        clock(),
      );
      valid(page);
      ids.push(...observations(page).map((o) => o.id));
      const link = page.link?.find((l) => l.relation === 'next')?.url;
      cursor = link ? new URL(link).searchParams.get('_cursor') : null;
    }
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    await expect(
      searchObservations(em(), context(alice.cid), { _cursor: 'not-a-cursor' }, clock()),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers only for the patient the token is for', async () => {
    await expect(
      searchObservations(em(), context(alice.cid), { patient: 'Patient/someone-else' }, clock()),
    ).rejects.toMatchObject({ statusCode: 403 });
    const own = await searchObservations(em(), context(alice.cid), { patient: alice.cid, _count: 1 }, clock());
    expect(observations(own)).toHaveLength(1);
    await expect(searchObservations(em(), context(null), {}, clock())).rejects.toMatchObject({ statusCode: 403 });
    const bob = await registeredCustomer(api, '李叔叔');
    expect(observations(await searchObservations(em(), context(bob.cid), {}, clock()))).toEqual([]);
  });
});

describe('Devices', () => {
  it('lists and reads the patient’s meters, never another’s', async () => {
    const bundle = await searchDevices(em(), context(alice.cid, '/api/fhir/R4/Device'), { _count: 1 }, clock());
    valid(bundle);
    expect(bundle.entry).toHaveLength(1);
    expect(bundle.link?.some((l) => l.relation === 'next')).toBe(true);
    const device = bundle.entry![0]!.resource!;
    expect(device).toMatchObject({
      resourceType: 'Device',
      identifier: [{ system: 'urn:glucoguard:imei', value: alice.sugarMeter }],
      status: 'active',
      modelNumber: 'GG-1',
      type: { text: '血糖仪' },
      patient: { reference: `Patient/${alice.cid}` },
    });
    expect(await readDevice(em(), context(alice.cid), device.id!)).toEqual(device);
    const bob = await registeredCustomer(api, '李叔叔');
    await expect(readDevice(em(), context(bob.cid), device.id!)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('Patient', () => {
  it('is the consenting patient: nickname, gender and year of birth only', async () => {
    const patient = await readPatient(em(), context(alice.cid), alice.cid);
    valid(patient);
    expect(patient).toEqual({
      resourceType: 'Patient',
      id: alice.cid,
      active: true,
      name: [{ use: 'nickname', text: '王阿姨' }],
      gender: 'unknown',
    });
    const bundle = await searchPatients(em(), context(alice.cid, '/api/fhir/R4/Patient'), {}, clock());
    valid(bundle);
    expect(bundle.entry?.map((e) => e.resource?.id)).toEqual([alice.cid]);
    const other = await searchPatients(em(), context(alice.cid, '/api/fhir/R4/Patient'), { _id: 'x' }, clock());
    expect(other.entry).toEqual([]);
    await expect(readPatient(em(), context(alice.cid), 'someone-else')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('CapabilityStatement and OperationOutcome', () => {
  it('are valid FHIR R4', () => {
    const statement = capabilityStatement(api.config.publicBaseUrl, '1.0.0');
    valid(statement);
    expect(statement.rest?.[0]?.resource?.map((r) => r.type)).toEqual(['Patient', 'Observation', 'Device']);
    valid(operationOutcome(403, 40300, '该应用没有此项权限'));
    valid(operationOutcome(500, 50000, '服务器开小差了'));
  });
});
