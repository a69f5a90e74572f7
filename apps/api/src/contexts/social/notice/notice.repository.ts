import type { EntityManager } from '@mikro-orm/core';
import type { ReadingPushFields } from '@glucoguard/domain';
import { nativeQuery, sql } from '../../../lib/db';
import { Customer } from '../../identity';
import { Notice } from './notice.entity';

/** A follower to tell about a reading: their note for the patient and whether the messaging app may be used. */
export interface NoticeRecipient {
  followerId: string;
  customerNote: string | null;
  msgReceive: boolean;
}

/** A notice row as written (every column but the id). */
export type NoticeRow = Omit<Notice, 'id'>;

/** A notice as the list shows it, straight from SQL. */
export interface NoticeListRow {
  id: string;
  kind: string;
  title: string;
  text: string;
  urgent: boolean;
  read_at: Date | null;
  subject_id: string;
  reading_kind: string | null;
  reading_id: string | null;
  link: string | null;
  created_at: Date;
}

/** A notice claimed for the messaging-app push. */
export interface ClaimedPush {
  id: string;
  kind: string;
  recipient_id: string;
  subject_id: string;
  title: string;
  text: string;
  urgent: boolean;
  push_attempts: number;
  push_data: ReadingPushFields | string | null;
  link: string | null;
}

// A reading notice is shown only while the patient's consent stands; the others always.
const VISIBLE = `n.recipient_id = ? and (n.kind <> 'reading' or exists (
  select 1 from follow f where f.follower_id = n.recipient_id and f.patient_id = n.subject_id and f.status = 'accepted'))`;

/** A push's recipient at send time (see `pushRecipient`). */
export interface PushRecipient {
  openid: string;
  /** Settings 测量消息: messages about readings and the other notices. */
  msg_receive: boolean;
  /** Settings 未测量提醒: the monitoring plan's reminders (kind `monitorRemind`). */
  msg_no_test_receive: boolean;
  granted: boolean;
  live: boolean;
}

/** Storage of in-app notices; the notice table is also the messaging-app push's outbox. */
export class NoticeRepository {
  constructor(private readonly em: EntityManager) {}

  /** The followers of a patient to tell about a reading: accepted, with notices switched on. */
  async noticeRecipients(patientId: string): Promise<NoticeRecipient[]> {
    return sql(this.em).execute<NoticeRecipient[]>(
      `select f.follower_id as "followerId", f.customer_note as "customerNote", c.msg_receive as "msgReceive"
         from follow f join customer c on c.id = f.follower_id
        where f.patient_id = ? and f.status = 'accepted' and f.is_receive`,
      [patientId],
    );
  }

  /**
   * The notice recipients of several patients in one statement (a meter batch holds many): one
   * constant text with the ids as an array, prepared on each connection (`nativeQuery` with a
   * name), since a meter batch asks it on every call.
   */
  async noticeRecipientsOf(patientIds: readonly string[]): Promise<Map<string, NoticeRecipient[]>> {
    const byPatient = new Map<string, NoticeRecipient[]>();
    if (patientIds.length === 0) {
      return byPatient;
    }
    const rows = await nativeQuery<NoticeRecipient & { patientId: string }>(
      this.em,
      `select f.patient_id as "patientId", f.follower_id as "followerId", f.customer_note as "customerNote", c.msg_receive as "msgReceive"
         from follow f join customer c on c.id = f.follower_id
        where f.patient_id = any($1::uuid[]) and f.status = 'accepted' and f.is_receive`,
      [`{${patientIds.join(',')}}`],
      { name: 'notice_recipients_of' },
    );
    for (const { patientId, ...recipient } of rows) {
      byPatient.set(patientId, [...(byPatient.get(patientId) ?? []), recipient]);
    }
    return byPatient;
  }

  async insert(rows: readonly Partial<NoticeRow>[]): Promise<void> {
    await this.em.insertMany(Notice, rows as NoticeRow[]);
  }

  /** Deletes the notices of a reading (`kind` 's' glucose, 'b' pressure); answers how many. */
  deleteOfReading(readingKind: 's' | 'b', readingId: string): Promise<number> {
    return this.em.nativeDelete(Notice, { readingKind, readingId });
  }

  /** A customer's nickname, or null when there is no such customer. */
  async nickname(customerId: string): Promise<string | null> {
    const customer = await this.em.findOne(Customer, { id: customerId }, { fields: ['nickname'] });
    return customer ? customer.nickname : null;
  }

  /** One page of the recipient's visible notices, newest first. */
  page(recipientId: string, pageNo: number, pageSize: number): Promise<NoticeListRow[]> {
    return sql(this.em).execute<NoticeListRow[]>(
      `select n.id::text as id, n.kind, n.title, n.text, n.urgent, n.read_at, n.subject_id, n.reading_kind, n.reading_id::text as reading_id, n.link, n.created_at
         from notice n where ${VISIBLE} order by n.created_at desc, n.id desc limit ? offset ?`,
      [recipientId, pageSize, (pageNo - 1) * pageSize],
    );
  }

  async count(recipientId: string): Promise<number> {
    const [{ n }] = (await sql(this.em).execute<{ n: string | number }[]>(
      `select count(*) as n from notice n where ${VISIBLE}`,
      [recipientId],
    )) as [{ n: string | number }];
    return Number(n);
  }

  /** How many of the recipient's visible notices are unread, and how many of those are urgent. */
  async unread(recipientId: string): Promise<{ count: number; urgent: number }> {
    const [row] = await sql(this.em).execute<{ n: string | number; u: string | number }[]>(
      `select count(*) as n, count(*) filter (where n.urgent) as u from notice n where ${VISIBLE} and n.read_at is null`,
      [recipientId],
    );
    return { count: Number(row?.n ?? 0), urgent: Number(row?.u ?? 0) };
  }

  /** How many of the recipient's visible notices of other kinds than `kind` are unread. */
  async unreadBesides(recipientId: string, kind: string): Promise<number> {
    const [row] = await sql(this.em).execute<{ n: string | number }[]>(
      `select count(*) as n from notice n where ${VISIBLE} and n.read_at is null and n.kind <> ?`,
      [recipientId, kind],
    );
    return Number(row?.n ?? 0);
  }

  readAll(recipientId: string, now: Date): Promise<number> {
    return this.em.nativeUpdate(Notice, { recipientId, readAt: null }, { readAt: now });
  }

  /** Claims up to `batch` pushes that are due, with SKIP LOCKED under a lease ending at `leaseUntil`. */
  claimPushes(now: Date, leaseUntil: Date, batch: number): Promise<ClaimedPush[]> {
    return this.em.transactional((tx) =>
      sql(tx).execute<ClaimedPush[]>(
        `update notice set push_status = 'sending', push_next_at = ?, push_attempts = push_attempts + 1
          where id in (select id from notice where push_status in ('pending', 'sending') and push_next_at <= ?
                        order by push_next_at, id limit ? for update skip locked)
          returning id::text as id, kind, recipient_id, subject_id, title, text, urgent, push_attempts, push_data, link`,
        [leaseUntil, now, batch],
      ),
    );
  }

  /**
   * The push's recipient at send time: the messaging-app openid, the settings switch, whether the
   * patient's consent stands and whether the notice is still there (deleting its reading withdraws it).
   */
  async pushRecipient(
    notice: Pick<ClaimedPush, 'id' | 'recipient_id' | 'subject_id'>,
  ): Promise<PushRecipient | undefined> {
    const [recipient] = await sql(this.em).execute<PushRecipient[]>(
      `select c.openid, c.msg_receive, c.msg_no_test_receive,
              (c.id = ? or exists (select 1 from follow f where f.follower_id = c.id and f.patient_id = ? and f.status = 'accepted')) as granted,
              exists (select 1 from notice n where n.id = ?) as live
         from customer c where c.id = ?`,
      [notice.subject_id, notice.subject_id, notice.id, notice.recipient_id],
    );
    return recipient;
  }

  /** Ends a claimed push: sent, skipped, failed or back to pending for a retry at `nextAt`. */
  async finishPush(
    id: string,
    status: 'sent' | 'skipped' | 'failed' | 'pending',
    error: string | null,
    nextAt: Date | null,
    now: Date,
  ): Promise<void> {
    await sql(this.em).execute(
      `update notice set push_status = ?, push_error = ?, push_next_at = ?, pushed_at = ? where id = ? and push_status = 'sending'`,
      [status, error?.slice(0, 200) ?? null, nextAt, status === 'sent' ? now : null, id],
    );
  }
}
