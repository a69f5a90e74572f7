import { chinaListSpan, type ChinaListSpan } from '@glucoguard/domain';
import { AppError, ErrorCodes } from './errors';

/** A list query's `createStartTime` / `createEndTime` as instants (domain `chinaListSpan`), or 40000. */
export function listSpan(createStartTime: string | undefined, createEndTime: string | undefined): ChinaListSpan {
  const span = chinaListSpan(createStartTime, createEndTime);
  if ('invalid' in span) {
    throw new AppError(ErrorCodes.badRequest, span.invalid === 'start' ? '开始时间格式不正确' : '结束时间格式不正确');
  }
  return span;
}

/** The `measuredAt` condition of a span: start inclusive, end exclusive; nothing for an open span. */
export function measuredWithin(span: ChinaListSpan): { measuredAt?: { $gte?: Date; $lt?: Date } } {
  if (!span.start && !span.end) {
    return {};
  }
  return { measuredAt: { ...(span.start && { $gte: span.start }), ...(span.end && { $lt: span.end }) } };
}

/** A page of a paged list: the spec's `items`, `currentPage` and `totalPage`. */
export function pageOf<T>(items: T[], total: number, pageNo: number, pageSize: number) {
  return { items, currentPage: pageNo, totalPage: Math.ceil(total / pageSize) };
}
