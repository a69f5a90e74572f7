import type {
  Bundle,
  BundleEntry,
  CapabilityStatement,
  CapabilityStatementRestResource,
  Device,
  Observation,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import {
  decodeFhirCursor,
  encodeFhirCursor,
  FHIR_BP_COMPONENTS,
  FHIR_OBSERVATION_CODES,
  FHIR_OBSERVATION_KINDS,
  FHIR_PAGE,
  fhirChinaDateTime,
  fhirDateSpan,
  fhirGender,
  fhirKindRank,
  kindsForCodes,
  LOINC_SYSTEM,
  MM_HG,
  observationId,
  parseObservationId,
  type FhirDateSpan,
  type FhirObservationKind,
} from '@glucoguard/domain';
import type { QueryOf } from '../../../lib/contract';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { FhirRepository, type DeviceRow, type FhirReadingRow, type PatientRow } from './fhir.repository';

const UCUM_SYSTEM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** LOINC's long common names of the export's codes, the Codings' `display` (ADR 0226). */
const LOINC_DISPLAY: Readonly<Record<FhirObservationKind | 'systolic' | 'diastolic', string>> = {
  glucose: 'Glucose [Moles/volume] in Capillary blood by Glucometer',
  bp: 'Blood pressure panel with all children optional',
  'heart-rate': 'Heart rate',
  weight: 'Body weight',
  'uric-acid': 'Urate [Moles/volume] in Serum or Plasma',
  ketone: 'Beta hydroxybutyrate [Moles/volume] in Blood by Test strip',
  systolic: 'Systolic blood pressure',
  diastolic: 'Diastolic blood pressure',
};

/** The business identifier systems of the export (docs/adr/0225-fhir-r4-export.md). */
export const IMEI_SYSTEM = 'urn:glucoguard:imei';
/** A meter's readings are identified by the meter's own reading id, within that meter. */
export const meterReadingSystem = (imei: string, kind: 'glucose' | 'bp' | 'heart-rate') =>
  kind === 'heart-rate' ? `urn:glucoguard:meter-reading:${imei}:heart-rate` : `urn:glucoguard:meter-reading:${imei}`;

const NOT_FOUND = '未找到该资源，或它不属于授权给本应用的患者';
const OTHER_PATIENT = '只能读取授权给本应用的患者的数据';
const NO_PATIENT = '该令牌不代表任何患者，请使用患者授权后获得的令牌';
const BAD_CURSOR = '翻页参数 _cursor 无效，请使用上一页返回的 next 链接';
const BAD_DATE = '日期参数无效，应为 ge/le/gt/lt/eq 加日期或时间，如 ge2026-11-01';

/** Where the export lives and the request a Bundle answers, for its links. */
export interface FhirRequestContext {
  /** `{PUBLIC_BASE_URL}/api/fhir/R4`. */
  base: string;
  /** The request's path and query as received (`/api/fhir/R4/Observation?…`). */
  url: string;
  /** The patient the token is for; null for a client-credentials token. */
  customerId: string | null;
}

function patientOf(context: FhirRequestContext): string {
  if (context.customerId === null) {
    throw forbidden(NO_PATIENT);
  }
  return context.customerId;
}

/** A meter's id as the devices table numbers them (a Device id, a Device search's `_cursor`). */
const DEVICE_ID = /^[1-9][0-9]{0,17}$/;

/** A read's resource: the row made into it, or 404 when there is no such row of the patient's. */
function found<R, T>(row: R | null | undefined, toResource: (row: R) => T): T {
  if (!row) {
    throw notFound(NOT_FOUND);
  }
  return toResource(row);
}

/** Of `count + 1` rows fetched, the page of `count` and, when more follow, its last row (where the next page starts). */
function pageOf<T>(rows: readonly T[], count: number): { page: T[]; lastBeforeMore: T | null } {
  const page = rows.slice(0, count);
  return { page, lastBeforeMore: rows.length > count ? (page.at(-1) ?? null) : null };
}

/** The `patient` search parameter must name the token's patient (`Patient/{id}` or `{id}`). */
function checkPatientParameter(customerId: string, patient: string | undefined) {
  if (patient !== undefined && patient.replace(/^Patient\//, '') !== customerId) {
    throw forbidden(OTHER_PATIENT);
  }
}

function dateSpan(values: readonly string[] | undefined): FhirDateSpan {
  if (!values || values.length === 0) {
    return { from: null, to: null };
  }
  const span = fhirDateSpan(values);
  if (!span) {
    throw new AppError(ErrorCodes.badRequest, BAD_DATE);
  }
  return span;
}

/** The request's own address, and the same with `_cursor` set to the next page's. */
function links(context: FhirRequestContext, nextCursor: string | null): Bundle['link'] {
  const origin = context.base.slice(0, context.base.length - '/api/fhir/R4'.length);
  const self = `${origin}${context.url}`;
  const link: NonNullable<Bundle['link']> = [{ relation: 'self', url: self }];
  if (nextCursor !== null) {
    const url = new URL(self);
    url.searchParams.delete('_cursor');
    url.searchParams.append('_cursor', nextCursor);
    link.push({ relation: 'next', url: url.toString() });
  }
  return link;
}

function searchset<T extends Resource>(
  context: FhirRequestContext,
  resources: { resource: T; path: string }[],
  nextCursor: string | null,
  now: Date,
): Bundle<T> {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    timestamp: now.toISOString(),
    link: links(context, nextCursor),
    entry: resources.map(({ resource, path }): BundleEntry<T> => ({
      fullUrl: `${context.base}/${path}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

const CATEGORY_DISPLAY = { 'vital-signs': 'Vital Signs', laboratory: 'Laboratory' } as const;

/** A reading as an Observation: LOINC code, UCUM value, China time, and its meter when a meter measured it. */
export function toObservation(row: FhirReadingRow, patientId: string): Observation {
  const row0 = FHIR_OBSERVATION_CODES[row.kind];
  const observation: Observation = {
    resourceType: 'Observation',
    id: observationId(row.kind, row.recordId),
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    status: 'final',
    category: [
      {
        coding: [
          { system: OBSERVATION_CATEGORY_SYSTEM, code: row0.category, display: CATEGORY_DISPLAY[row0.category] },
        ],
      },
    ],
    code: { coding: [{ system: LOINC_SYSTEM, code: row0.code, display: LOINC_DISPLAY[row.kind] }], text: row0.text },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: fhirChinaDateTime(row.measuredAt),
  };
  if (row.meterReadingId !== null && row.imei !== null && row.kind !== 'weight') {
    const kind = row.kind === 'heart-rate' ? 'heart-rate' : row.kind === 'bp' ? 'bp' : 'glucose';
    observation.identifier = [{ system: meterReadingSystem(row.imei, kind), value: row.meterReadingId }];
  }
  if (row.kind === 'bp') {
    observation.component = (['systolic', 'diastolic'] as const).map((part) => ({
      code: {
        coding: [{ system: LOINC_SYSTEM, code: FHIR_BP_COMPONENTS[part].code, display: LOINC_DISPLAY[part] }],
        text: FHIR_BP_COMPONENTS[part].text,
      },
      valueQuantity: {
        value: part === 'systolic' ? row.value : (row.value2 ?? 0),
        unit: MM_HG.unit,
        system: UCUM_SYSTEM,
        code: MM_HG.ucum,
      },
    }));
  } else {
    observation.valueQuantity = { value: row.value, unit: row0.unit!, system: UCUM_SYSTEM, code: row0.ucum! };
  }
  if (row.deviceId !== null) {
    observation.device = { reference: `Device/${row.deviceId}` };
  }
  return observation;
}

/** A bound meter as a Device. */
export function toDevice(row: DeviceRow, patientId: string): Device {
  return {
    resourceType: 'Device',
    id: row.id,
    identifier: [{ system: IMEI_SYSTEM, value: row.imei }],
    status: 'active',
    ...(row.name ? { deviceName: [{ name: row.name, type: 'user-friendly-name' as const }] } : {}),
    ...(row.model ? { modelNumber: row.model } : {}),
    type: { text: row.kind === 'glucose' ? '血糖仪' : '血压计' },
    patient: { reference: `Patient/${patientId}` },
  };
}

/** The consenting patient as a Patient: the nickname, gender and year of birth (what profile.read shares). */
export function toPatient(row: PatientRow): Patient {
  return {
    resourceType: 'Patient',
    id: row.id,
    active: true,
    ...(row.nickname ? { name: [{ use: 'nickname' as const, text: row.nickname }] } : {}),
    gender: fhirGender(row.sex),
    ...(row.birthday ? { birthDate: row.birthday.slice(0, 4) } : {}),
  };
}

/** `GET Observation?…`: the patient's readings newest first, a page at a time. */
export async function searchObservations(
  db: Db,
  context: FhirRequestContext,
  query: QueryOf<'fhirSearchObservation'>,
  now: Date,
): Promise<Bundle<Observation>> {
  const customerId = patientOf(context);
  checkPatientParameter(customerId, query.patient);
  const after = query._cursor === undefined ? null : decodeFhirCursor(query._cursor);
  if (query._cursor !== undefined && after === null) {
    throw new AppError(ErrorCodes.badRequest, BAD_CURSOR);
  }
  const count = query._count ?? FHIR_PAGE.default;
  const rows = await new FhirRepository(db).readings(customerId, {
    kinds: query.code === undefined ? FHIR_OBSERVATION_KINDS : kindsForCodes(query.code),
    measured: dateSpan(query.date),
    lastUpdated: dateSpan(query._lastUpdated),
    after,
    limit: count + 1,
  });
  const { page, lastBeforeMore: last } = pageOf(rows, count);
  const next = last
    ? encodeFhirCursor({
        measuredAtUs: last.measuredAtUs,
        kindRank: fhirKindRank(last.kind),
        recordId: BigInt(last.recordId),
      })
    : null;
  return searchset(
    context,
    page.map((row) => {
      const resource = toObservation(row, customerId);
      return { resource, path: `Observation/${resource.id}` };
    }),
    next,
    now,
  );
}

/** `GET Observation/{id}`: one of the patient's readings. */
export async function readObservation(db: Db, context: FhirRequestContext, id: string): Promise<Observation> {
  const customerId = patientOf(context);
  const parsed = parseObservationId(id);
  if (!parsed) {
    throw notFound(NOT_FOUND);
  }
  const [row] = await new FhirRepository(db).readings(
    customerId,
    {
      kinds: [parsed.kind],
      measured: { from: null, to: null },
      lastUpdated: { from: null, to: null },
      after: null,
      limit: 1,
    },
    parsed.recordId,
  );
  return found(row, (reading) => toObservation(reading, customerId));
}

/** `GET Device?…`: the meters bound to the patient, by id. */
export async function searchDevices(
  db: Db,
  context: FhirRequestContext,
  query: QueryOf<'fhirSearchDevice'>,
  now: Date,
): Promise<Bundle<Device>> {
  const customerId = patientOf(context);
  checkPatientParameter(customerId, query.patient);
  if (query._cursor !== undefined && !DEVICE_ID.test(query._cursor)) {
    throw new AppError(ErrorCodes.badRequest, BAD_CURSOR);
  }
  const count = query._count ?? FHIR_PAGE.default;
  const rows = await new FhirRepository(db).devices(customerId, query._cursor ?? null, count + 1);
  const { page, lastBeforeMore } = pageOf(rows, count);
  const next = lastBeforeMore?.id ?? null;
  return searchset(
    context,
    page.map((row) => ({ resource: toDevice(row, customerId), path: `Device/${row.id}` })),
    next,
    now,
  );
}

/** `GET Device/{id}`: one meter bound to the patient. */
export async function readDevice(db: Db, context: FhirRequestContext, id: string): Promise<Device> {
  const customerId = patientOf(context);
  if (!DEVICE_ID.test(id)) {
    throw notFound(NOT_FOUND);
  }
  const [row] = await new FhirRepository(db).devices(customerId, null, 1, id);
  return found(row, (device) => toDevice(device, customerId));
}

/** `GET Patient?…`: the one patient the token is for (none when `_id` names another). */
export async function searchPatients(
  db: Db,
  context: FhirRequestContext,
  query: QueryOf<'fhirSearchPatient'>,
  now: Date,
): Promise<Bundle<Patient>> {
  const customerId = patientOf(context);
  const row =
    query._id === undefined || query._id === customerId ? await new FhirRepository(db).patient(customerId) : null;
  return searchset(context, row ? [{ resource: toPatient(row), path: `Patient/${row.id}` }] : [], null, now);
}

/** `GET Patient/{id}`: the patient the token is for; any other id is not found. */
export async function readPatient(db: Db, context: FhirRequestContext, id: string): Promise<Patient> {
  const customerId = patientOf(context);
  const row = id === customerId ? await new FhirRepository(db).patient(customerId) : null;
  return found(row, toPatient);
}

const COUNT_DOC = '每页条数，1 到 100，默认 20';
const CURSOR_DOC = '翻页位置，取自上一页 Bundle 的 next 链接';

const RESOURCES: CapabilityStatementRestResource[] = [
  {
    type: 'Patient',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: [
      { name: '_id', type: 'token', documentation: '患者 id（只能是授权的患者本人）' },
      { name: '_count', type: 'number', documentation: COUNT_DOC },
    ],
  },
  {
    type: 'Observation',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: [
      { name: 'patient', type: 'reference', documentation: 'Patient/{id}，只能是授权的患者本人' },
      { name: 'code', type: 'token', documentation: 'LOINC 编码，可带 http://loinc.org| 前缀，逗号分隔表示任一' },
      { name: 'date', type: 'date', documentation: '测量时间，前缀 ge/le/gt/lt/eq；不带时区按北京时间（+08:00）' },
      { name: '_lastUpdated', type: 'date', documentation: '最后修改时间，写法同 date' },
      { name: '_count', type: 'number', documentation: COUNT_DOC },
      { name: '_cursor', type: 'string', documentation: CURSOR_DOC },
    ],
  },
  {
    type: 'Device',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: [
      { name: 'patient', type: 'reference', documentation: 'Patient/{id}，只能是授权的患者本人' },
      { name: '_count', type: 'number', documentation: COUNT_DOC },
      { name: '_cursor', type: 'string', documentation: CURSOR_DOC },
    ],
  },
];

/** `GET metadata`: what the export offers and how to get a token for it. */
export function capabilityStatement(publicBaseUrl: string, version: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-27',
    publisher: 'GlucoGuard',
    kind: 'instance',
    software: { name: 'GlucoGuard FHIR R4 export', version },
    implementation: {
      description: '患者授权后，以 FHIR R4 只读导出其测量记录（LOINC、UCUM）、绑定的设备和基本资料',
      url: `${publicBaseUrl}/api/fhir/R4`,
    },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation: '每个请求带 Authorization: Bearer <access token>；所需权限见各资源的 patient/*.read',
        security: {
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: `${publicBaseUrl}/oauth/authorize` },
                { url: 'token', valueUri: `${publicBaseUrl}/api/oauth/v1/token` },
                { url: 'revoke', valueUri: `${publicBaseUrl}/api/oauth/v1/revoke` },
              ],
            },
          ],
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'OAuth',
                  display: 'OAuth',
                },
              ],
            },
          ],
          description:
            'OAuth 2.0 授权码 + PKCE（S256）；范围 patient/Patient.read、patient/Observation.read、patient/Device.read',
        },
        resource: RESOURCES,
      },
    ],
  };
}
