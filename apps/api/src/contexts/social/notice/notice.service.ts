import {
  classifyBloodPressure,
  classifySugar,
  couponIssuedNotice,
  feedPostId,
  formatChinaTime,
  isUrgentBloodPressure,
  monitorPlanNotice,
  monitorPlanPushFields,
  monitorReminderNotice,
  monitorReminderPushFields,
  readingNoticeText,
  readingPushFields,
  repairDetailPath,
  repairStepNotice,
  repairStepPushFields,
  type RepairStepKind,
  resolveSugarRange,
  rxReviewNotice,
  rxReviewPushFields,
  type NoticeReading,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { Db } from '../../../lib/db';
import { pageOf } from '../../../lib/list';
import { PressureRepository, SugarRepository } from '../../health';
import { NoticeRepository, type NoticeRecipient } from './notice.repository';

/**
 * A reading just stored for a patient, as the notice fan-out needs it. Hand-recorded readings and
 * meter readings alike: the meter ingestion passes its new records here too.
 */
export interface NotifiableReading {
  kind: 'bloodSugar' | 'bloodPressure';
  /** The sugar_test or blood_pressure_test id. */
  id: string;
  /** The patient whose reading it is. */
  customerId: string;
  /** Who typed it in, when a relative recorded it for the patient: they are not told about it, the others are told who did. */
  recordedBy?: string | null;
  measuredAt: Date;
  sugar?: number | null;
  timeType?: number | null;
  sbp?: number | null;
  dbp?: number | null;
  hr?: number | null;
}

/** The reading as the domain's notice texts describe it (time left blank), classified against the patient's own thresholds. */
async function describe(em: Db, reading: NotifiableReading): Promise<NoticeReading> {
  const time = '';
  if (reading.kind === 'bloodSugar') {
    const sugar = Number(reading.sugar ?? 0);
    const timeType = Number(reading.timeType ?? 0);
    const { slots, objectives } = await new SugarRepository(em).slotsWithObjectives(reading.customerId);
    const range = resolveSugarRange(timeType, slots, objectives);
    return { kind: 'bloodSugar', sugar, timeType, level: range ? classifySugar(sugar, range) : null, time };
  }
  const [sbp, dbp, hr] = [Number(reading.sbp ?? 0), Number(reading.dbp ?? 0), Number(reading.hr ?? 0)];
  const config = await new PressureRepository(em).ranges();
  return {
    kind: 'bloodPressure',
    sbp,
    dbp,
    hr,
    level: classifyBloodPressure(sbp, dbp, config) ?? null,
    urgent: isUrgentBloodPressure(sbp, dbp, config),
    time,
  };
}

/**
 * Tells every follower of the reading's patient who has notices switched on (`isReceive` 1) and
 * whose access stands: one in-app notice each, urgent for a severe reading (domain
 * `readingNoticeText`). Followers who also allow measurement messages (settings `msgReceive`) get
 * the notice queued for the messaging app; the push dispatcher sends it after this transaction
 * commits. Call it in the transaction that stored the reading. Answers how many were told.
 */
export async function notifyFollowersOfReading(
  em: Db,
  reading: NotifiableReading,
  now: Date = new Date(),
  /** The patient's recipients when the caller already loaded them (a meter batch loads all its patients' at once). */
  preloaded?: readonly NoticeRecipient[],
): Promise<{ notified: number; urgent: boolean }> {
  const recipients = (preloaded ?? (await new NoticeRepository(em).noticeRecipients(reading.customerId))).filter(
    (r) => r.followerId !== reading.recordedBy,
  );
  if (recipients.length === 0) {
    return { notified: 0, urgent: false };
  }
  const repo = new NoticeRepository(em);
  const nickname = (await repo.nickname(reading.customerId)) || '亲友';
  // A reading a relative entered for the patient says so (domain readingRecorderNote).
  const recorder =
    reading.recordedBy && reading.recordedBy !== reading.customerId
      ? (await repo.nickname(reading.recordedBy)) || '亲友'
      : null;
  const described = { ...(await describe(em, reading)), recorder };
  const shown = { ...described, time: formatChinaTime(reading.measuredAt, 'MM-DD HH:mm') };
  const pushed = { ...described, time: formatChinaTime(reading.measuredAt, 'YYYY-MM-DD HH:mm') };
  const readingKind = reading.kind === 'bloodPressure' ? 'b' : 's';
  let urgent = false;
  const rows = recipients.map((r) => {
    const name = r.customerNote || nickname;
    const text = readingNoticeText(name, shown);
    urgent = text.urgent;
    return {
      recipientId: r.followerId,
      kind: 'reading',
      subjectId: reading.customerId,
      readingKind,
      readingId: reading.id,
      urgent: text.urgent,
      title: text.title,
      text: text.text,
      readAt: null,
      createdAt: now,
      pushStatus: r.msgReceive ? 'pending' : 'none',
      pushAttempts: 0,
      pushNextAt: r.msgReceive ? now : null,
      pushedAt: null,
      pushError: null,
      pushData: r.msgReceive ? { ...readingPushFields(name, pushed) } : null,
    };
  });
  await repo.insert(rows);
  return { notified: rows.length, urgent };
}

/**
 * Withdraws the notices of a reading being deleted: the followers' in-app notices go, and with them
 * any messaging-app push still queued (the row is the push's outbox entry). Call it in the
 * transaction that deletes the reading. Answers how many were withdrawn.
 */
export function withdrawReadingNotices(em: Db, kind: NotifiableReading['kind'], readingId: string): Promise<number> {
  return new NoticeRepository(em).deleteOfReading(kind === 'bloodPressure' ? 'b' : 's', readingId);
}

/** An in-app notice about a follow: a request to the patient, or an acceptance to the relative. */
export async function noticeOfFollow(
  em: Db,
  kind: 'followRequest' | 'followAccepted',
  recipientId: string,
  subject: { id: string; nickname: string },
  now: Date,
) {
  const name = subject.nickname || '用户';
  const texts =
    kind === 'followRequest'
      ? {
          title: '新的亲友申请',
          text: `${name}申请关注您的健康数据，同意后对方可以查看您的血糖、血压记录并收到测量提醒。`,
        }
      : { title: '亲友申请已通过', text: `${name}已同意您的关注申请，现在可以查看其健康数据。` };
  await new NoticeRepository(em).insert([
    {
      recipientId,
      kind,
      subjectId: subject.id,
      readingKind: null,
      readingId: null,
      urgent: false,
      ...texts,
      readAt: null,
      createdAt: now,
      pushStatus: 'none',
      pushAttempts: 0,
    },
  ]);
}

/**
 * In-app notices of `kind` to patients, one per event, each queued at once for the messaging app's
 * template message (`pushFields`; the outbox sends it unless the patient switched messages off).
 */
async function patientNoticesWithPush<E extends { readonly customerId: string; readonly at: Date }>(
  em: Db,
  kind: 'rxReviewed' | 'monitorPlan' | 'monitorRemind' | 'repair',
  events: readonly E[],
  texts: (event: E) => { title: string; text: string },
  pushFields: (event: E) => Record<string, string>,
  link: (event: E) => string | null = () => null,
): Promise<void> {
  await new NoticeRepository(em).insert(
    events.map((e) => ({
      recipientId: e.customerId,
      kind,
      subjectId: e.customerId,
      readingKind: null,
      readingId: null,
      urgent: false,
      ...texts(e),
      readAt: null,
      createdAt: e.at,
      pushStatus: 'pending',
      pushAttempts: 0,
      pushNextAt: e.at,
      pushedAt: null,
      pushError: null,
      pushData: { ...pushFields(e) },
      link: link(e),
    })),
  );
}

/** A pharmacist's verdict on one of the patient's prescriptions, as care's review publishes it. */
export interface ReviewedPrescription {
  customerId: string;
  patientName: string;
  doctorName: string;
  approved: boolean;
  reason: string | null;
  at: Date;
}

/**
 * Notices of prescription reviews (kind `rxReviewed`, to the patient; the texts are the domain's
 * `rxReviewNotice`): in the app, and queued for the messaging app's template message (the health
 * template's five fields, `rxReviewPushFields`; sent unless the patient switched messages off).
 * Wired to care's review in composition.ts, inside its transaction.
 */
export async function noticesOfPrescriptionReviews(em: Db, events: readonly ReviewedPrescription[]): Promise<void> {
  await patientNoticesWithPush(em, 'rxReviewed', events, rxReviewNotice, (e) =>
    rxReviewPushFields({ ...e, time: formatChinaTime(e.at, 'YYYY-MM-DD HH:mm') }),
  );
}

/** A monitoring plan a doctor issued, as care publishes it. */
export interface IssuedMonitorPlan {
  customerId: string;
  patientName: string;
  doctorName: string;
  slots: readonly { date: string; timeType: number }[];
  at: Date;
}

/**
 * Notices of new monitoring plans (kind `monitorPlan`, to the patient; texts: the domain's
 * `monitorPlanNotice`): in the app, and queued for the messaging app's template message (the health
 * template's five fields, `monitorPlanPushFields`; sent unless the patient switched messages off).
 * Wired to care's issue in composition.ts, inside its transaction (docs/adr/0165).
 */
export async function noticesOfMonitorPlans(em: Db, events: readonly IssuedMonitorPlan[]): Promise<void> {
  await patientNoticesWithPush(em, 'monitorPlan', events, monitorPlanNotice, (e) =>
    monitorPlanPushFields({ ...e, time: formatChinaTime(e.at, 'YYYY-MM-DD HH:mm') }),
  );
}

/** A monitoring plan's slot reminder, as care's reminder job publishes it. */
export interface DueMonitorReminder {
  customerId: string;
  patientName: string;
  doctorName: string;
  date: string;
  slot: { timeType: number; startTime: string; endTime: string };
  at: Date;
}

/**
 * Notices of monitoring reminders (kind `monitorRemind`, to the patient; texts: the domain's
 * `monitorReminderNotice`): in the app, and queued for the messaging app's template message (the
 * health template's five fields, `monitorReminderPushFields`); the outbox sends it once, unless the
 * patient switched 未测量提醒 off meanwhile. Wired to care's reminder job in composition.ts, inside
 * its transaction (docs/adr/0169-monitor-reminders-at-most-once-through-the-notice-outbox.md).
 */
export async function noticesOfMonitorReminders(em: Db, events: readonly DueMonitorReminder[]): Promise<void> {
  await patientNoticesWithPush(em, 'monitorRemind', events, monitorReminderNotice, monitorReminderPushFields);
}

/** A step staff took on a customer's repair request, as after-sales publishes it. */
export interface RepairStepTaken {
  customerId: string;
  upkeepId: number;
  upkeepCode: string;
  /** The request's contact person. */
  name: string;
  kind: RepairStepKind;
  /** The handling result as it stands after the step (empty when none). */
  remark: string;
  at: Date;
}

/**
 * Notices of steps on repair requests (kind `repair`, to the customer who filed it; texts: the
 * domain's `repairStepNotice`): in the app, opening the request's detail page, and queued for the
 * messaging app's template message (`repairStepPushFields`; sent unless messages are switched off).
 * Wired to after-sales' repair desk in composition.ts, inside its transaction.
 */
export async function noticesOfRepairSteps(em: Db, events: readonly RepairStepTaken[]): Promise<void> {
  await patientNoticesWithPush(
    em,
    'repair',
    events,
    repairStepNotice,
    (e) => repairStepPushFields({ ...e, time: formatChinaTime(e.at, 'YYYY-MM-DD HH:mm') }),
    (e) => repairDetailPath(e.upkeepId),
  );
}

/** A coupon the mall issued to a customer, as commerce publishes it. */
export interface IssuedCoupon {
  customerId: string;
  couponName: string;
  /** Cents off. */
  couponValue: number;
  endAt: Date;
  at: Date;
}

/**
 * Notices of coupons issued (kind `coupon`, to the holder; texts: the domain's `couponIssuedNotice`),
 * in the app only: a coupon is an offer, not health news, so it sends no template message.
 * Wired to commerce's issue in composition.ts, inside its transaction (docs/adr/0183).
 */
export async function noticesOfCouponsIssued(em: Db, events: readonly IssuedCoupon[]): Promise<void> {
  await new NoticeRepository(em).insert(
    events.map((e) => ({
      recipientId: e.customerId,
      kind: 'coupon',
      subjectId: e.customerId,
      readingKind: null,
      readingId: null,
      urgent: false,
      ...couponIssuedNotice(e),
      readAt: null,
      createdAt: e.at,
      pushStatus: 'none',
      pushAttempts: 0,
      pushNextAt: null,
      pushedAt: null,
      pushError: null,
      pushData: null,
    })),
  );
}

/** The caller's notices, newest first (spec: none; GET /notice/v1/pageQueryList). */
export async function pageNotices(em: Db, customerId: string, pageNo: number, pageSize: number) {
  const repo = new NoticeRepository(em);
  const [rows, n] = await Promise.all([repo.page(customerId, pageNo, pageSize), repo.count(customerId)]);
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind as Schema<'Notice'>['kind'],
    title: r.title,
    text: r.text,
    urgent: r.urgent,
    read: r.read_at !== null,
    customerId: r.subject_id,
    testId:
      r.reading_kind && r.reading_id
        ? feedPostId(r.reading_kind === 'b' ? 'bloodPressure' : 'bloodSugar', r.reading_id)
        : null,
    ...(r.link !== null && { link: r.link }),
    createTime: formatChinaTime(new Date(r.created_at)),
  }));
  return pageOf(items, Number(n), pageNo, pageSize);
}

/** How many of the caller's visible notices are unread, and how many of those are urgent. */
export function noticeUnreadCount(em: Db, customerId: string) {
  return new NoticeRepository(em).unread(customerId);
}

/** Marks all the caller's notices read. */
export async function readAllNotices(em: Db, customerId: string, now: Date) {
  return { updated: await new NoticeRepository(em).readAll(customerId, now) };
}
