import {
  BP_COLOR,
  bloodPressureReminder,
  classifyBloodPressure,
  formatChinaTime,
  latestChinaDays,
  parseChinaDateTime,
  validateBloodPressureEntry,
  validateMeasurementTime,
  type BpLevel,
} from '@glucoguard/domain';
import type { BodyOf } from '../../../lib/contract';
import type { Db } from '../../../lib/db';
import { listSpan, pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';
import { readingOwner } from '../readings/actingFor';
import type { BloodPressureTest } from '../readings/pressure.entity';
import { changeReading, deleteReading, readingToChange, recordReading } from '../readings/recordReading';
import { PressureRepository } from './pressure.repository';
import type { BloodPressureRange } from './pressureRange.entity';

/** A reading as the add and edit forms send it (the contract's types). */
export type BpEntryInput = BodyOf<'addBloodPressure'> | Omit<BodyOf<'editBloodPressure'>, 'bpId'>;

/** The pressure chart covers the last 365 days (spec 2 §9). */
const TREND_DAYS = 365;

export function ranges(db: Db): Promise<BloodPressureRange[]> {
  return new PressureRepository(db).ranges();
}

export function bloodPressureVo(t: BloodPressureTest, level: BpLevel | undefined) {
  return {
    bpId: t.id,
    customerId: t.customerId,
    sbp: t.sbp,
    dbp: t.dbp,
    hr: t.hr,
    remark: t.remark,
    createTime: formatChinaTime(t.measuredAt),
    color: level ? BP_COLOR[level] : null,
    testType: t.recordedBy === t.customerId ? ('1' as const) : ('2' as const),
    deviceImei: t.deviceImei ?? null,
    synckey: t.synckey ?? null,
  };
}

function parseEntry(input: BpEntryInput, now: Date) {
  const measuredAt = parseChinaDateTime(input.createTime);
  assertValid(validateBloodPressureEntry(input));
  assertValid(validateMeasurementTime(measuredAt, now));
  return {
    sbp: input.sbp,
    dbp: input.dbp,
    hr: input.hr,
    remark: (input.remark ?? '').trim(),
    measuredAt: measuredAt as Date,
  };
}

const colourOf = async (db: Db, t: Pick<BloodPressureTest, 'sbp' | 'dbp'>) => {
  const level = classifyBloodPressure(t.sbp, t.dbp, await ranges(db));
  return level ? BP_COLOR[level] : null;
};

/**
 * Records a reading: the caller's own, or — with `followerId` — one for a patient who granted the
 * caller (stored as theirs, `recordedBy` the caller). A resend with the same synckey stores nothing
 * new. The readings core stores it and tells its subscribers (notices, points) in one transaction.
 */
export async function addPressure(
  db: Db,
  callerId: string,
  input: BpEntryInput,
  now: Date,
): Promise<{ bpId: string; duplicate: boolean; color: 1 | 2 | 3 | null }> {
  const { customerId, source } = await readingOwner(db, callerId, input);
  const entry = parseEntry(input, now);
  const existing = input.synckey ? await new PressureRepository(db).findBySynckey(customerId, input.synckey) : null;
  if (existing) {
    return { bpId: existing.id, duplicate: true, color: await colourOf(db, existing) };
  }
  const reading = await recordReading(
    db,
    'pressure',
    {
      customerId,
      recordedBy: callerId,
      ...entry,
      synckey: input.synckey ?? null,
      deviceImei: null,
      createdAt: now,
      updatedAt: now,
    },
    { customerId, recordedBy: callerId, source },
    now,
  );
  if (!reading) {
    // The same synckey saved at the same moment: answer the winner's reading.
    return addPressure(db, callerId, input, now);
  }
  return { bpId: reading.id, duplicate: false, color: await colourOf(db, reading) };
}

async function ownPressure(db: Db, customerId: string, bpId: string) {
  const reading = await new PressureRepository(db).findById(bpId);
  return reading && reading.customerId === customerId ? reading : null;
}

/** Changes one of the caller's readings; meter readings are read-only. */
export async function editPressure(db: Db, customerId: string, bpId: string, input: BpEntryInput, now: Date) {
  const reading = await readingToChange(db, 'pressure', bpId, customerId);
  await changeReading(db, 'pressure', reading, { ...parseEntry(input, now), updatedAt: now }, now);
  return { bpId: reading.id, duplicate: false, color: await colourOf(db, reading) };
}

/**
 * Deletes one of the caller's readings (POST /bloodPressureTest/v1/delete; the app asks
 * 确定删除此条记录吗? first). Only the owner may; a meter's reading is read-only. Its notices and its
 * feed post's likes and comments go in the same transaction (the core's ReadingDeleted); points paid for it are kept.
 */
export async function deletePressure(db: Db, customerId: string, bpId: string) {
  await deleteReading(db, 'pressure', bpId, customerId);
  return { ok: true as const };
}

export async function getPressure(db: Db, customerId: string, bpId: string) {
  const reading = await ownPressure(db, customerId, bpId);
  if (!reading) {
    return { existsFlag: false, bloodPressureVo: null, reminder: null };
  }
  const level = classifyBloodPressure(reading.sbp, reading.dbp, await ranges(db));
  return {
    existsFlag: true,
    bloodPressureVo: bloodPressureVo(reading, level),
    reminder: level ? bloodPressureReminder(level) : null,
  };
}

/** The readings of a time range, newest first, paged (spec: pageQueryList). */
export async function pagePressure(
  db: Db,
  customerId: string,
  query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
) {
  const span = listSpan(query.createStartTime, query.createEndTime);
  const repo = new PressureRepository(db);
  const [rows, total] = await repo.page(customerId, span, query.pageNo, query.pageSize);
  const config = await repo.ranges();
  return pageOf(
    rows.map((r) => bloodPressureVo(r, classifyBloodPressure(r.sbp, r.dbp, config))),
    total,
    query.pageNo,
    query.pageSize,
  );
}

/** The chart's readings: the last 365 China days, oldest first (spec: trendpageQueryList). */
export async function pressureTrend(db: Db, customerId: string, now: Date) {
  const span = latestChinaDays(now, TREND_DAYS);
  const repo = new PressureRepository(db);
  const [rows, config] = await Promise.all([repo.inRange(customerId, span.start, span.end), repo.ranges()]);
  return rows.map((r) => bloodPressureVo(r, classifyBloodPressure(r.sbp, r.dbp, config)));
}

/** Counts by level over a time range (spec: queryJudge), from plain rows rather than entities. */
export async function judgePressure(
  db: Db,
  customerId: string,
  query: { createStartTime?: string; createEndTime?: string },
) {
  const repo = new PressureRepository(db);
  const rows = await repo.pressures(customerId, listSpan(query.createStartTime, query.createEndTime));
  const config = await repo.ranges();
  const counts = { total: rows.length, lowCount: 0, normalCount: 0, highCount: 0 };
  for (const row of rows) {
    const level = classifyBloodPressure(row.sbp, row.dbp, config);
    if (level) {
      counts[`${level}Count`] += 1;
    }
  }
  return { judgeMap: counts };
}
