import { defineEntity, p } from '@mikro-orm/core';

/** A lifestyle tag on a reading: diet, pharmacy or sport with the chosen level (spec 2 §3). */
export interface SugarTag {
  typeCode: 'diet' | 'pharmacy' | 'sport';
  itemKey: string;
}

/** One blood-glucose reading (spec 2 §3 "Sugar test"). */
export const SugarTestSchema = defineEntity({
  name: 'SugarTest',
  tableName: 'sugar_test',
  // A customer's readings by time, carrying what the day table and the trend read: both are answered
  // from the index alone (an index-only scan), without visiting a heap page per reading.
  indexes: [{ properties: ['customerId', 'measuredAt'], include: ['timeType', 'sugar', 'id'] }],
  // A synckey is unique per customer; readings without one (meters', most hand entries) take no entry.
  uniques: [
    {
      name: 'sugar_test_customer_id_synckey_unique',
      expression:
        'create unique index "sugar_test_customer_id_synckey_unique" on "sugar_test" ("customer_id", "synckey") where "synckey" is not null',
    },
  ],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** Whose reading it is. */
    customerId: p.uuid(),
    /** Who typed it in: the owner, or a relative recording for them (testType '2'). */
    recordedBy: p.uuid(),
    timeType: p.smallint(),
    /** mmol/L, one decimal. */
    sugar: p.decimal('number').precision(4).scale(1),
    remark: p.string().length(200).default(''),
    tags: p.json<SugarTag[]>(),
    /** When the blood was measured (the spec's createTime). */
    measuredAt: p.datetime(),
    /** A client-chosen key that makes a resend store nothing new. */
    synckey: p.string().length(64).nullable(),
    /** Set for readings from a meter; such readings are read-only. */
    deviceImei: p.string().length(20).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class SugarTest extends SugarTestSchema.class {}
SugarTestSchema.setClass(SugarTest);
