import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Customer } from '../../identity';
import { HealthRecord } from './healthRecord.entity';

/** Storage of health records. */
export class HealthRecordRepository {
  constructor(private readonly em: EntityManager) {}

  find(customerId: string): Promise<HealthRecord | null> {
    return this.em.findOne(HealthRecord, { customerId });
  }

  /**
   * The customer row locked for the rest of the transaction, so two saves of one record (or a save
   * and a doctor choice) run one after the other: the name lock and the first insert cannot race.
   */
  lockCustomer(customerId: string): Promise<Customer> {
    return this.em.findOneOrFail(Customer, { id: customerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  create(customerId: string, now: Date): HealthRecord {
    return this.em.create(HealthRecord, { customerId, complications: [], createdAt: now, updatedAt: now });
  }

  /** Writes the changes made to the loaded customer and record. */
  async save(): Promise<void> {
    await this.em.flush();
  }
}
