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

  /** Items of several dictionaries (all of them without codes), grouped by code in display order. */
  async groupByType(typeCodes?: string[]): Promise<Record<string, { itemKey: string; itemValue: string }[]>> {
    const items = await this.em.find(DictionaryItem, typeCodes ? { typeCode: { $in: typeCodes } } : {}, {
      orderBy: { typeCode: 'asc', sort: 'asc', id: 'asc' },
    });
    const groups: Record<string, { itemKey: string; itemValue: string }[]> = Object.fromEntries(
      (typeCodes ?? []).map((code) => [code, []]),
    );
    for (const { typeCode, itemKey, itemValue } of items) {
      (groups[typeCode] ??= []).push({ itemKey, itemValue });
    }
    return groups;
  }

  /** Inserts missing items and refreshes labels of existing ones; running it twice changes nothing. */
  async upsert(entries: DictionaryEntry[]): Promise<void> {
    await this.em.upsertMany(DictionaryItem, entries, {
      onConflictFields: ['typeCode', 'itemKey'],
      onConflictAction: 'merge',
    });
  }
}
