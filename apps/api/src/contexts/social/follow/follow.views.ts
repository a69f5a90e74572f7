import {
  SUGAR_TABLE_RANGE_DAYS,
  classifySugar,
  compareChinaTimeText,
  formatChinaTime,
  friendStatistics,
  latestChinaDays,
  resolveSugarRange,
  type SugarLevel,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { pagePressure, SugarRepository } from '../../health';
import { assertGrant } from './follow.service';

/*
 * What a relative may see of a patient who granted it: read-only, and only while the grant stands
 * (every call checks it again). Levels are the patient's own: their targets over the defaults.
 */

async function levelOf(em: Db, patientId: string) {
  const { slots, objectives } = await new SugarRepository(em).slotsWithObjectives(patientId);
  return (reading: { sugar: number; timeType: number }): SugarLevel | null => {
    const range = resolveSugarRange(reading.timeType, slots, objectives);
    return range ? classifySugar(reading.sugar, range) : null;
  };
}

/** The patient's sugar counts by the five levels over the latest 30, 60 or 90 days (spec: queryIFocusStat). */
export async function friendStat(em: Db, callerId: string, patientId: string, dateType: 1 | 2 | 3, now: Date) {
  await assertGrant(em, callerId, patientId);
  const span = latestChinaDays(now, SUGAR_TABLE_RANGE_DAYS[dateType]);
  const [readings, level] = await Promise.all([
    new SugarRepository(em).leanInRange(patientId, span.start, span.end),
    levelOf(em, patientId),
  ]);
  return friendStatistics(readings.map(level).filter((l): l is SugarLevel => l !== null));
}

/**
 * The patient's sugar readings grouped by China day, newest day first and each day in time order
 * (spec: the friend day list, `dateTime` and `sugarTestMaps` with the level as `pj`).
 */
export async function friendSugarDays(
  em: Db,
  callerId: string,
  patientId: string,
  query: { dateType: 1 | 2 | 3; pageNo: number; pageSize: number },
  now: Date,
) {
  await assertGrant(em, callerId, patientId);
  const span = latestChinaDays(now, SUGAR_TABLE_RANGE_DAYS[query.dateType]);
  const [readings, level] = await Promise.all([
    new SugarRepository(em).inRange(patientId, span.start, span.end),
    levelOf(em, patientId),
  ]);
  const days = new Map<string, { dateTime: string; sugarTestMaps: ReturnType<typeof dayEntry>[] }>();
  function dayEntry(r: (typeof readings)[number]) {
    return {
      testId: r.id,
      timeType: r.timeType,
      sugar: r.sugar,
      pj: level(r),
      createTime: formatChinaTime(r.measuredAt),
      remark: r.remark,
      deviceImei: r.deviceImei ?? null,
      testType: r.recordedBy === r.customerId ? ('1' as const) : ('2' as const),
    };
  }
  for (const r of readings) {
    const day = formatChinaTime(r.measuredAt, 'YYYY-MM-DD');
    const entry = days.get(day) ?? { dateTime: day, sugarTestMaps: [] };
    entry.sugarTestMaps.push(dayEntry(r));
    days.set(day, entry);
  }
  const rows = [...days.values()].sort((a, b) => compareChinaTimeText(b.dateTime, a.dateTime));
  return {
    items: rows.slice((query.pageNo - 1) * query.pageSize, query.pageNo * query.pageSize),
    currentPage: query.pageNo,
    totalPage: Math.ceil(rows.length / query.pageSize),
  };
}

/** The patient's pressure readings, newest first: the owner's own list, read-only. */
export async function friendPressure(
  em: Db,
  callerId: string,
  patientId: string,
  query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
) {
  await assertGrant(em, callerId, patientId);
  return pagePressure(em, patientId, query);
}
