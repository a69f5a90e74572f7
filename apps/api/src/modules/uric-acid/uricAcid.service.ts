import type { EntityManager } from '@mikro-orm/core';
import { formatChinaTime, uricAcidBand } from '@glucoguard/domain';
import { labPage, parseLabEntry } from '../lab/labEntry';
import { UricAcidRepository } from './uricAcid.repository';
import { UricAcidTest } from './uricAcid.entity';

export interface UricAcidEntryInput {
  urine?: number | null;
  createTimeStr?: string;
  remark?: string;
}

/** A reading as the API shows it, coloured by the domain's rule. */
export function uricAcidTestVo(t: UricAcidTest) {
  return { id: t.id, urine: t.urine, remark: t.remark, createTime: formatChinaTime(t.measuredAt), level: uricAcidBand(t.urine) };
}

/** Records a reading for the caller (spec: POST /urineTest/v1/add). */
export async function addUricAcid(em: EntityManager, customerId: string, input: UricAcidEntryInput, now: Date) {
  const entry = parseLabEntry('uricAcid', { value: input.urine, createTimeStr: input.createTimeStr, remark: input.remark }, now);
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

/** The caller's readings in a China-time range, newest first (spec: pageQueryList). */
export async function pageUricAcid(em: EntityManager, customerId: string, query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number }) {
  return labPage(query, (span) => new UricAcidRepository(em).page(customerId, span, query.pageNo, query.pageSize), uricAcidTestVo);
}
