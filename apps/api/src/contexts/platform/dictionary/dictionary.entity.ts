import { defineEntity, p } from '@mikro-orm/core';

/** One item of a code-to-label dictionary (sex, diabetes type, blood-pressure type, …). */
export const DictionaryItemSchema = defineEntity({
  name: 'DictionaryItem',
  tableName: 'dictionary_item',
  uniques: [{ properties: ['typeCode', 'itemKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    typeCode: p.string().length(64).index(),
    itemKey: p.string().length(32),
    itemValue: p.string().length(64),
    sort: p.integer().default(0),
  },
});

export class DictionaryItem extends DictionaryItemSchema.class {}
DictionaryItemSchema.setClass(DictionaryItem);
