import type { Bundle, CapabilityStatement, Observation, OperationOutcome } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractValidators, fhirErrors, fhirValidators } from './fhir-schema';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { newIntegrator, type Integrator } from './open-data-fixtures';

// The FHIR export over HTTP, through the real token gate: the scopes each operation needs, the
// OperationOutcome every refusal answers, the media type, and next links an app can follow.

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
let integrator: Integrator;
let validators: ReturnType<typeof fhirValidators>;
let contract: ReturnType<typeof contractValidators>;
let patient: Awaited<ReturnType<typeof registeredCustomer>>;
let grantId: string;
let token: string;
beforeAll(async () => {
  validators = fhirValidators();
  api = await startTestApi({}, { clock });
  contract = contractValidators(api.app.openapi.raw);
  integrator = await newIntegrator(api, clock);
  patient = await registeredCustomer(api, '张奶奶');
  for (const [sugar, time] of [
    [6.1, '2026-11-20 06:30'],
    [7.4, '2026-11-20 08:30'],
    [5.8, '2026-11-19 21:00'],
  ] as const) {
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar, createTime: time } });
  }
  await patient.client.POST('/bloodPressureTest/v1/add', {
    body: { sbp: 142, dbp: 91, hr: 76, createTime: '2026-11-20 07:00' },
  });
  grantId = await integrator.grant(patient.cid, ['patient/Observation.read', 'patient/Patient.read']);
  token = await integrator.token({ grantId, customerId: patient.cid }, [
    'patient/Observation.read',
    'patient/Patient.read',
  ]);
});
afterAll(() => api?.close());

/** GET a path of the export (`/fhir/R4/…`, or a link's path and query) with the token, if any. */
async function get(path: string, bearer: string | null = token) {
  const response = await fetch(`${api.baseUrl}${path}`, {
    headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
  });
  return { response, body: (await response.json()) as unknown };
}

/** Valid FHIR R4, and what openapi.yaml promises for its type. */
function valid(resource: unknown) {
  expect(fhirErrors(validators, resource)).toEqual([]);
  expect(fhirErrors(contract, resource)).toEqual([]);
}

function expectOutcome(body: unknown, code: string, text: RegExp | string) {
  valid(body);
  const outcome = body as OperationOutcome;
  expect(outcome.issue[0]).toMatchObject({ severity: 'error', code });
  expect(outcome.issue[0]?.details?.text).toMatch(text);
}

describe('metadata', () => {
  it('is open to anyone and a valid CapabilityStatement, in FHIR JSON', async () => {
    const { response, body } = await get('/fhir/R4/metadata', null);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    valid(body);
    expect((body as CapabilityStatement).fhirVersion).toBe('4.0.1');
  });
});

describe('the token gate answers OperationOutcome', () => {
  it('401 without a token, naming Bearer invalid_token', async () => {
    const { response, body } = await get('/fhir/R4/Observation', null);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expectOutcome(body, 'login', '授权已失效，请重新授权');
  });

  it('403 for a token without the operation’s scope', async () => {
    const narrow = await integrator.token({ grantId, customerId: patient.cid }, ['patient/Patient.read']);
    const { response, body } = await get('/fhir/R4/Observation', narrow);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
    expectOutcome(body, 'forbidden', '该应用没有此项权限');
  });

  it('401 for a token the server never issued', async () => {
    const { response, body } = await get('/fhir/R4/Observation', 'oat_not-issued-by-us');
    expect(response.status).toBe(401);
    expectOutcome(body, 'login', '授权已失效，请重新授权');
  });

  it('429 with Retry-After once the client is over its per-minute limit', async () => {
    const limited = await newIntegrator(api, clock, 1);
    const limitedGrant = await limited.grant(patient.cid, ['patient/Patient.read']);
    const limitedToken = await limited.token({ grantId: limitedGrant, customerId: patient.cid }, [
      'patient/Patient.read',
    ]);
    expect((await get(`/fhir/R4/Patient/${patient.cid}`, limitedToken)).response.status).toBe(200);
    const { response, body } = await get(`/fhir/R4/Patient/${patient.cid}`, limitedToken);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expectOutcome(body, 'throttled', '请求过于频繁，请稍后再试');
  });

  it('401 at once after the patient’s 取消授权', async () => {
    const other = await registeredCustomer(api, '赵爷爷');
    const otherGrant = await integrator.grant(other.cid, ['patient/Observation.read']);
    const otherToken = await integrator.token({ grantId: otherGrant, customerId: other.cid }, [
      'patient/Observation.read',
    ]);
    expect((await get('/fhir/R4/Observation', otherToken)).response.status).toBe(200);
    await other.client.POST('/oauth/v1/grants/{grantId}/revoke', {
      params: { path: { grantId: otherGrant } },
      body: {},
    });
    const { response, body } = await get('/fhir/R4/Observation', otherToken);
    expect(response.status).toBe(401);
    expectOutcome(body, 'login', '授权已失效，请重新授权');
  });

  it('403 for a client-credentials token, which stands for no patient', async () => {
    const own = await integrator.token(null, ['patient/Observation.read']);
    const { response, body } = await get('/fhir/R4/Observation', own);
    expect(response.status).toBe(403);
    expectOutcome(body, 'forbidden', /不代表任何患者/);
  });
});

describe('Observation search over HTTP', () => {
  it('answers a searchset Bundle whose next links walk every reading once', async () => {
    const first = await get(`/fhir/R4/Observation?patient=Patient/${patient.cid}&_count=2`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    let bundle = first.body as Bundle<Observation>;
    const seen: string[] = [];
    for (;;) {
      valid(bundle);
      expect(bundle.type).toBe('searchset');
      seen.push(...(bundle.entry ?? []).map((e) => `${e.resource!.id} ${e.resource!.effectiveDateTime}`));
      const next = bundle.link?.find((l) => l.relation === 'next');
      if (!next) {
        break;
      }
      // Without PUBLIC_BASE_URL (tests) links lead back to the server that answered.
      expect(next.url.startsWith(`${api.baseUrl}/fhir/R4/Observation?`)).toBe(true);
      expect(new URL(next.url).searchParams.get('_count')).toBe('2');
      bundle = (await get(next.url.slice(api.baseUrl.length))).body as Bundle<Observation>;
    }
    expect(seen.map((s) => s.split(' ')[1])).toEqual([
      '2026-11-20T08:30:00+08:00',
      '2026-11-20T07:00:00+08:00',
      '2026-11-20T07:00:00+08:00',
      '2026-11-20T06:30:00+08:00',
      '2026-11-19T21:00:00+08:00',
    ]);
    expect(new Set(seen).size).toBe(5);
  });

  it('reads repeated date parameters as a range, in China time', async () => {
    const { body } = await get('/fhir/R4/Observation?code=14743-9&date=ge2026-11-20&date=lt2026-11-20T08:00');
    expect((body as Bundle<Observation>).entry?.map((e) => e.resource!.effectiveDateTime)).toEqual([
      '2026-11-20T06:30:00+08:00',
    ]);
  });

  it.each([
    ['/fhir/R4/Observation?_count=0', '_count 应为 1 到 100 的整数'],
    ['/fhir/R4/Observation?date=yesterday', /日期参数应为/],
    ['/fhir/R4/Observation?date=ge2026-01-01&date=le2026-02-01&date=le2026-03-01', /日期参数最多两个/],
    ['/fhir/R4/Observation?_cursor=x_y', /翻页参数 _cursor 无效/],
    ['/fhir/R4/Observation?subject=Patient/1', /subject/],
    ['/fhir/R4/Observation?_format=xml', '_format 只支持 json'],
  ])('refuses %s with a 400 OperationOutcome', async (path, text) => {
    const { response, body } = await get(path);
    expect(response.status).toBe(400);
    expectOutcome(body, 'invalid', text);
  });

  it('403 when the search names another patient, 404 for another patient’s reading', async () => {
    const other = await registeredCustomer(api, '钱阿姨');
    await other.client.POST('/sugarTest/v1/add', { body: { sugar: 9.9, createTime: '2026-11-20 07:30' } });
    const searched = await get(`/fhir/R4/Observation?patient=${other.cid}`);
    expect(searched.response.status).toBe(403);
    expectOutcome(searched.body, 'forbidden', '只能读取授权给本应用的患者的数据');
    const otherGrant = await integrator.grant(other.cid, ['patient/Observation.read']);
    const otherToken = await integrator.token({ grantId: otherGrant, customerId: other.cid }, [
      'patient/Observation.read',
    ]);
    const [entry] = ((await get('/fhir/R4/Observation', otherToken)).body as Bundle<Observation>).entry ?? [];
    expect((await get(`/fhir/R4/Observation/${entry!.resource!.id}`, otherToken)).response.status).toBe(200);
    const read = await get(`/fhir/R4/Observation/${entry!.resource!.id}`);
    expect(read.response.status).toBe(404);
    expectOutcome(read.body, 'not-found', /未找到该资源/);
  });
});

describe('Observation ids over HTTP (ADR 0231)', () => {
  it('are the ids GET /open/v1/readings gives, the pulse after its pressure reading; the old ids are 404', async () => {
    const reader = await registeredCustomer(api, '孙阿姨');
    await reader.client.POST('/sugarTest/v1/add', { body: { sugar: 6.3, createTime: '2026-11-20 07:00' } });
    await reader.client.POST('/bloodPressureTest/v1/add', {
      body: { sbp: 131, dbp: 84, hr: 68, createTime: '2026-11-20 07:10' },
    });
    await reader.client.POST('/weight/v1/add', {
      body: { weight: 120, height: 158, createTimeStr: '2026-11-20 07:20:00' },
    });
    await reader.client.POST('/urineTest/v1/add', { body: { urine: 380, createTimeStr: '2026-11-20 07:30:00' } });
    await reader.client.POST('/ketoneTest/v1/add', { body: { ketone: 0.3, createTimeStr: '2026-11-20 07:40:00' } });
    const scopes = ['readings.read', 'patient/Observation.read'];
    const readerGrant = await integrator.grant(reader.cid, scopes);
    const both = await integrator.token({ grantId: readerGrant, customerId: reader.cid }, scopes);

    const openIds: Record<string, string> = {};
    for (const kind of ['glucose', 'pressure', 'ketone', 'uricAcid', 'weight']) {
      const { response, body } = await get(`/open/v1/readings?kind=${kind}`, both);
      expect(response.status).toBe(200);
      const { items } = (body as { data: { items: { id: string }[] } }).data;
      expect(items).toHaveLength(1);
      openIds[kind] = items[0]!.id;
    }
    const searched = await get('/fhir/R4/Observation', both);
    valid(searched.body);
    const fhirIds = ((searched.body as Bundle<Observation>).entry ?? []).map((e) => e.resource!.id);
    expect(fhirIds).toEqual([
      openIds.ketone,
      openIds.uricAcid,
      openIds.weight,
      openIds.pressure,
      `${openIds.pressure}-heart-rate`,
      openIds.glucose,
    ]);

    for (const id of fhirIds) {
      const read = await get(`/fhir/R4/Observation/${id}`, both);
      expect(read.response.status).toBe(200);
      valid(read.body);
      expect((read.body as Observation).id).toBe(id);
    }
    const pressureRecord = openIds.pressure!.replace('pressure-', '');
    const uricAcidRecord = openIds.uricAcid!.replace('uricAcid-', '');
    for (const old of [`bp-${pressureRecord}`, `heart-rate-${pressureRecord}`, `uric-acid-${uricAcidRecord}`]) {
      const read = await get(`/fhir/R4/Observation/${old}`, both);
      expect(read.response.status).toBe(404);
      expect(read.response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
      expectOutcome(read.body, 'not-found', /未找到该资源/);
    }
  });
});

describe('Patient over HTTP', () => {
  it('reads the patient the token is for', async () => {
    const { response, body } = await get(`/fhir/R4/Patient/${patient.cid}`);
    expect(response.status).toBe(200);
    valid(body);
    expect(body).toMatchObject({ resourceType: 'Patient', id: patient.cid, name: [{ text: '张奶奶' }] });
  });
});

describe('what the export does not serve', () => {
  it('answers 405 with Allow for a write: the export is read-only', async () => {
    const response = await fetch(`${api.baseUrl}/fhir/R4/Observation`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expectOutcome(await response.json(), 'not-supported', /FHIR 导出只读/);
  });

  it('answers a 404 OperationOutcome for another resource type', async () => {
    const { response, body } = await get('/fhir/R4/Encounter');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    expectOutcome(body, 'not-found', /FHIR 导出不支持该地址/);
  });
});
