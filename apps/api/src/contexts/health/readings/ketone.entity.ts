import { defineEntity, p } from '@mikro-orm/core';

/** One blood-ketone reading (spec 2 §3 "Ketone record"). */
export const KetoneTestSchema = defineEntity({
  name: 'KetoneTest',
  tableName: 'ketone_test',
  indexes: [{ properties: ['customerId', 'measuredAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** Whose reading it is: always the signed-in customer who recorded it. */
    customerId: p.uuid(),
    /** mmol/L, one decimal (domain `LAB_LIMITS.ketone`: 0–20). */
    ketone: p.decimal('number').precision(3).scale(1),
    remark: p.string().length(100).default(''),
    /** When the blood was measured (the spec's createTime). */
    measuredAt: p.datetime(),
    createdAt: p.datetime(),
  },
});

export class KetoneTest extends KetoneTestSchema.class {}
KetoneTestSchema.setClass(KetoneTest);
