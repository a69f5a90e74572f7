import {
  formatChinaTime,
  ketoneBand,
  parseChinaDateTime,
  roundLabValue,
  uricAcidBand,
  validateLabEntry,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { listSpan, pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';
import { deleteReading, recordReading } from '../readings/recordReading';
import { LabRepository, type LabKind, type LabRow } from './lab.repository';

/** A lab reading as the form sends it; the value's field is the kind's own (`ketone`, `urine`). An empty string is the empty value, as null is. */
export interface LabEntryInput {
  value?: number | string | null;
  createTimeStr?: string;
  remark?: string;
}

/** A lab reading's input checked by the domain's rule: the value rounded, the remark trimmed, the time parsed. */
function parseLabEntry(kind: LabKind, input: LabEntryInput, now: Date) {
  const measuredAt = input.createTimeStr ? parseChinaDateTime(input.createTimeStr) : null;
  assertValid(validateLabEntry(kind, { value: input.value, createTime: measuredAt, remark: input.remark }, now));
  return {
    value: roundLabValue(kind, Number(input.value)),
    remark: (input.remark ?? '').trim(),
    measuredAt: measuredAt as Date,
  };
}

/**
 * The three operations of a lab kind (add, delete, page), the same for ketone and uric acid:
 * `column` is the kind's value column, `view` how the API shows a reading (coloured by the domain's band).
 */
function labReadings<K extends LabKind, V>(
  kind: K,
  column: (value: number) => Partial<LabRow<K>>,
  view: (row: LabRow<K>) => V,
) {
  return {
    /** Records a reading for the caller (spec: POST /ketoneTest/v1/add, /urineTest/v1/add). */
    async add(db: Db, customerId: string, input: LabEntryInput, now: Date): Promise<V> {
      const entry = parseLabEntry(kind, input, now);
      const row = {
        customerId,
        ...column(entry.value),
        remark: entry.remark,
        measuredAt: entry.measuredAt,
        createdAt: now,
      };
      const reading = await recordReading(
        db,
        kind,
        row as never,
        { customerId, recordedBy: customerId, source: 'self' },
        now,
      );
      return view(reading as LabRow<K>);
    },
    /** Deletes one of the caller's readings (the app asks 确定删除此条记录吗? first). Only the owner may. */
    async remove(db: Db, customerId: string, id: string) {
      await deleteReading(db, kind, id, customerId);
      return { ok: true as const };
    },
    /** The caller's readings in a China-time range, newest first (spec: pageQueryList). */
    async page(
      db: Db,
      customerId: string,
      query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
    ) {
      const span = listSpan(query.createStartTime, query.createEndTime);
      const [rows, total] = await new LabRepository(db).page(kind, customerId, span, query.pageNo, query.pageSize);
      return pageOf(rows.map(view), total, query.pageNo, query.pageSize);
    },
  };
}

/** Blood ketone (spec 2 §3 "Ketone record"), mmol/L. */
export const ketone = labReadings(
  'ketone',
  (value) => ({ ketone: value }),
  (t) => ({
    id: t.id,
    ketone: t.ketone,
    remark: t.remark,
    createTime: formatChinaTime(t.measuredAt),
    level: ketoneBand(t.ketone),
  }),
);

/** Uric acid (spec 2 §3 "Uric acid record"), μmol/L; the API calls its value `urine`. */
export const uricAcid = labReadings(
  'uricAcid',
  (value) => ({ urine: value }),
  (t) => ({
    id: t.id,
    urine: t.urine,
    remark: t.remark,
    createTime: formatChinaTime(t.measuredAt),
    level: uricAcidBand(t.urine),
  }),
);
