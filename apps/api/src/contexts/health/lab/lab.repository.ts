import type { EntityManager } from '@mikro-orm/core';
import type { ChinaListSpan } from '@glucoguard/domain';
import { measuredWithin } from '../../../lib/list';
import { KetoneTest } from '../readings/ketone.entity';
import { UricAcidTest } from '../readings/uricAcid.entity';

/** The lab readings: blood ketone and uric acid, one table each. */
const TABLE = { ketone: KetoneTest, uricAcid: UricAcidTest } as const;

export type LabKind = keyof typeof TABLE;
export type LabRow<K extends LabKind> = InstanceType<(typeof TABLE)[K]>;

/** Reading of lab readings (the readings core writes them). */
export class LabRepository {
  constructor(private readonly em: EntityManager) {}

  /** One page of a customer's readings of `kind` within the span, newest first, and how many there are. */
  page<K extends LabKind>(
    kind: K,
    customerId: string,
    span: ChinaListSpan,
    pageNo: number,
    pageSize: number,
  ): Promise<[LabRow<K>[], number]> {
    return this.em.findAndCount(TABLE[kind] as never, { customerId, ...measuredWithin(span) }, {
      orderBy: { measuredAt: 'desc', id: 'desc' },
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    } as never) as Promise<[LabRow<K>[], number]>;
  }
}
