import { defineEntity, p } from '@mikro-orm/core';

/** One weighing (spec 2 §3 "Weight record"). Weight is kept in kg: half the jin the app shows. */
export const WeightRecordSchema = defineEntity({
  name: 'WeightRecord',
  tableName: 'weight_record',
  indexes: [{ properties: ['customerId', 'measuredAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    /** kg, two decimals: the jin entered (one decimal) halved, so 120.5 jin is 60.25 kg exactly. */
    weightKg: p.decimal('number').precision(5).scale(2),
    /** cm, one decimal, as it was when weighed. */
    heightCm: p.decimal('number').precision(4).scale(1),
    /** Computed by the server from weight and height (domain `bmiFromKg`), never taken from the client. */
    bmi: p.decimal('number').precision(6).scale(2),
    /** When the weighing was (the spec's createTime). */
    measuredAt: p.datetime(),
    createdAt: p.datetime(),
  },
});

export class WeightRecord extends WeightRecordSchema.class {}
WeightRecordSchema.setClass(WeightRecord);
