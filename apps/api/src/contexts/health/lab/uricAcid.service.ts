import type { EntityManager } from '@mikro-orm/core';
import { formatChinaTime, uricAcidBand } from '@glucoguard/domain';
import { labPage, parseLabEntry } from './labEntry';
import { assertDeletable } from '../readings/deletion';
import { UricAcidRepository } from './uricAcid.repository';
import { UricAcidTest } from '../readings/uricAcid.entity';

export interface UricAcidEntryInput {
  /** An empty string is the empty value, as null is. */
  urine?: number | string | null;
  createTimeStr?: string;
  remark?: string;
}

/** A reading as the API shows it, coloured by the domain's rule. */
export function uricAcidTestVo(t: UricAcidTest) {
  return {
    id: t.id,
    urine: t.urine,
    remark: t.remark,
    createTime: formatChinaTime(t.measuredAt),
    level: uricAcidBand(t.urine),
  };
}

/** Records a reading for the caller (spec: POST /urineTest/v1/add). */
export async function addUricAcid(em: EntityManager, customerId: string, input: UricAcidEntryInput, now: Date) {
  const entry = parseLabEntry(
    'uricAcid',
    { value: input.urine, createTimeStr: input.createTimeStr, remark: input.remark },
    now,
  );
  const reading = em.create(UricAcidTest, {
    customerId,
    urine: entry.value,
    remark: entry.remark,
    measuredAt: entry.measuredAt,
    createdAt: now,
  });
  await em.flush();
  return uricAcidTestVo(reading);
}

/** Deletes one of the caller's readings (POST /urineTest/v1/delete; the app asks 确定删除此条记录吗? first). Only the owner may. */
export async function deleteUricAcid(em: EntityManager, customerId: string, id: string) {
  const reading = await new UricAcidRepository(em).findById(id);
  assertDeletable(reading, customerId);
  await em.remove(reading).flush();
  return { ok: true as const };
}

/** The caller's readings in a China-time range, newest first (spec: pageQueryList). */
export async function pageUricAcid(
  em: EntityManager,
  customerId: string,
  query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
) {
  return labPage(
    query,
    (span) => new UricAcidRepository(em).page(customerId, span, query.pageNo, query.pageSize),
    uricAcidTestVo,
  );
}
