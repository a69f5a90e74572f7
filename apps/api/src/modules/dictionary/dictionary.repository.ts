import type { EntityManager } from '@mikro-orm/core';
import { DictionaryItem } from './dictionary.entity';

export interface DictionaryEntry {
  typeCode: string;
  itemKey: string;
  itemValue: string;
  sort: number;
}

export class DictionaryRepository {
  constructor(private readonly em: EntityManager) {}

  findByType(typeCode: string): Promise<DictionaryItem[]> {
    return this.em.find(DictionaryItem, { typeCode }, { orderBy: { sort: 'asc', id: 'asc' } });
  }

  /** Inserts missing items and refreshes labels of existing ones; running it twice changes nothing. */
  async upsert(entries: DictionaryEntry[]): Promise<void> {
    await this.em.upsertMany(DictionaryItem, entries, { onConflictFields: ['typeCode', 'itemKey'], onConflictAction: 'merge' });
  }
}
