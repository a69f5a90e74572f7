import { defineEntity, p } from '@mikro-orm/core';

/** A row of the pressure range configuration: a severity rank (`sort`) and its bounds (spec 2 §3). */
export const BloodPressureRangeSchema = defineEntity({
  name: 'BloodPressureRange',
  tableName: 'blood_pressure_range',
  properties: {
    sort: p.smallint().primary().autoincrement(false),
    name: p.string().length(16),
    sbpMin: p.smallint(),
    sbpMax: p.smallint(),
    dbpMin: p.smallint(),
    dbpMax: p.smallint(),
  },
});

export class BloodPressureRange extends BloodPressureRangeSchema.class {}
BloodPressureRangeSchema.setClass(BloodPressureRange);
