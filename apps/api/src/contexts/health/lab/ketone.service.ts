import type { EntityManager } from '@mikro-orm/core';
import { formatChinaTime, ketoneBand } from '@glucoguard/domain';
import { labPage, parseLabEntry } from './labEntry';
import { assertDeletable } from '../readings/deletion';
import { KetoneRepository } from './ketone.repository';
import { KetoneTest } from '../readings/ketone.entity';

export interface KetoneEntryInput {
  /** An empty string is the empty value, as null is. */
  ketone?: number | string | null;
  createTimeStr?: string;
  remark?: string;
}

/** A reading as the API shows it, coloured by the domain's rule. */
export function ketoneTestVo(t: KetoneTest) {
  return {
    id: t.id,
    ketone: t.ketone,
    remark: t.remark,
    createTime: formatChinaTime(t.measuredAt),
    level: ketoneBand(t.ketone),
  };
}

/** Records a reading for the caller (spec: POST /ketoneTest/v1/add). */
export async function addKetone(em: EntityManager, customerId: string, input: KetoneEntryInput, now: Date) {
  const entry = parseLabEntry(
    'ketone',
    { value: input.ketone, createTimeStr: input.createTimeStr, remark: input.remark },
    now,
  );
  const reading = em.create(KetoneTest, {
    customerId,
    ketone: entry.value,
    remark: entry.remark,
    measuredAt: entry.measuredAt,
    createdAt: now,
  });
  await em.flush();
  return ketoneTestVo(reading);
}

/** Deletes one of the caller's readings (POST /ketoneTest/v1/delete; the app asks 确定删除此条记录吗? first). Only the owner may. */
export async function deleteKetone(em: EntityManager, customerId: string, id: string) {
  const reading = await new KetoneRepository(em).findById(id);
  assertDeletable(reading, customerId);
  await em.remove(reading).flush();
  return { ok: true as const };
}

/** The caller's readings in a China-time range, newest first (spec: pageQueryList). */
export async function pageKetone(
  em: EntityManager,
  customerId: string,
  query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
) {
  return labPage(
    query,
    (span) => new KetoneRepository(em).page(customerId, span, query.pageNo, query.pageSize),
    ketoneTestVo,
  );
}
