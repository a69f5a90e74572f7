import { defineEntity, p } from '@mikro-orm/core';

/** One blood-pressure reading (spec 2 §3 "Blood-pressure record"). */
export const BloodPressureTestSchema = defineEntity({
  name: 'BloodPressureTest',
  tableName: 'blood_pressure_test',
  indexes: [{ properties: ['customerId', 'measuredAt'] }],
  // A synckey is unique per customer; readings without one (meters', most hand entries) take no entry.
  uniques: [
    {
      name: 'blood_pressure_test_customer_id_synckey_unique',
      expression:
        'create unique index "blood_pressure_test_customer_id_synckey_unique" on "blood_pressure_test" ("customer_id", "synckey") where "synckey" is not null',
    },
  ],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    recordedBy: p.uuid(),
    sbp: p.smallint(),
    dbp: p.smallint(),
    hr: p.smallint(),
    remark: p.string().length(280).default(''),
    measuredAt: p.datetime(),
    synckey: p.string().length(64).nullable(),
    deviceImei: p.string().length(20).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class BloodPressureTest extends BloodPressureTestSchema.class {}
BloodPressureTestSchema.setClass(BloodPressureTest);
