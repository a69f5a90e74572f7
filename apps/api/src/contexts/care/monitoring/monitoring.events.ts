import { EventBus } from '../../health';

/** A doctor issued a monitoring plan (published inside the issuing transaction). */
export interface MonitorPlanIssued {
  type: 'MonitorPlanIssued';
  planId: string;
  customerId: string;
  /** The patient's name as the template message shows it (the nickname). */
  patientName: string;
  doctorName: string;
  slots: readonly { date: string; timeType: number }[];
  at: Date;
}

export interface MonitoringEvents {
  MonitorPlanIssued: MonitorPlanIssued;
}

/**
 * The monitoring plans' bus: issuing publishes, the notices subscribe (wired in composition.ts:
 * the in-app notice and the template message queued in the notice outbox); care never imports social.
 */
export const monitoringEvents = new EventBus<MonitoringEvents>();
