import type { EntityManager } from '@mikro-orm/core';
import type { ChinaListSpan } from '@glucoguard/domain';
import { measuredWithin } from '../../../lib/list';
import { KetoneTest } from '../readings/ketone.entity';

/** Storage of blood-ketone readings. */
export class KetoneRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<KetoneTest | null> {
    return /^\d{1,18}$/.test(id) ? this.em.findOne(KetoneTest, { id }) : Promise.resolve(null);
  }

  /** One page of a customer's readings within the span, newest first, and how many there are. */
  page(customerId: string, span: ChinaListSpan, pageNo: number, pageSize: number): Promise<[KetoneTest[], number]> {
    return this.em.findAndCount(
      KetoneTest,
      { customerId, ...measuredWithin(span) },
      { orderBy: { measuredAt: 'desc', id: 'desc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
  }
}
