import type { EntityManager } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
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
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import { sql } from '../../../lib/db';
import { listSpan, measuredWithin, pageOf } from '../../../lib/list';
import { recordingTarget } from '../../social/follow/follow.service';
import { notifyFollowersOfReading } from '../../social/notice/notice.service';
import { BloodPressureRange } from './pressureRange.entity';
import { BloodPressureTest } from '../readings/pressure.entity';
import { awardForReading } from '../../engagement/points/points.service';
import { assertDeletable, forgetReading } from '../readings/deletion';

export interface BpEntryInput {
  sbp: number;
  dbp: number;
  hr: number;
  createTime: string;
  remark?: string;
  synckey?: string;
  followerId?: string;
  testType?: '1' | '2';
}

/** The pressure chart covers the last 365 days (spec 2 §9). */
const TREND_DAYS = 365;

export async function ranges(em: EntityManager): Promise<BloodPressureRange[]> {
  return em.find(BloodPressureRange, {}, { orderBy: { sort: 'asc' } });
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

const colourOf = async (em: EntityManager, t: Pick<BloodPressureTest, 'sbp' | 'dbp'>) =>
  classifyBloodPressure(t.sbp, t.dbp, await ranges(em));

/**
 * Records a reading: the caller's own, or — with `followerId` — one for a patient who granted the
 * caller (stored as theirs, `recordedBy` the caller). A resend with the same synckey stores nothing
 * new. The patient's followers are told in the same transaction.
 */
export async function addPressure(
  em: EntityManager,
  callerId: string,
  input: BpEntryInput,
  now: Date,
): Promise<{ bpId: string; duplicate: boolean; color: 1 | 2 | 3 | null }> {
  const customerId = await recordingTarget(em, callerId, input);
  const entry = parseEntry(input, now);
  const existing = input.synckey ? await em.findOne(BloodPressureTest, { customerId, synckey: input.synckey }) : null;
  if (existing) {
    const level = await colourOf(em, existing);
    return { bpId: existing.id, duplicate: true, color: level ? BP_COLOR[level] : null };
  }
  let reading: BloodPressureTest;
  try {
    reading = await em.transactional(async (tx) => {
      const created = tx.create(BloodPressureTest, {
        customerId,
        recordedBy: callerId,
        ...entry,
        synckey: input.synckey ?? null,
        deviceImei: null,
        createdAt: now,
        updatedAt: now,
      });
      await tx.flush();
      await notifyFollowersOfReading(
        tx,
        {
          kind: 'bloodPressure',
          id: created.id,
          customerId,
          recordedBy: callerId,
          measuredAt: entry.measuredAt,
          sbp: entry.sbp,
          dbp: entry.dbp,
          hr: entry.hr,
        },
        now,
      );
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && input.synckey) {
      em.clear();
      return addPressure(em, callerId, input, now);
    }
    throw error;
  }
  if (customerId === callerId) {
    // Points for one's own reading (capped per China day); the reading's id makes a repeat pay nothing.
    await awardForReading(em, customerId, 'BLOOD_PRESSURE_TEST', reading.id, now);
  }
  const level = await colourOf(em, reading);
  return { bpId: reading.id, duplicate: false, color: level ? BP_COLOR[level] : null };
}

async function ownPressure(em: EntityManager, customerId: string, bpId: string) {
  const reading = /^\d{1,18}$/.test(bpId) ? await em.findOne(BloodPressureTest, { id: bpId }) : null;
  return reading && reading.customerId === customerId ? reading : null;
}

/** Changes one of the caller's readings; meter readings are read-only. */
export async function editPressure(
  em: EntityManager,
  customerId: string,
  bpId: string,
  input: BpEntryInput,
  now: Date,
) {
  const reading = await ownPressure(em, customerId, bpId);
  if (!reading) {
    throw new AppError(ErrorCodes.notFound, '该数据已被删除', 404);
  }
  if (reading.deviceImei) {
    throw forbidden('设备上传的数据不能修改');
  }
  Object.assign(reading, parseEntry(input, now), { updatedAt: now });
  await em.flush();
  const level = await colourOf(em, reading);
  return { bpId: reading.id, duplicate: false, color: level ? BP_COLOR[level] : null };
}

/**
 * Deletes one of the caller's readings (POST /bloodPressureTest/v1/delete; the app asks
 * 确定删除此条记录吗? first). Only the owner may; a meter's reading is read-only. Its notices and its
 * feed post's likes and comments go in the same transaction; points paid for it are kept.
 */
export async function deletePressure(em: EntityManager, customerId: string, bpId: string) {
  return em.transactional(async (tx) => {
    const reading = /^\d{1,18}$/.test(bpId) ? await tx.findOne(BloodPressureTest, { id: bpId }) : null;
    assertDeletable(reading, customerId);
    await forgetReading(tx, 'bloodPressure', reading.id);
    tx.remove(reading);
    await tx.flush();
    return { ok: true as const };
  });
}

export async function getPressure(em: EntityManager, customerId: string, bpId: string) {
  const reading = await ownPressure(em, customerId, bpId);
  if (!reading) {
    return { existsFlag: false, bloodPressureVo: null, reminder: null };
  }
  const level = await colourOf(em, reading);
  return {
    existsFlag: true,
    bloodPressureVo: bloodPressureVo(reading, level),
    reminder: level ? bloodPressureReminder(level) : null,
  };
}

/** The readings of a time range, newest first, paged (spec: pageQueryList). */
export async function pagePressure(
  em: EntityManager,
  customerId: string,
  query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
) {
  const span = listSpan(query.createStartTime, query.createEndTime);
  const [rows, total] = await em.findAndCount(
    BloodPressureTest,
    { customerId, ...measuredWithin(span) },
    {
      orderBy: { measuredAt: 'desc', id: 'desc' },
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    },
  );
  const config = await ranges(em);
  return pageOf(
    rows.map((r) => bloodPressureVo(r, classifyBloodPressure(r.sbp, r.dbp, config))),
    total,
    query.pageNo,
    query.pageSize,
  );
}

/** The chart's readings: the last 365 China days, oldest first (spec: trendpageQueryList). */
export async function pressureTrend(em: EntityManager, customerId: string, now: Date) {
  const span = latestChinaDays(now, TREND_DAYS);
  const [rows, config] = await Promise.all([
    em.find(
      BloodPressureTest,
      { customerId, measuredAt: { $gte: span.start, $lt: span.end } },
      { orderBy: { measuredAt: 'asc', id: 'asc' } },
    ),
    ranges(em),
  ]);
  return rows.map((r) => bloodPressureVo(r, classifyBloodPressure(r.sbp, r.dbp, config)));
}

/** Counts by level over a time range (spec: queryJudge), from plain rows rather than entities. */
export async function judgePressure(
  em: EntityManager,
  customerId: string,
  query: { createStartTime?: string; createEndTime?: string },
) {
  const { start, end } = listSpan(query.createStartTime, query.createEndTime);
  const rows = await sql(em).execute<{ sbp: number; dbp: number }[]>(
    `select sbp, dbp from blood_pressure_test where customer_id = ?${start ? ' and measured_at >= ?' : ''}${end ? ' and measured_at < ?' : ''}`,
    [customerId, ...(start ? [start] : []), ...(end ? [end] : [])],
  );
  const config = await ranges(em);
  const counts = { total: rows.length, lowCount: 0, normalCount: 0, highCount: 0 };
  for (const row of rows) {
    const level = classifyBloodPressure(row.sbp, row.dbp, config);
    if (level) {
      counts[`${level}Count`] += 1;
    }
  }
  return { judgeMap: counts };
}
