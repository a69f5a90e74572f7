import { parseChinaDateTime, roundLabValue, validateLabEntry } from '@glucoguard/domain';
import { listSpan, pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';

type LabKind = Parameters<typeof validateLabEntry>[0];

/** A lab reading's input checked by the domain's rule: the value rounded, the remark trimmed, the time parsed. */
export function parseLabEntry(
  kind: LabKind,
  input: { value?: number | string | null; createTimeStr?: string; remark?: string },
  now: Date,
) {
  const measuredAt = input.createTimeStr ? parseChinaDateTime(input.createTimeStr) : null;
  assertValid(validateLabEntry(kind, { value: input.value, createTime: measuredAt, remark: input.remark }, now));
  return {
    value: roundLabValue(kind, Number(input.value)),
    remark: (input.remark ?? '').trim(),
    measuredAt: measuredAt as Date,
  };
}

/** One page of lab readings in a China-time range, shown through `view`. */
export async function labPage<T, V>(
  query: { createStartTime?: string; createEndTime?: string; pageNo: number; pageSize: number },
  load: (span: ReturnType<typeof listSpan>) => Promise<[T[], number]>,
  view: (row: T) => V,
) {
  const [rows, total] = await load(listSpan(query.createStartTime, query.createEndTime));
  return pageOf(rows.map(view), total, query.pageNo, query.pageSize);
}
