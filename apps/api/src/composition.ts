import {
  pointsBalance,
  pointsOnReadingRecorded,
  returnOrderPoints,
  returnOrderStrips,
  spendOrderPoints,
  spendOrderStrips,
  stripBalance,
  stripsOnAccountClosed,
  stripsOnInvitationAccepted,
} from './contexts/engagement';
import { customerEvents } from './contexts/identity';
import {
  autoCancelOrder,
  CLOSE_PAYMENT_JOB,
  closeExpiredIntent,
  couponEvents,
  onIntentPaid,
  onOrderPaid,
  onRefundSettled,
  ORDER_AUTO_CANCEL_JOB,
  ORDER_REFUND_JOB,
  orderOnIntentPaid,
  orderOnRefundSettled,
  reconcilePendingIntents,
  runOrderRefund,
  setOrderLedgers,
  setRechargeDevices,
} from './contexts/commerce';
import {
  CONSULT_END_JOB,
  CONSULT_EXPIRE_JOB,
  CONSULT_REFUND_JOB,
  consultOnIntentPaid,
  endIntervalConsult,
  expireConsult,
  refundConsult,
  type ChatTransport,
} from './contexts/care';
import type { PaymentProvider } from './providers/payment/payment';
import type { SmsSender } from './providers/sms/sms';
import { pruneExpiredRows, type JobQueue } from './contexts/platform';
import type { Db } from './lib/db';
import {
  expirePrescription,
  MONITOR_REMINDER_JOB,
  monitorReminderEvents,
  monitoringEvents,
  runMonitorReminder,
  RX_EXPIRE_JOB,
  rxEvents,
  TENCENT_RELAY_JOB,
  type ChatDelivery,
  type MonitorReminderPayload,
  type TencentChatRelay,
} from './contexts/care';
import { readingEvents, setActingForPolicy } from './contexts/health';
import { repairEvents, setWarrantyDevices } from './contexts/after-sales';
import {
  changesOnDevice,
  changesOnReadingDeleted,
  changesOnReadingRecorded,
  changesOnReadingUpdated,
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_CLEANUP_JOB,
  OPEN_RETENTION_INTERVAL_MS,
  OPEN_RETENTION_JOB,
  pruneOpenHistory,
  setOpenDevices,
  runWebhookAttempt,
  runWebhookNotice,
  WEBHOOK_ATTEMPT_JOB,
  WEBHOOK_NOTICE_JOB,
  WEBHOOK_NOTICE_MAX_ATTEMPTS,
  openEvents,
  OAUTH_PRUNE_INTERVAL_MS,
  OAUTH_PRUNE_JOB,
  pruneOAuthRows,
  webhooksOnDeviceBound,
  webhooksOnGrantRevoked,
  webhooksOnReadingDeleted,
  webhooksOnReadingRecorded,
  webhooksOnReadingUpdated,
  type WebhookAttemptPayload,
  type WebhookNoticePayload,
} from './contexts/open';
import {
  dataPlanOnOrderPaid,
  deviceEvents,
  listRechargeDevices,
  meterOfImei,
  provisionDevice,
} from './contexts/devices';
import {
  feedOnReadingDeleted,
  followActingFor,
  noticesOnReadingDeleted,
  noticesOfCouponsIssued,
  noticesOfMonitorPlans,
  noticesOfMonitorReminders,
  noticesOfPrescriptionReviews,
  noticesOfRepairSteps,
  noticesOnReadingRecorded,
  socialOnAccountClosed,
} from './contexts/social';

/**
 * Where the contexts are wired to each other: the one place that says who reacts to the readings
 * core's events (docs/adr/0010) and who answers its acting-for question (docs/adr/0011). Health
 * publishes and asks without knowing any of them. Called by the app as it is built and by the
 * meter store a gateway opens; calling it again changes nothing (subscribers register by name).
 *
 * Subscribers run in the order listed, inside the transaction that stored (or deleted) the reading.
 * One more is an app's own: the notice-push plugin (plugins/notice-push.ts) subscribes a kick, so a
 * form's reading is pushed to the followers' messaging app right after the commit.
 */
export function composeContexts(): void {
  setActingForPolicy(followActingFor);

  // A reading was recorded (a form, a relative, a meter).
  readingEvents.subscribe('ReadingRecorded', 'social.notices', noticesOnReadingRecorded);
  readingEvents.subscribe('ReadingRecorded', 'engagement.points', pointsOnReadingRecorded);

  // Identity's events: an invitation accepted earns the inviter strips; an invited account closed
  // within 7 days takes them back (docs/invitation.md).
  customerEvents.subscribe('InvitationAccepted', 'engagement.strips', stripsOnInvitationAccepted);
  customerEvents.subscribe('AccountClosed', 'engagement.strips', stripsOnAccountClosed);
  // A closed account's follows end and its share links stop working.
  customerEvents.subscribe('AccountClosed', 'social.follow', socialOnAccountClosed);

  // A reading was deleted by its owner (points paid for it are kept).
  readingEvents.subscribe('ReadingDeleted', 'social.notices', noticesOnReadingDeleted);
  readingEvents.subscribe('ReadingDeleted', 'social.feed', feedOnReadingDeleted);

  // Webhooks (docs/adr/0223): each event becomes a delivery per subscription that hears it, with its
  // first attempt's job, committed with the reading.
  readingEvents.subscribe('ReadingRecorded', 'open.webhooks', webhooksOnReadingRecorded);
  readingEvents.subscribe('ReadingDeleted', 'open.webhooks', (tx, events) =>
    webhooksOnReadingDeleted(tx, events, new Date()),
  );
  readingEvents.subscribe('ReadingUpdated', 'open.webhooks', webhooksOnReadingUpdated);
  deviceEvents.subscribe('DeviceBound', 'open.webhooks', webhooksOnDeviceBound);
  openEvents.subscribe('GrantRevoked', 'open.webhooks', webhooksOnGrantRevoked);

  // A consultation's payment intent was paid: the consultation becomes 1 and its chat opens (docs/consultation.md).
  onIntentPaid('consultService', consultOnIntentPaid);

  // An order's payment intent was paid, or one of its refunds settled: the order follows
  // (payStatus 1, 3 or 4) and a paid order's effects run (docs/adr/0179, 0181).
  onIntentPaid('order', orderOnIntentPaid);
  onRefundSettled('order', orderOnRefundSettled);
  // Orders spend and give back points and strips through engagement's ledgers (commerce may not
  // import engagement: both sit beside each other, right of health).
  setOrderLedgers({
    balances: async (tx, customerId) => ({
      points: await pointsBalance(tx, customerId),
      strips: await stripBalance(tx, customerId),
    }),
    spendPoints: spendOrderPoints,
    returnPoints: returnOrderPoints,
    spendStrips: spendOrderStrips,
    returnStrips: returnOrderStrips,
  });
  // A paid data-plan order renews its meter's plan, once per order (docs/adr/0187-meter-data-plans.md).
  onOrderPaid(dataPlanOnOrderPaid, 'devices.dataPlan');
  // A data-plan order is for one of the buyer's own bound meters with a SIM card.
  setRechargeDevices(listRechargeDevices);

  // A pharmacist reviewed a prescription: the patient gets an in-app notice.
  rxEvents.subscribe('PrescriptionReviewed', 'social.notices', noticesOfPrescriptionReviews);

  // A doctor issued a monitoring plan: the patient gets an in-app notice and a template message (docs/adr/0165).
  monitoringEvents.subscribe('MonitorPlanIssued', 'social.notices', noticesOfMonitorPlans);

  // A monitoring plan's slot is due: the patient gets an in-app notice and a template message (docs/adr/0169).
  monitorReminderEvents.subscribe('MonitorReminderDue', 'social.notices', noticesOfMonitorReminders);

  // The mall issued coupons: each holder gets an in-app notice (docs/adr/0183).
  couponEvents.subscribe('CouponIssued', 'social.notices', noticesOfCouponsIssued);

  // Staff took a step on a repair request (assign, result, complete): the customer gets an in-app
  // notice that opens the request and a template message (docs/adr/0201-repair-photos-private.md).
  repairEvents.subscribe('RepairStepTaken', 'social.notices', noticesOfRepairSteps);
  // A warranty registration checks a meter's binding and kind through devices (after-sales may not
  // import devices: devices' CLI imports every entity, which would close a cycle of folders).
  setWarrantyDevices(meterOfImei);

  // The change feed (docs/adr/0221): every change of a reading or a meter becomes a row of
  // open_change in the transaction that made it.
  readingEvents.subscribe('ReadingRecorded', 'open.changes', changesOnReadingRecorded);
  readingEvents.subscribe('ReadingUpdated', 'open.changes', changesOnReadingUpdated);
  readingEvents.subscribe('ReadingDeleted', 'open.changes', (tx, events) =>
    changesOnReadingDeleted(tx, events, new Date()),
  );
  deviceEvents.subscribe('DeviceBound', 'open.changes', changesOnDevice);
  deviceEvents.subscribe('DeviceUnbound', 'open.changes', changesOnDevice);
  // A meter maker's provisioning reaches devices through a port (the open context may not import
  // devices, for the same reason as after-sales).
  setOpenDevices({
    exists: async (db, imei) => (await meterOfImei(db, imei)) !== null,
    provision: async (db, input, now) => {
      const { secret, bindCode } = await provisionDevice(db, input, now);
      return { secret, bindCode };
    },
  });
}

/** The durable jobs' names: a job's name is stored with it, so a name never changes. */
export const JobNames = {
  /** Deletes expired front-log reports and rate-limit events (contexts/platform/retention). */
  pruneExpiredRows: 'platform.retention.prune',
  /** Asks the payment service about intents still pending after 10 minutes (contexts/commerce/payment). */
  reconcilePayments: 'commerce.payment.reconcile',
  /** Closes one payment intent whose time to pay ran out, here and at WeChat Pay (contexts/commerce/payment). */
  closePayment: CLOSE_PAYMENT_JOB,
  /** Relays one stored chat message to Tencent Cloud IM (CHAT_PROVIDER=tencent; contexts/care/chat). */
  relayChatToTencent: TENCENT_RELAY_JOB,
  /** Cancels and refunds a consultation the doctor left unanswered for 24 hours (contexts/care/consult). */
  expireConsult: CONSULT_EXPIRE_JOB,
  /** Ends a running interval service at its end time (contexts/care/consult). */
  endConsult: CONSULT_END_JOB,
  /** Asks commerce for a cancelled consultation's full refund (contexts/care/consult). */
  refundConsult: CONSULT_REFUND_JOB,
  /** Cancels one order still unpaid at its autoCancelTime and gives back what it took (contexts/commerce/order). */
  autoCancelOrder: ORDER_AUTO_CANCEL_JOB,
  /** Asks the payment provider for one refund of an order (contexts/commerce/order). */
  refundOrder: ORDER_REFUND_JOB,
  /** Expires one approved prescription left unused for RX_UNUSED_DAYS (contexts/care/rx). */
  expirePrescription: RX_EXPIRE_JOB,
  /** Reminds the patient of one planned (date, slot) of a monitoring plan (contexts/care/monitoring). */
  monitorReminder: MONITOR_REMINDER_JOB,
  /** POSTs one attempt of a webhook delivery, signed (contexts/open/webhooks, docs/adr/0223). */
  webhookAttempt: WEBHOOK_ATTEMPT_JOB,
  /** Sends one switched-off subscription's notice to the client's contact by SMS (contexts/open/webhooks, docs/adr/0224). */
  webhookNotice: WEBHOOK_NOTICE_JOB,
  /** Deletes Idempotency-Keys past their 24 hours (contexts/open/open-data, docs/adr/0222). */
  openIdempotencyCleanup: IDEMPOTENCY_CLEANUP_JOB,
  /** Deletes OAuth codes and tokens a day after they expired (contexts/open/oauth, docs/adr/0217). */
  oauthPrune: OAUTH_PRUNE_JOB,
  /** Deletes change-feed rows and finished webhook deliveries past 30 days (contexts/open/changes, docs/adr/0233). */
  openRetention: OPEN_RETENTION_JOB,
} as const;

/** How often expired Idempotency-Keys are deleted (each is kept 24 hours). */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60_000;

/** How often payment reconciliation recurs. */
export const PAYMENT_RECONCILE_INTERVAL_MS = 5 * 60_000;

export interface JobSettings {
  /** RETENTION_INTERVAL_MS: how often the pruning recurs; 0 runs it only on demand. */
  retentionIntervalMs: number;
  /** The payment provider reconciliation asks. */
  payment: PaymentProvider;
  /** With CHAT_PROVIDER=tencent: what relays stored chat messages to Tencent Cloud IM. */
  chatRelay?: TencentChatRelay | null;
  /** How the consultation jobs' chat messages reach the members' connections. */
  chatFanOut: ChatTransport['fanOut'];
  /** The SMS provider service notices go out through. */
  sms: SmsSender;
}

/**
 * Which module runs which durable job (docs/adr/0046): every handler is registered here, by job
 * name, before the app's worker starts. A module schedules its jobs with `scheduleJob` inside the
 * transaction of the change that needs them.
 */
export function composeJobs(jobs: JobQueue, settings: JobSettings): void {
  /** A job run every `intervalMs` whose rerun changes nothing more, so not atomic. */
  const everyIdempotent = (name: string, run: (db: Db, now: Date) => Promise<unknown>, intervalMs: number) => {
    const handler: Parameters<JobQueue['define']>[1] = async (db, _payload, { now }) => {
      await run(db, now);
    };
    jobs.define(name, handler, { atomic: false, maxAttempts: 3, backoffSeconds: 60, leaseSeconds: 600 });
    jobs.every(name, intervalMs);
  };
  // Deletes in batches of its own, each bounded by time: safe to run again, so not atomic.
  jobs.define(
    JobNames.pruneExpiredRows,
    async (db, _payload, { now }) => {
      await pruneExpiredRows(db, now);
    },
    { atomic: false, maxAttempts: 3, backoffSeconds: 60, leaseSeconds: 1800 },
  );
  if (settings.retentionIntervalMs > 0) {
    jobs.every(JobNames.pruneExpiredRows, settings.retentionIntervalMs);
  }
  // Each intent moves by one conditional UPDATE and a rerun asks again: idempotent, so not atomic.
  everyIdempotent(
    JobNames.reconcilePayments,
    (db, now) => reconcilePendingIntents(db, settings.payment, now),
    PAYMENT_RECONCILE_INTERVAL_MS,
  );
  // Scheduled with each intent for when its time runs out; a closed or paid intent is left as it is.
  jobs.define(
    JobNames.closePayment,
    async (db, payload, { now }) => {
      const { intentId } = payload as { intentId: string };
      await closeExpiredIntent(db, settings.payment, intentId, now);
    },
    { atomic: false, maxAttempts: 8, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // Scheduled with each order that waits for online payment: one conditional UPDATE with the stock,
  // points, strips and coupon given back, in the job's own transaction; a paid order is left as it is.
  jobs.define(
    JobNames.autoCancelOrder,
    async (db, payload, { now }) => {
      await autoCancelOrder(db, (payload as { orderId: number }).orderId, now);
    },
    { atomic: true, maxAttempts: 8, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // Asks the payment provider; the request key makes a rerun return the first refund, so not atomic.
  jobs.define(
    JobNames.refundOrder,
    async (db, payload, { now }) => {
      await runOrderRefund(db, settings.payment, payload as { orderId: number; requestKey: string }, now);
    },
    { atomic: false, maxAttempts: 8, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // Scheduled at approval for the end of the unused period; one conditional UPDATE, a rerun changes nothing.
  jobs.define(
    JobNames.expirePrescription,
    async (db, payload, { now }) => {
      await expirePrescription(db, (payload as { infoId: string }).infoId, now);
    },
    { atomic: true, maxAttempts: 5, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // Scheduled with a monitoring plan, one per planned slot: the (patient, date, slot) row and the
  // notice (the push's outbox entry) commit with the job's completion, so it reminds at most once.
  jobs.define(
    JobNames.monitorReminder,
    async (db, payload, { now }) => {
      await runMonitorReminder(db, payload as MonitorReminderPayload, now);
    },
    { atomic: true, maxAttempts: 5, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // A consultation's timers: each one conditional UPDATE with its chat message (and the refund's
  // job) in the job's own transaction; a consultation found settled is left as it is.
  jobs.define(
    JobNames.expireConsult,
    async (db, payload, { now }) => {
      await expireConsult(db, settings.chatFanOut, (payload as { consultId: string }).consultId, now);
    },
    { atomic: true, maxAttempts: 8, backoffSeconds: 60, leaseSeconds: 120 },
  );
  jobs.define(
    JobNames.endConsult,
    async (db, payload, { now }) => {
      await endIntervalConsult(db, settings.chatFanOut, (payload as { consultId: string }).consultId, now);
    },
    { atomic: true, maxAttempts: 8, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // Asks WeChat Pay through commerce; the request key makes a rerun return the first refund, so not atomic.
  jobs.define(
    JobNames.refundConsult,
    async (db, payload, { now }) => {
      await refundConsult(db, settings.payment, (payload as { consultId: string }).consultId, now);
    },
    { atomic: false, maxAttempts: 8, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // One attempt of a webhook delivery: POSTs outside any transaction, then records the attempt and
  // schedules the next by the domain's schedule (its own retries are ours, not the queue's: a
  // failed receiver is recorded, not thrown); a rerun of a recorded attempt changes nothing.
  jobs.define(
    JobNames.webhookAttempt,
    async (db, payload, { now }) => {
      await runWebhookAttempt(db, payload as WebhookAttemptPayload, now);
    },
    { atomic: false, maxAttempts: 3, backoffSeconds: 30, leaseSeconds: 60, batchSize: 10 },
  );
  // A switched-off subscription's notice SMS: claimed before it is sent and recorded after, each in
  // its own conditional UPDATE, so a rerun sends nothing twice (not atomic: the SMS is not ours to roll back).
  jobs.define(
    JobNames.webhookNotice,
    async (db, payload, { now, attempt }) => {
      await runWebhookNotice(db, settings.sms, payload as WebhookNoticePayload, now, attempt);
    },
    { atomic: false, maxAttempts: WEBHOOK_NOTICE_MAX_ATTEMPTS, backoffSeconds: 60, leaseSeconds: 120 },
  );
  // Deletes expired Idempotency-Keys in batches: safe to run again, so not atomic.
  everyIdempotent(
    JobNames.openIdempotencyCleanup,
    (db, now) => deleteExpiredIdempotencyKeys(db, now),
    IDEMPOTENCY_CLEANUP_INTERVAL_MS,
  );
  // Deletes spent OAuth codes and tokens in batches: safe to run again, so not atomic.
  everyIdempotent(JobNames.oauthPrune, (db, now) => pruneOAuthRows(db, now), OAUTH_PRUNE_INTERVAL_MS);
  // Deletes the change feed's and the delivery log's old rows in batches, each moving the feed's
  // watermarks in its own statement: safe to run again, so not atomic.
  everyIdempotent(JobNames.openRetention, (db, now) => pruneOpenHistory(db, now), OPEN_RETENTION_INTERVAL_MS);
  // Sends the stored message as a custom message through Tencent's REST API; a rerun sends the
  // same message id, which the clients merge (nothing to write here, so not atomic).
  const chatRelay = settings.chatRelay;
  if (chatRelay) {
    jobs.define(
      JobNames.relayChatToTencent,
      async (_db, payload) => {
        await chatRelay.relay(payload as ChatDelivery);
      },
      { atomic: false, maxAttempts: 8, backoffSeconds: 10, leaseSeconds: 60 },
    );
  }
}
