import { monitorReminderDueAt, monitorReminderKey, monitorReminderSendable, slotSpanOn } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { scheduleJob } from '../../platform';
import { glucoseSlotsWithReadings, SugarRepository } from '../../health';
import { monitorReminderEvents } from './monitorReminder.events';
import { MonitorReminderRepository } from './monitorReminder.repository';

/** The reminder job's name (stored with each job: never renamed). */
export const MONITOR_REMINDER_JOB = 'care.monitoring.remind';

/** What one reminder job carries. */
export interface MonitorReminderPayload {
  planId: string;
  customerId: string;
  doctorName: string;
  /** 'YYYY-MM-DD', China time. */
  date: string;
  timeType: number;
}

/** A plan as its reminders need it: who, by whom, and the planned (date, slot) pairs. */
export interface RemindedPlan {
  id: string;
  customerId: string;
  doctorName: string;
  slots: readonly { date: string; timeType: number }[];
}

/**
 * Schedules one reminder job per planned (date, slot) of `plan`, due at the slot's start from the
 * sugar dictionary, or at 07:00 for a start in the quiet hours (domain `monitorReminderDueAt`),
 * keyed `planId:date:timeType`. Call it in the transaction that stores the plan: the jobs exist if
 * and only if the plan does. Slots already over at `now`, and slots the quiet hours leave without
 * a reminder, get no job. Answers how many jobs it scheduled.
 */
export async function scheduleMonitorReminders(tx: Db, plan: RemindedPlan, now: Date): Promise<number> {
  const dictionary = new Map((await new SugarRepository(tx).slots()).map((s) => [s.timeType, s]));
  let scheduled = 0;
  for (const { date, timeType } of plan.slots) {
    const slot = dictionary.get(timeType);
    const dueAt = slot ? monitorReminderDueAt(date, slot) : null;
    const span = slot ? slotSpanOn(date, slot) : null;
    if (!dueAt || !span || span.end.getTime() <= now.getTime()) {
      continue;
    }
    const payload: MonitorReminderPayload = {
      planId: plan.id,
      customerId: plan.customerId,
      doctorName: plan.doctorName,
      date,
      timeType,
    };
    if (await scheduleJob(tx, MONITOR_REMINDER_JOB, monitorReminderKey(plan.id, date, timeType), dueAt, payload)) {
      scheduled += 1;
    }
  }
  return scheduled;
}

/** What a reminder job did: sent, or why not. */
export type MonitorReminderOutcome =
  'sent' | 'unknownSlot' | 'outOfHours' | 'noCustomer' | 'closed' | 'switchedOff' | 'measured' | 'alreadyReminded';

/**
 * Runs one reminder job (in the job's transaction): the reminder goes out only while the slot
 * still runs outside the quiet hours (凌晨 always), to an account still open (not 注销), if the
 * patient's 未测量提醒 is on and no glucose reading of that slot and date exists (form or meter). The (patient, date, slot) row is written
 * first; a slot already reminded sends nothing. Then `MonitorReminderDue` is published, whose
 * subscriber writes the in-app notice and queues the template message in the notice outbox, in
 * this same transaction.
 */
export async function runMonitorReminder(
  db: Db,
  payload: MonitorReminderPayload,
  now: Date,
): Promise<MonitorReminderOutcome> {
  const { planId, customerId, date, timeType } = payload;
  const slot = (await new SugarRepository(db).slots()).find((s) => s.timeType === timeType);
  if (!slot) {
    return 'unknownSlot';
  }
  if (!monitorReminderSendable(now, date, slot)) {
    return 'outOfHours';
  }
  const repo = new MonitorReminderRepository(db);
  const recipient = await repo.recipient(customerId);
  if (!recipient) {
    return 'noCustomer';
  }
  if (recipient.closed) {
    return 'closed';
  }
  if (!recipient.msgNoTestReceive) {
    return 'switchedOff';
  }
  if ((await glucoseSlotsWithReadings(db, customerId, date, date)).has(`${date}:${timeType}`)) {
    return 'measured';
  }
  if (!(await repo.claim(customerId, date, timeType, planId, now))) {
    return 'alreadyReminded';
  }
  await monitorReminderEvents.publish(db, 'MonitorReminderDue', [
    {
      type: 'MonitorReminderDue',
      customerId,
      planId,
      patientName: recipient.nickname,
      doctorName: payload.doctorName,
      date,
      slot: { timeType, startTime: slot.startTime, endTime: slot.endTime },
      at: now,
    },
  ]);
  return 'sent';
}
