import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { Customer } from '../../identity';

/** What the reminder asks of the patient at send time. */
export interface ReminderRecipient {
  nickname: string;
  /** 未测量提醒 (settings `msgNoTestReceive`). */
  msgNoTestReceive: boolean;
  /** The account was closed (注销): nobody to remind. */
  closed: boolean;
}

/** Storage of the reminders sent: one row per patient, date and slot. */
export class MonitorReminderRepository {
  constructor(private readonly em: EntityManager) {}

  async recipient(customerId: string): Promise<ReminderRecipient | null> {
    const customer = await this.em.findOne(
      Customer,
      { id: customerId },
      { fields: ['nickname', 'msgNoTestReceive', 'closedAt'], disableIdentityMap: true },
    );
    return customer
      ? { nickname: customer.nickname, msgNoTestReceive: customer.msgNoTestReceive, closed: customer.closedAt !== null }
      : null;
  }

  /**
   * Claims the (patient, date, slot) reminder for `planId`: true when this call wrote the row, false
   * when a reminder of that slot was already claimed (by any plan, process or earlier attempt). The
   * row commits or rolls back with the caller's transaction.
   */
  async claim(customerId: string, date: string, timeType: number, planId: string, now: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ plan_id: string }[]>(
      `insert into monitor_reminder (customer_id, date, time_type, plan_id, sent_at) values (?, ?, ?, ?, ?)
       on conflict (customer_id, date, time_type) do nothing returning plan_id`,
      [customerId, date, timeType, planId, now],
    );
    return rows.length === 1;
  }
}
