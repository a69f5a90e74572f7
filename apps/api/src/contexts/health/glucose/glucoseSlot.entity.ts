import { defineEntity, p } from '@mikro-orm/core';

/** A slot of the sugar dictionary: its hours and default thresholds (spec 2 §3). */
export const SugarSlotSchema = defineEntity({
  name: 'SugarSlot',
  tableName: 'sugar_slot',
  properties: {
    timeType: p.smallint().primary().autoincrement(false),
    name: p.string().length(16),
    code: p.string().length(32),
    startTime: p.string().length(8),
    endTime: p.string().length(8),
    minValue: p.decimal('number').precision(4).scale(1),
    lowValue: p.decimal('number').precision(4).scale(1),
    highValue: p.decimal('number').precision(4).scale(1),
    maxValue: p.decimal('number').precision(4).scale(1),
  },
});

export class SugarSlot extends SugarSlotSchema.class {}
SugarSlotSchema.setClass(SugarSlot);

/** A customer's own thresholds for one slot, replacing the dictionary's defaults. */
export const SugarObjectiveSchema = defineEntity({
  name: 'SugarObjective',
  tableName: 'sugar_objective',
  uniques: [{ properties: ['customerId', 'timeType'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    timeType: p.smallint(),
    minValue: p.decimal('number').precision(4).scale(1),
    lowValue: p.decimal('number').precision(4).scale(1),
    highValue: p.decimal('number').precision(4).scale(1),
    maxValue: p.decimal('number').precision(4).scale(1),
  },
});

export class SugarObjective extends SugarObjectiveSchema.class {}
SugarObjectiveSchema.setClass(SugarObjective);
