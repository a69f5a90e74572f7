import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A glucose monitoring plan (spec 3 §2.5): the dates and slots a consultation's doctor asks the
 * patient to measure, with what to do. Issued once, never edited; the doctor's name is copied in
 * so the plan keeps reading as it was issued (docs/adr/0165-monitoring-plan-issue.md).
 */
export const MonitorPlanSchema = defineEntity({
  name: 'MonitorPlan',
  tableName: 'monitor_plan',
  indexes: [{ properties: ['customerId', 'createdAt'] }, { properties: ['doctorId', 'customerId', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    customerId: p.uuid(),
    /** The directory doctor who issued it (the staff member's linked doctor). */
    doctorId: p.integer(),
    doctorName: p.string().length(64),
    /** The staff member who issued it. */
    staffId: p.uuid(),
    /** The consultation it was issued in. */
    consultId: p.uuid(),
    description: p.string().length(200),
    createdAt: p.datetime(),
  },
});
export class MonitorPlan extends MonitorPlanSchema.class {}
MonitorPlanSchema.setClass(MonitorPlan);

/** One planned measurement of a plan: a China date and a glucose slot (timeType 1..8). */
export const MonitorPlanSlotSchema = defineEntity({
  name: 'MonitorPlanSlot',
  tableName: 'monitor_plan_slot',
  primaryKeys: ['planId', 'date', 'timeType'],
  properties: {
    planId: p.uuid().primary(),
    /** 'YYYY-MM-DD', China time. */
    date: p.string().length(10).primary(),
    timeType: p.smallint().primary(),
  },
});
export class MonitorPlanSlot extends MonitorPlanSlotSchema.class {}
MonitorPlanSlotSchema.setClass(MonitorPlanSlot);
