import type { EntityManager } from '@mikro-orm/core';
import { WeightRecord } from '../readings/weight.entity';

const NEWEST_FIRST = { measuredAt: 'desc', id: 'desc' } as const;

/** Storage of weight records. */
export class WeightRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<WeightRecord | null> {
    return /^\d{1,18}$/.test(id) ? this.em.findOne(WeightRecord, { id }) : Promise.resolve(null);
  }

  /** One page of a customer's records, newest first, and how many there are. */
  page(customerId: string, pageNo: number, pageSize: number): Promise<[WeightRecord[], number]> {
    return this.em.findAndCount(
      WeightRecord,
      { customerId },
      { orderBy: NEWEST_FIRST, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
  }

  /** The customer's latest record (by measurement time, then by id). */
  latest(customerId: string): Promise<WeightRecord | null> {
    return this.em.findOne(WeightRecord, { customerId }, { orderBy: NEWEST_FIRST });
  }

  /** The customer's latest record measured strictly before `at`. */
  before(customerId: string, at: Date): Promise<WeightRecord | null> {
    return this.em.findOne(WeightRecord, { customerId, measuredAt: { $lt: at } }, { orderBy: NEWEST_FIRST });
  }
}
