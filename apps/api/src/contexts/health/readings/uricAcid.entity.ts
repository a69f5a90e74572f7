import { defineEntity, p } from '@mikro-orm/core';

/** One uric-acid reading (spec 2 §3 "Uric acid record"; the spec's field is `urine`). */
export const UricAcidTestSchema = defineEntity({
  name: 'UricAcidTest',
  tableName: 'uric_acid_test',
  indexes: [{ properties: ['customerId', 'measuredAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** Whose reading it is: always the signed-in customer who recorded it. */
    customerId: p.uuid(),
    /** μmol/L, whole units (domain `LAB_LIMITS.uricAcid`: 0–2000). */
    urine: p.decimal('number').precision(4).scale(0),
    remark: p.string().length(100).default(''),
    /** When it was measured (the spec's createTime). */
    measuredAt: p.datetime(),
    createdAt: p.datetime(),
  },
});

export class UricAcidTest extends UricAcidTestSchema.class {}
UricAcidTestSchema.setClass(UricAcidTest);
