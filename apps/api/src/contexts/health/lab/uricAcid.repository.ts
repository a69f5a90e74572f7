import type { EntityManager } from '@mikro-orm/core';
import type { ChinaListSpan } from '@glucoguard/domain';
import { measuredWithin } from '../../../lib/list';
import { UricAcidTest } from '../readings/uricAcid.entity';

/** Storage of uric-acid readings. */
export class UricAcidRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<UricAcidTest | null> {
    return /^\d{1,18}$/.test(id) ? this.em.findOne(UricAcidTest, { id }) : Promise.resolve(null);
  }

  /** One page of a customer's readings within the span, newest first, and how many there are. */
  page(customerId: string, span: ChinaListSpan, pageNo: number, pageSize: number): Promise<[UricAcidTest[], number]> {
    return this.em.findAndCount(
      UricAcidTest,
      { customerId, ...measuredWithin(span) },
      { orderBy: { measuredAt: 'desc', id: 'desc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
  }
}
