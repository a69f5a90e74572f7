import { defineEntity, p } from '@mikro-orm/core';

/**
 * A monitoring reminder handed to the notice outbox: one row per patient, China date and glucose
 * slot, ever. Written in the reminder job's transaction before its notice, so whichever job gets
 * there first (a rerun after a crash, another API process, a second plan covering the same slot)
 * reminds, and every other finds the row and sends nothing
 * (docs/adr/0169-monitor-reminders-at-most-once-through-the-notice-outbox.md).
 */
export const MonitorReminderSchema = defineEntity({
  name: 'MonitorReminder',
  tableName: 'monitor_reminder',
  primaryKeys: ['customerId', 'date', 'timeType'],
  properties: {
    customerId: p.uuid().primary(),
    /** 'YYYY-MM-DD', China time. */
    date: p.string().length(10).primary(),
    timeType: p.smallint().primary(),
    /** The plan whose job reminded. */
    planId: p.uuid(),
    sentAt: p.datetime(),
  },
});
export class MonitorReminder extends MonitorReminderSchema.class {}
MonitorReminderSchema.setClass(MonitorReminder);
