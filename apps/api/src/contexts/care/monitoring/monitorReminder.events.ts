import { EventBus } from '../../health';

/** A planned slot's reminder is to go out (published in the reminder job's transaction, once per patient, date and slot). */
export interface MonitorReminderDue {
  type: 'MonitorReminderDue';
  customerId: string;
  planId: string;
  /** The patient's name as the template message shows it (the nickname). */
  patientName: string;
  doctorName: string;
  /** 'YYYY-MM-DD', China time. */
  date: string;
  /** The slot with its hours from the sugar dictionary. */
  slot: { timeType: number; startTime: string; endTime: string };
  at: Date;
}

export interface MonitorReminderEvents {
  MonitorReminderDue: MonitorReminderDue;
}

/**
 * The reminders' bus: the reminder job publishes, the notices subscribe (wired in composition.ts:
 * the in-app notice and the template message queued in the notice outbox); this module knows none
 * of its subscribers, as care never imports social.
 */
export const monitorReminderEvents = new EventBus<MonitorReminderEvents>();
