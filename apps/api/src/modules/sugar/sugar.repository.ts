import type { EntityManager } from '@mikro-orm/core';
import { SugarObjective, SugarSlot, SugarTest } from './sugar.entity';

/** Storage of readings, the slot dictionary and the customers' own targets. */
export class SugarRepository {
  constructor(private readonly em: EntityManager) {}

  slots(): Promise<SugarSlot[]> {
    return this.em.find(SugarSlot, {}, { orderBy: { timeType: 'asc' } });
  }

  objectives(customerId: string): Promise<SugarObjective[]> {
    return this.em.find(SugarObjective, { customerId }, { orderBy: { timeType: 'asc' } });
  }

  /** Replaces a customer's targets for the given slots in one transaction. */
  async saveObjectives(customerId: string, rows: Omit<SugarObjective, 'id' | 'customerId'>[]): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.nativeDelete(SugarObjective, { customerId, timeType: { $in: rows.map((r) => r.timeType) } });
      for (const row of rows) {
        tx.create(SugarObjective, { customerId, ...row });
      }
    });
  }

  findById(id: string): Promise<SugarTest | null> {
    return /^\d{1,18}$/.test(id) ? this.em.findOne(SugarTest, { id }) : Promise.resolve(null);
  }

  findBySynckey(customerId: string, synckey: string): Promise<SugarTest | null> {
    return this.em.findOne(SugarTest, { customerId, synckey });
  }

  /** A customer's readings in [start, end), oldest first; optionally only some slots. */
  inRange(customerId: string, start: Date, end: Date, timeTypes?: readonly number[]): Promise<SugarTest[]> {
    return this.em.find(
      SugarTest,
      { customerId, measuredAt: { $gte: start, $lt: end }, ...(timeTypes && { timeType: { $in: [...timeTypes] } }) },
      { orderBy: { measuredAt: 'asc', id: 'asc' } },
    );
  }

  /** Readings with a remark or a tag in [start, end), for the medal. */
  async countAnnotated(customerId: string, start: Date, end: Date): Promise<number> {
    const rows = await this.inRange(customerId, start, end);
    return rows.filter((r) => r.remark.trim() !== '' || r.tags.length > 0).length;
  }
}
