import type { EntityManager } from '@mikro-orm/core';
import { formatChinaTime, parseChinaDateTime, roundLabValue, uricAcidBand, validateLabEntry } from '@glucoguard/domain';
import { listSpan, pageOf } from '../../lib/list';
import { assertValid } from '../../lib/validate';
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
  const measuredAt = input.createTimeStr ? parseChinaDateTime(input.createTimeStr) : null;
  assertValid(validateLabEntry('uricAcid', { value: input.urine, createTime: measuredAt, remark: input.remark }, now));
  const reading = em.create(UricAcidTest, {
    customerId,
    urine: roundLabValue('uricAcid', Number(input.urine)),
    remark: (input.remark ?? '').trim(),
    measuredAt: measuredAt as Date,
    createdAt: now,
  });
  await em.flush();
  return uricAcidTestVo(reading);
}

/** The caller's readings in a China-time range, newest first (spec: pageQueryList). */
export async function pageUricAcid(em: EntityManager, customerId: string, query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number }) {
  const span = listSpan(query.createStartTime, query.createEndTime);
  const [rows, total] = await new UricAcidRepository(em).page(customerId, span, query.pageNo, query.pageSize);
  return pageOf(rows.map(uricAcidTestVo), total, query.pageNo, query.pageSize);
}
