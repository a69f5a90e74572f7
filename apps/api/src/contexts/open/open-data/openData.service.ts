import { formatChinaTime, OPEN_DATA_MESSAGES, REPORT_MIN_MEASUREMENTS, type OpenReadingKind } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { BodyOf, QueryOf } from '../../../lib/contract';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import { CustomerRepository } from '../../identity';
import {
  addGlucoseReading,
  addPressure,
  addWeight,
  ketoneReadings,
  pressureMonthReport,
  pressureWeekReport,
  ReadingViewsRepository,
  sugarMonthReport,
  sugarWeekReport,
  uricAcidReadings,
  type ReadingView,
} from '../../health';
import { idempotent } from './idempotency.service';
import { openReadingOf, type OpenReading } from './openReading';

/*
 * The integrators' read and write operations under /open/v1 (issue 23). Every one acts for the
 * grant's patient (`customerId` of the caller's token, never a client-sent id); a token without a
 * patient (client credentials) is refused. Writes go through the app's own recording paths, so the
 * same rules check them and the same events announce them.
 */

/** Who is calling: the client, and the patient its grant is for (null for client credentials). */
export interface OpenCaller {
  clientId: string;
  customerId: string | null;
}

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** The grant's patient; a client-credentials token has none and may not read a patient's data. */
function patientOf(caller: OpenCaller): string {
  if (!caller.customerId) {
    throw forbidden(OPEN_DATA_MESSAGES.noPatient);
  }
  return caller.customerId;
}

const viewToOpen = (v: ReadingView): OpenReading => openReadingOf(v.reading, v.customerId, v.source, v.meter);

function instant(text: string | undefined): Date | null {
  if (text === undefined) {
    return null;
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    throw badRequest(OPEN_DATA_MESSAGES.badTime);
  }
  return at;
}

/** GET /open/v1/readings: a page of the patient's readings of one kind, newest first. */
export async function listOpenReadings(
  db: Db,
  caller: OpenCaller,
  query: QueryOf<'openListReadings'>,
): Promise<Schema<'OpenReadingPage'>> {
  const customerId = patientOf(caller);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const { items, total } = await new ReadingViewsRepository(db).page(
    query.kind,
    customerId,
    { from: instant(query.from), to: instant(query.to) },
    page,
    pageSize,
  );
  return { items: items.map(viewToOpen), page, pageSize, totalPage: Math.ceil(total / pageSize), total };
}

type OpenReadingInput = BodyOf<'openCreateReading'>;

/** The one value object the body must carry for its kind (and no other). */
function valueOf<K extends OpenReadingKind>(input: OpenReadingInput, kind: K): NonNullable<OpenReadingInput[K]> {
  const given = (['glucose', 'pressure', 'ketone', 'uricAcid', 'weight'] as const).filter(
    (k) => input[k] !== undefined,
  );
  const value = input[kind];
  if (given.length !== 1 || value === undefined) {
    throw badRequest(OPEN_DATA_MESSAGES.valueMismatch);
  }
  return value;
}

/** Stores the reading through the app's form path for its kind; answers its kind and stored id. */
async function record(tx: Db, customerId: string, input: OpenReadingInput, now: Date): Promise<string> {
  const measuredAt = instant(input.measuredAt) as Date;
  // The forms take China time to the second.
  const createTime = formatChinaTime(measuredAt, 'YYYY-MM-DD HH:mm:ss');
  switch (input.kind) {
    case 'glucose': {
      const v = valueOf(input, 'glucose');
      const saved = await addGlucoseReading(
        tx,
        customerId,
        { sugar: v.mmolL, createTime, ...(v.timeType !== undefined && { timeType: v.timeType }) },
        now,
      );
      return saved.testId;
    }
    case 'pressure': {
      const v = valueOf(input, 'pressure');
      const saved = await addPressure(
        tx,
        customerId,
        { sbp: v.systolic, dbp: v.diastolic, hr: v.heartRate, createTime },
        now,
      );
      return saved.bpId;
    }
    case 'ketone': {
      const v = valueOf(input, 'ketone');
      return (await ketoneReadings.add(tx, customerId, { value: v.mmolL, createTimeStr: createTime }, now)).id;
    }
    case 'uricAcid': {
      const v = valueOf(input, 'uricAcid');
      return (await uricAcidReadings.add(tx, customerId, { value: v.umolL, createTimeStr: createTime }, now)).id;
    }
    case 'weight': {
      const v = valueOf(input, 'weight');
      // The weight form takes jin (斤); integrators send kg.
      const saved = await addWeight(
        tx,
        customerId,
        { weight: v.kg * 2, height: v.heightCm ?? null, createTimeStr: createTime },
        now,
      );
      return String(saved.weightId);
    }
  }
}

/**
 * POST /open/v1/readings: records one reading for the patient, once per Idempotency-Key; answers
 * the stored reading and whether it is a stored answer replayed.
 */
export async function createOpenReading(
  db: Db,
  caller: OpenCaller,
  input: OpenReadingInput,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<{ answer: OpenReading; replayed: boolean }> {
  const customerId = patientOf(caller);
  instant(input.measuredAt);
  valueOf(input, input.kind);
  return idempotent(
    db,
    { clientId: caller.clientId, customerId },
    idempotencyKey,
    { operation: 'openCreateReading', body: input },
    now,
    async (tx) => {
      const id = await record(tx, customerId, input, now);
      const stored = await new ReadingViewsRepository(tx).find(input.kind, id);
      if (!stored) {
        throw new Error(`the ${input.kind} reading ${id} just stored cannot be read back`);
      }
      return viewToOpen(stored);
    },
  );
}

const SEX = { 1: 'male', 2: 'female' } as const;

/**
 * GET /open/v1/profile: the patient's id, nickname, sex, birth year and diagnosed types. Only the
 * year of the birthday: profile.read's consent text promises 出生年份, and FHIR's Patient agrees.
 */
export async function openProfile(db: Db, caller: OpenCaller): Promise<Schema<'OpenProfile'>> {
  const customer = await new CustomerRepository(db).get(patientOf(caller));
  return {
    patientId: customer.id,
    nickname: customer.nickname,
    sex: SEX[customer.sex as 1 | 2] ?? 'unknown',
    birthYear: customer.birthday ? Number(customer.birthday.slice(0, 4)) : null,
    diabetesType: customer.diabetesType ?? null,
    bloodPressureType: customer.bloodPressureType ?? null,
  };
}

type ReportVo = {
  startTime: string;
  endTime: string;
  count: number;
  seriousHighCount: number;
  highCount: number;
  normalCount: number;
  lowCount: number;
  seriousLowCount: number;
  testAnalysis: string;
  monitorGuide: string;
  eatGuide: string;
  sportGuide: string;
};

/** The Sunday of a week given by its Monday (calendar arithmetic on the date text, no zone). */
const sundayOf = (monday: string) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

/** The open platform's report data does not show medication days, so it reads no medication diary. */
const noMedicationDates = () => Promise.resolve([] as string[]);

/** GET /open/v1/reports: the figures of the patient's glucose or pressure report of a month or a week. */
export async function openReport(
  db: Db,
  caller: OpenCaller,
  query: QueryOf<'openGetReport'>,
  now: Date,
): Promise<Schema<'OpenReport'>> {
  const customerId = patientOf(caller);
  if ((query.month === undefined) === (query.weekStart === undefined)) {
    throw badRequest(OPEN_DATA_MESSAGES.badPeriod);
  }
  const period = query.month !== undefined ? 'month' : 'week';
  let answer: { existsFlag: boolean; count: number; vo: ReportVo | null };
  let startDate: string;
  let endDate: string;
  if (query.month !== undefined) {
    const [year, month] = query.month.split('-').map(Number) as [number, number];
    if (month < 1 || month > 12) {
      throw badRequest(OPEN_DATA_MESSAGES.badPeriod);
    }
    const ym = { year, month };
    const r =
      query.type === 'glucose'
        ? await sugarMonthReport(db, customerId, ym, now, noMedicationDates)
        : await pressureMonthReport(db, customerId, ym, now);
    answer = { existsFlag: r.existsFlag, count: r.count, vo: r.healthMonthReportVo };
    startDate = `${query.month}-01`;
    endDate = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  } else {
    startDate = query.weekStart as string;
    endDate = sundayOf(startDate);
    const r =
      query.type === 'glucose'
        ? await sugarWeekReport(db, customerId, startDate, endDate, now, noMedicationDates)
        : await pressureWeekReport(db, customerId, startDate, endDate, now);
    answer = { existsFlag: r.existsFlag, count: r.count, vo: r.healthWeekReportVo };
  }
  const vo = answer.vo;
  return {
    type: query.type,
    period,
    startDate,
    endDate,
    available: answer.existsFlag,
    measurementsNeeded: REPORT_MIN_MEASUREMENTS[period],
    count: vo ? vo.count : 0,
    levels: {
      seriousHigh: vo?.seriousHighCount ?? 0,
      high: vo?.highCount ?? 0,
      normal: vo?.normalCount ?? 0,
      low: vo?.lowCount ?? 0,
      seriousLow: vo?.seriousLowCount ?? 0,
    },
    testAnalysis: vo?.testAnalysis ?? '',
    monitorGuide: vo?.monitorGuide ?? '',
    eatGuide: vo?.eatGuide ?? '',
    sportGuide: vo?.sportGuide ?? '',
  };
}
