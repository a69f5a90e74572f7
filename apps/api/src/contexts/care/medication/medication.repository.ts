import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { DictionaryRepository } from '../../platform';
import { Medicine } from '../pharmacy/pharmacy.entity';
import { MedicationRecord } from './medication.entity';

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Item key → label of `medicine_usaged` and `medicine_rate`. */
export interface MedicationLabels {
  usaged: Map<string, string>;
  rate: Map<string, string>;
}

/** The medication diary's reads and writes, and the catalogue and dictionaries it names. */
export class MedicationRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of the catalogue whose generic or product name contains the text (all of it without one). */
  pageMedicines(keyWord: string, offset: number, limit: number): Promise<[Medicine[], number]> {
    const like = keyWord ? containing(keyWord) : null;
    return this.em.findAndCount(
      Medicine,
      like ? { $or: [{ genericName: { $ilike: like } }, { productName: { $ilike: like } }] } : {},
      { orderBy: [{ genericName: 'asc' }, { specification: 'asc' }, { id: 'asc' }], offset, limit },
    );
  }

  medicine(id: number): Promise<Medicine | null> {
    return this.em.findOne(Medicine, { id });
  }

  medicines(ids: number[]): Promise<Medicine[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Medicine, { id: { $in: ids } });
  }

  async labels(): Promise<MedicationLabels> {
    const groups = await new DictionaryRepository(this.em).groupByType(['medicine_usaged', 'medicine_rate']);
    const map = (code: string) => new Map((groups[code] ?? []).map((i) => [i.itemKey, i.itemValue]));
    return { usaged: map('medicine_usaged'), rate: map('medicine_rate') };
  }

  /** The customer's records taken in `[start, end)`, by record time. */
  recordsBetween(customerId: string, start: Date, end: Date): Promise<MedicationRecord[]> {
    return this.em.find(
      MedicationRecord,
      { customerId, recordTime: { $gte: start, $lt: end } },
      { orderBy: [{ recordTime: 'asc' }, { id: 'asc' }] },
    );
  }

  /** One record of the customer's, or null for a missing one and for someone else's alike. */
  ownRecord(customerId: string, id: string): Promise<MedicationRecord | null> {
    return this.em.findOne(MedicationRecord, { id, customerId });
  }

  async save(record: MedicationRecord): Promise<void> {
    await this.em.persist(record).flush();
  }

  create(data: Omit<MedicationRecord, 'id'>): MedicationRecord {
    return this.em.create(MedicationRecord, data);
  }

  /** Deletes one of the customer's records; false when there was none of theirs. */
  async deleteOwn(customerId: string, id: string): Promise<boolean> {
    return (await this.em.nativeDelete(MedicationRecord, { id, customerId })) > 0;
  }

  /** The medicine ids the customer recorded, the most recently saved first, each once. */
  async recentMedicineIds(customerId: string, limit: number): Promise<number[]> {
    const rows = await sql(this.em).execute<{ medicine_id: number }[]>(
      'select medicine_id from medication_record where customer_id = ? group by medicine_id ' +
        'order by max(updated_at) desc, medicine_id desc limit ?',
      [customerId, limit],
    );
    return rows.map((r) => Number(r.medicine_id));
  }
}
