import { randomBytes, randomUUID } from 'node:crypto';
import {
  isPayableCents,
  PAYMENT_RECONCILE_AFTER_MS,
  PAYMENT_STATE_LABELS,
  PAYMENT_SUBJECTS,
  PAYMENT_TIME_LIMIT_MS,
  paymentResultMessage,
  REFUND_RECONCILE_AFTER_MS,
  REFUND_STATE_LABELS,
  refundableCents,
  transitionPayment,
  transitionRefund,
  type PaymentEvent,
  type PaymentState,
  type PaymentSubject,
  type RefundEvent,
  type RefundState,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { scheduleJob } from '../../platform';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import { LocalPaymentProvider } from '../../../providers/payment/local';
import {
  PaymentProviderError,
  type JsapiPayParams,
  type PaymentNotice,
  type PaymentProvider,
} from '../../../providers/payment/payment';
import {
  PaymentIntentRepository,
  PaymentRefundRepository,
  type IntentChanges,
  type PaymentIntentRow,
  type PaymentRefundRow,
} from './paymentIntent.repository';

/** The durable job that closes an intent whose time to pay ran out (key: the intent id). */
export const CLOSE_PAYMENT_JOB = 'commerce.payment.close';

/** The close job runs this long after the intent's time ran out, so a payment made at the last second has settled. */
const CLOSE_GRACE_MS = 60_000;

export interface NewIntent {
  customerId: string;
  subjectKind: PaymentSubject;
  subjectId: string;
  amountCents: number;
  description: string;
  /** When the payer can no longer pay (an order's autoCancelTime); PAYMENT_TIME_LIMIT_MS from now by default. */
  expiresAt?: Date;
}

/** What the payer's page reads of an intent. */
export interface IntentView {
  intentId: string;
  subjectKind: PaymentSubject;
  subjectId: string;
  description: string;
  amountCents: number;
  state: PaymentState;
  stateLabel: string;
  provider: 'local' | 'wechatpay';
}

const view = (row: PaymentIntentRow): IntentView => ({
  intentId: row.id,
  subjectKind: row.subjectKind as PaymentSubject,
  subjectId: row.subjectId,
  description: row.description,
  amountCents: row.amountCents,
  state: row.state as PaymentState,
  stateLabel: PAYMENT_STATE_LABELS[row.state as PaymentState],
  provider: row.provider === 'wechatpay' ? 'wechatpay' : 'local',
});

/** `GG` + 30 hex characters: unique, 32 characters, WeChat Pay's limit. */
const merchantNumber = (prefix: 'GG' | 'GR') => `${prefix}${randomBytes(15).toString('hex')}`;

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg, 400);
const conflict = (errMsg: string) => new AppError(ErrorCodes.conflict, errMsg, 409);

/**
 * Creates the intent that pays for a subject (called by the module that owns it: a consultation
 * or an order). A second call for the same subject and amount while unpaid returns the same intent.
 */
export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  intent: NewIntent,
  now: Date,
): Promise<IntentView> {
  if (!isPayableCents(intent.amountCents)) {
    throw badRequest('支付金额不正确');
  }
  if (!PAYMENT_SUBJECTS.includes(intent.subjectKind)) {
    throw badRequest('支付对象不正确');
  }
  const repo = new PaymentIntentRepository(db);
  const live = await repo.liveForSubject(intent.subjectKind, intent.subjectId);
  if (live) {
    if (live.state === 'created' && live.amountCents === intent.amountCents && live.customerId === intent.customerId) {
      return view(live);
    }
    throw conflict('该订单已有支付记录');
  }
  const expiresAt = intent.expiresAt ?? new Date(now.getTime() + PAYMENT_TIME_LIMIT_MS);
  if (expiresAt.getTime() <= now.getTime()) {
    throw badRequest('支付时间已过');
  }
  // The intent and the timer that closes it commit together.
  const row = await inTransaction(db, async (tx) => {
    const inserted = await new PaymentIntentRepository(tx).insert(
      {
        id: randomUUID(),
        customerId: intent.customerId,
        subjectKind: intent.subjectKind,
        subjectId: intent.subjectId,
        description: intent.description.slice(0, 40),
        amountCents: intent.amountCents,
        provider: provider.kind,
        outTradeNo: merchantNumber('GG'),
        expiresAt,
      },
      now,
    );
    await scheduleJob(tx, CLOSE_PAYMENT_JOB, inserted.id, new Date(expiresAt.getTime() + CLOSE_GRACE_MS), {
      intentId: inserted.id,
    });
    return inserted;
  });
  return view(row);
}

/** The local demo's intent for the caller (PAYMENT_PROVIDER=local only): what a consultation or an order will create. */
export async function createDemoIntent(
  db: Db,
  provider: PaymentProvider,
  session: SessionContext,
  input: { amountCents: number; description: string },
  now: Date,
): Promise<IntentView> {
  // Only the local provider pays from the app's own sheet, and only where it settles (not in production).
  if (!(provider instanceof LocalPaymentProvider) || !provider.settles) {
    throw notFound('接口不存在');
  }
  const customerId = registeredCustomerId(session);
  return createPaymentIntent(
    db,
    provider,
    { customerId, subjectKind: 'order', subjectId: `demo-${randomUUID()}`, ...input },
    now,
  );
}

async function ownIntent(db: Db, session: SessionContext, intentId: string): Promise<PaymentIntentRow> {
  const row = await new PaymentIntentRepository(db).byId(intentId);
  if (!row) {
    throw notFound('支付单不存在');
  }
  if (row.customerId !== session.customerId) {
    throw forbidden();
  }
  return row;
}

/** The payer's view of their intent. */
export async function paymentIntentOf(db: Db, session: SessionContext, intentId: string): Promise<IntentView> {
  return view(await ownIntent(db, session, intentId));
}

/** Prepays the payer's intent and returns the pay parameters for WeixinJSBridge / chooseWXPay. */
export async function prepayIntent(
  db: Db,
  provider: PaymentProvider,
  session: SessionContext,
  intentId: string,
  now: Date,
): Promise<{ intent: IntentView; payParams: JsapiPayParams }> {
  const row = await ownIntent(db, session, intentId);
  if (row.state !== 'created') {
    throw conflict(row.state === 'closed' ? '支付单已关闭' : '该订单已支付');
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw conflict('支付单已关闭');
  }
  try {
    const payParams = await provider.prepay({
      outTradeNo: row.outTradeNo,
      description: row.description,
      amountCents: row.amountCents,
      openid: session.openid,
      expiresAt: row.expiresAt,
    });
    return { intent: view(row), payParams };
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError(ErrorCodes.unavailable, paymentResultMessage('failed'), 503);
    }
    throw error;
  }
}

export type ApplyResult = 'changed' | 'noop';

/** What the module owning a subject hears when one of its intents is paid. */
export interface PaidIntent {
  intentId: string;
  customerId: string;
  subjectKind: PaymentSubject;
  subjectId: string;
  amountCents: number;
  paidAt: Date;
}

/**
 * A subject's owner reacting to its intent being paid. It runs inside the transaction that moves
 * the intent to paid: if it throws, the payment is not recorded either (and a notify is refused,
 * so WeChat Pay sends it again). It runs once per intent, however often the payment is reported.
 */
export type IntentPaidSubscriber = (tx: Db, paid: PaidIntent) => Promise<void>;

const paidSubscribers = new Map<PaymentSubject, IntentPaidSubscriber>();

/**
 * Registers who owns a subject kind's payments (composition.ts: `consultService` → the care
 * context's consultations). Registering a kind again replaces its subscriber (apps built twice in
 * one process register the same function).
 */
export function onIntentPaid(subjectKind: PaymentSubject, subscriber: IntentPaidSubscriber): void {
  paidSubscribers.set(subjectKind, subscriber);
}

/**
 * Applies one event to an intent: the domain decides, and the change is one conditional UPDATE on
 * the state the decision was made in. When another request changed the state first, the event is
 * decided again on the new state (a duplicate then finds nothing to do).
 */
export async function applyPaymentEvent(
  db: Db,
  intent: PaymentIntentRow,
  event: PaymentEvent,
  now: Date,
  changes: IntentChanges = {},
): Promise<ApplyResult> {
  // A payment and its owner's reaction (onIntentPaid) commit together.
  return event.type === 'paid'
    ? inTransaction(db, (tx) => applyOnce(tx, intent, event, now, changes))
    : applyOnce(db, intent, event, now, changes);
}

async function applyOnce(
  db: Db,
  intent: PaymentIntentRow,
  event: PaymentEvent,
  now: Date,
  changes: IntentChanges,
): Promise<ApplyResult> {
  const repo = new PaymentIntentRepository(db);
  let current: PaymentIntentRow | null = intent;
  for (let attempt = 0; attempt < 5 && current; attempt += 1) {
    const decision = transitionPayment(current.state as PaymentState, current.amountCents, event);
    if (decision.kind === 'noop') {
      return 'noop';
    }
    if (decision.kind === 'refused') {
      throw new PaymentRefused(decision.reason, decision.message);
    }
    if (await repo.move(current.id, current.state as PaymentState, decision.to, now, changes)) {
      if (decision.to === 'paid') {
        await announcePaid(db, current, changes.paidAt ?? now);
      }
      return 'changed';
    }
    current = await repo.byId(current.id);
  }
  throw new Error(`payment intent ${intent.id}: state kept changing under the event ${event.type}`);
}

async function announcePaid(tx: Db, intent: PaymentIntentRow, paidAt: Date): Promise<void> {
  const subjectKind = intent.subjectKind as PaymentSubject;
  await paidSubscribers.get(subjectKind)?.(tx, {
    intentId: intent.id,
    customerId: intent.customerId,
    subjectKind,
    subjectId: intent.subjectId,
    amountCents: intent.amountCents,
    paidAt,
  });
}

/** An event the state machine refused (a wrong amount, a refund of an unpaid intent…). */
export class PaymentRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRefused';
  }
}

const CLOSED_TRADE_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);

async function applyNotice(db: Db, notice: PaymentNotice, now: Date): Promise<ApplyResult> {
  const repo = new PaymentIntentRepository(db);
  const intent = await repo.byOutTradeNo(notice.outTradeNo);
  if (!intent) {
    throw new PaymentRefused('unknownOrder', '支付单不存在');
  }
  if (notice.kind === 'transaction') {
    if (notice.tradeState === 'SUCCESS') {
      return applyPaymentEvent(db, intent, { type: 'paid', amountCents: notice.amountCents }, now, {
        transactionId: notice.transactionId || null,
        paidAt: now,
      });
    }
    return CLOSED_TRADE_STATES.has(notice.tradeState) ? applyPaymentEvent(db, intent, { type: 'close' }, now) : 'noop';
  }
  const refund = await new PaymentRefundRepository(db).byOutRefundNo(notice.outRefundNo);
  if (refund?.intentId !== intent.id) {
    throw new PaymentRefused('unknownRefund', '退款单不存在');
  }
  if (notice.totalCents !== intent.amountCents) {
    throw new PaymentRefused('amountMismatch', '支付金额与订单金额不符');
  }
  return notice.refundStatus === 'SUCCESS'
    ? settleRefund(db, refund, { type: 'succeeded', refundCents: notice.refundCents }, now)
    : settleRefund(db, refund, { type: 'failed' }, now, notice.refundStatus);
}

/**
 * A notify from the payment service, checked (signature over the raw body, timestamp, serial,
 * decryption, merchant) and applied once. Throws NotifyRefused or PaymentRefused.
 */
export async function handlePaymentNotify(
  db: Db,
  provider: PaymentProvider,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): Promise<ApplyResult> {
  const notice = provider.readNotify(headers, rawBody, now);
  return applyNotice(db, notice, now);
}

/** A refund as staff read it, with what is left of its intent. */
export interface RefundView {
  refundId: string;
  intentId: string;
  outRefundNo: string;
  amountCents: number;
  reason: string;
  state: RefundState;
  stateLabel: string;
  /** WeChat Pay's word when it failed (CLOSED, ABNORMAL, an error code), else null. */
  failure: string | null;
  requestedBy: string;
  createdAt: string;
}

const refundView = (row: PaymentRefundRow): RefundView => ({
  refundId: row.id,
  intentId: row.intentId,
  outRefundNo: row.outRefundNo,
  amountCents: row.amountCents,
  reason: row.reason,
  state: row.state as RefundState,
  stateLabel: REFUND_STATE_LABELS[row.state as RefundState],
  failure: row.failure ?? null,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Applies what WeChat Pay said about one refund: the refund row moves by one conditional UPDATE
 * (a duplicate finds nothing to do), and in the same transaction its intent follows — to
 * partlyRefunded or refunded on a success (by what is left), to refundFailed on a failure —
 * unless another refund of it is still processing.
 */
async function settleRefund(
  db: Db,
  refund: PaymentRefundRow,
  event: RefundEvent,
  now: Date,
  failure: string | null = null,
): Promise<ApplyResult> {
  return inTransaction(db, async (tx) => {
    const refunds = new PaymentRefundRepository(tx);
    const current = await refunds.byOutRefundNo(refund.outRefundNo);
    if (!current) {
      throw new PaymentRefused('unknownRefund', '退款单不存在');
    }
    const decision = transitionRefund(current.state as RefundState, current.amountCents, event);
    if (decision.kind === 'refused') {
      throw new PaymentRefused(decision.reason, decision.message);
    }
    if (decision.kind === 'noop') {
      return 'noop';
    }
    const moved = await refunds.move(
      current.id,
      current.state as RefundState,
      decision.to,
      now,
      decision.to === 'succeeded' ? { succeededAt: now, failure: null } : { failure: failure?.slice(0, 64) ?? null },
    );
    if (!moved) {
      return 'noop'; // another notify or query settled it first
    }
    const intent = await new PaymentIntentRepository(tx).byId(current.intentId);
    const all = await refunds.ofIntent(current.intentId);
    if (!intent) {
      return 'changed';
    }
    const succeeded = all.reduce((sum, r) => sum + (r.state === 'succeeded' ? r.amountCents : 0), 0);
    if (!all.some((r) => r.state === 'processing')) {
      const intentEvent: PaymentEvent =
        decision.to === 'succeeded'
          ? { type: 'refunded', remainingCents: intent.amountCents - succeeded }
          : { type: 'refundFailed' };
      await applyPaymentEvent(tx, intent, intentEvent, now);
    }
    const subjectKind = intent.subjectKind as PaymentSubject;
    await refundSubscribers.get(subjectKind)?.(tx, {
      intentId: intent.id,
      customerId: intent.customerId,
      subjectKind,
      subjectId: intent.subjectId,
      refundId: current.id,
      amountCents: current.amountCents,
      outcome: decision.to === 'succeeded' ? 'succeeded' : 'failed',
      refundedCents: succeeded,
      settledAt: now,
    });
    return 'changed';
  });
}

/** What the module owning a subject hears when one refund of its intent is settled. */
export interface SettledRefund {
  intentId: string;
  customerId: string;
  subjectKind: PaymentSubject;
  subjectId: string;
  refundId: string;
  /** This refund's amount (cents). */
  amountCents: number;
  outcome: 'succeeded' | 'failed';
  /** Everything refunded of the intent so far, this refund included when it succeeded (cents). */
  refundedCents: number;
  settledAt: Date;
}

/**
 * A subject's owner reacting to a refund being settled, inside the transaction that settles it
 * (once per refund, however often WeChat Pay reports it): an order moves to 退款成功 or 退款失败.
 */
export type RefundSettledSubscriber = (tx: Db, settled: SettledRefund) => Promise<void>;

const refundSubscribers = new Map<PaymentSubject, RefundSettledSubscriber>();

/** Registers who hears a subject kind's settled refunds (composition.ts: `order` → the orders). */
export function onRefundSettled(subjectKind: PaymentSubject, subscriber: RefundSettledSubscriber): void {
  refundSubscribers.set(subjectKind, subscriber);
}

export interface RefundOrder {
  intentId: string;
  /** Whole cents, at most what is left of the intent. */
  refundCents: number;
  /** Shown to the payer in WeChat Pay's refund message. */
  reason: string;
  /** `staff:<id>` or `system:<what>`. */
  requestedBy: string;
  /** The same key again (a double click, a job's rerun) returns the first refund instead of a second. */
  requestKey?: string | null;
}

/**
 * Refunds part or all of what is left of a paid intent (docs/adr/0116). The intent moves to
 * refunding and the refund is stored with its own refund number, in one transaction; then WeChat
 * Pay is asked. Its answer settles the refund when it is final (SUCCESS; CLOSED, ABNORMAL or a
 * definite refusal such as NOT_ENOUGH); PROCESSING waits for the notify, and a call whose outcome
 * is unknown (network, time-out, 5xx) leaves the refund processing for reconciliation to ask about
 * by its number — never a second refund for the same money.
 */
export async function requestRefund(
  db: Db,
  provider: PaymentProvider,
  order: RefundOrder,
  now: Date,
): Promise<RefundView> {
  const refunds = new PaymentRefundRepository(db);
  if (order.requestKey) {
    const earlier = await refunds.byRequestKey(order.intentId, order.requestKey);
    if (earlier) {
      return refundView(earlier);
    }
  }
  const reason = order.reason.trim().slice(0, 80) || '退款';
  const { intent, refund } = await inTransaction(db, async (tx) => {
    // The refunds are read before the intent: a refund another request has just committed is then
    // either missed here together with its state change (the conditional move below fails and reads
    // the intent again) or met as the intent's 'refunding' state, so a second request at the same
    // moment is always told 已有退款正在处理 rather than, depending on timing, the amount check's message.
    const earlierRefunds = await new PaymentRefundRepository(tx).ofIntent(order.intentId);
    const found = await new PaymentIntentRepository(tx).byId(order.intentId);
    if (!found) {
      throw notFound('支付单不存在');
    }
    const left = refundableCents(found.amountCents, earlierRefunds);
    const event: PaymentEvent = { type: 'refundRequested', refundCents: order.refundCents, refundableCents: left };
    try {
      await applyPaymentEvent(tx, found, event, now);
    } catch (error) {
      if (error instanceof PaymentRefused) {
        throw conflict(error.message);
      }
      throw error;
    }
    const inserted = await new PaymentRefundRepository(tx).insert(
      {
        id: randomUUID(),
        intentId: found.id,
        outRefundNo: merchantNumber('GR'),
        amountCents: order.refundCents,
        reason,
        requestedBy: order.requestedBy.slice(0, 64),
        requestKey: order.requestKey?.slice(0, 64) ?? null,
      },
      now,
    );
    return { intent: found, refund: inserted };
  });
  try {
    const answer = await provider.refund({
      outTradeNo: intent.outTradeNo,
      outRefundNo: refund.outRefundNo,
      refundCents: refund.amountCents,
      totalCents: intent.amountCents,
      reason,
    });
    if (answer.status === 'SUCCESS') {
      await settleRefund(db, refund, { type: 'succeeded', refundCents: answer.refundCents ?? refund.amountCents }, now);
    } else if (answer.status !== 'PROCESSING') {
      await settleRefund(db, refund, { type: 'failed' }, now, answer.status);
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) {
      throw error;
    }
    if (error.definite) {
      await settleRefund(db, refund, { type: 'failed' }, now, error.code ?? `HTTP ${error.httpStatus}`);
    }
  }
  return refundView((await refunds.byOutRefundNo(refund.outRefundNo)) ?? refund);
}

/** An intent with its refunds, as the console reads it. */
export interface IntentDetail extends IntentView {
  customerId: string;
  outTradeNo: string;
  transactionId: string | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  /** What may still be refunded (whole cents). */
  refundableCents: number;
  refunds: RefundView[];
}

/** An intent found by its id or its merchant order number, with its refunds (the console's lookup). */
export async function intentDetail(db: Db, key: { intentId?: string; outTradeNo?: string }): Promise<IntentDetail> {
  const repo = new PaymentIntentRepository(db);
  const row = key.intentId
    ? await repo.byId(key.intentId)
    : key.outTradeNo
      ? await repo.byOutTradeNo(key.outTradeNo)
      : null;
  if (!row) {
    throw notFound('支付单不存在');
  }
  const refunds = await new PaymentRefundRepository(db).ofIntent(row.id);
  const paid = row.state !== 'created' && row.state !== 'closed';
  return {
    ...view(row),
    customerId: row.customerId,
    outTradeNo: row.outTradeNo,
    transactionId: row.transactionId ?? null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    refundableCents: paid ? refundableCents(row.amountCents, refunds) : 0,
    refunds: refunds.map(refundView),
  };
}

/**
 * Closes an intent whose time to pay ran out (the close job, docs/adr/0117): WeChat Pay is told to
 * close the order, then asked how it stands, and the answer is applied — paid after all (the
 * payment raced the timer), or closed. Throws to be retried when WeChat Pay cannot say yet.
 */
export async function closeExpiredIntent(
  db: Db,
  provider: PaymentProvider,
  intentId: string,
  now: Date,
): Promise<PaymentState | null> {
  const repo = new PaymentIntentRepository(db);
  const intent = await repo.byId(intentId);
  if (!intent || intent.state !== 'created') {
    return (intent?.state as PaymentState | undefined) ?? null;
  }
  if (intent.expiresAt.getTime() > now.getTime()) {
    return 'created'; // its time was moved on; a later occurrence closes it
  }
  try {
    await provider.closeOrder(intent.outTradeNo);
  } catch (error) {
    // A definite refusal (the order was paid, or never existed) is read from the query below.
    if (!(error instanceof PaymentProviderError) || !error.definite) {
      throw error;
    }
  }
  let tradeState: string;
  let answer = null;
  try {
    answer = await provider.queryOrder(intent.outTradeNo);
    tradeState = answer.tradeState;
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || !error.notFound) {
      throw error;
    }
    tradeState = 'CLOSED'; // never prepaid: there is nothing to pay at WeChat Pay
  }
  if ((tradeState === 'SUCCESS' || tradeState === 'REFUND') && answer && answer.amountCents !== null) {
    await applyPaymentEvent(db, intent, { type: 'paid', amountCents: answer.amountCents }, now, {
      transactionId: answer.transactionId,
      paidAt: now,
    });
  } else if (tradeState === 'USERPAYING') {
    throw new Error(`payment intent ${intent.id}: the payer is paying; asked again later`);
  } else {
    // CLOSED, REVOKED, PAYERROR, or NOTPAY past time_expire (WeChat Pay takes no payment after it).
    await applyPaymentEvent(db, intent, { type: 'close' }, now);
  }
  return ((await repo.byId(intentId))?.state ?? null) as PaymentState | null;
}

/**
 * The local sheet's answer (PAYMENT_PROVIDER=local only): 支付 makes the local provider sign a
 * payment notify and post it to our own notify endpoint, the path WeChat Pay's takes; 取消
 * changes nothing. Returns the result text the sheet shows.
 */
export async function payLocally(
  db: Db,
  provider: PaymentProvider,
  session: SessionContext,
  intentId: string,
  action: 'pay' | 'cancel',
): Promise<{ outcome: 'success' | 'cancelled' | 'failed'; message: string; intent: IntentView }> {
  // Only the local provider pays from the app's own sheet, and only where it settles (not in production).
  if (!(provider instanceof LocalPaymentProvider) || !provider.settles) {
    throw notFound('接口不存在');
  }
  const row = await ownIntent(db, session, intentId);
  if (action === 'cancel') {
    return { outcome: 'cancelled', message: paymentResultMessage('cancelled'), intent: view(row) };
  }
  if (row.state !== 'created') {
    throw conflict(row.state === 'closed' ? '支付单已关闭' : '该订单已支付');
  }
  try {
    await provider.send(provider.paymentNotify(row.outTradeNo, row.amountCents));
  } catch {
    return { outcome: 'failed', message: paymentResultMessage('failed'), intent: view(row) };
  }
  const after = await ownIntent(db, session, intentId);
  const outcome = after.state === 'paid' ? 'success' : 'failed';
  return { outcome, message: paymentResultMessage(outcome), intent: view(after) };
}

/**
 * Reconciliation: intents still created after PAYMENT_RECONCILE_AFTER_MS are asked about by their
 * merchant order number and settled from the answer (paid, or closed); NOTPAY stays as it is.
 * Refunds still processing after REFUND_RECONCILE_AFTER_MS are asked about by their refund number
 * (the notify may have been lost, or the refund call's outcome was unknown). Returns how many changed.
 */
export async function reconcilePendingIntents(db: Db, provider: PaymentProvider, now: Date): Promise<number> {
  const repo = new PaymentIntentRepository(db);
  const pending = await repo.pendingBefore(new Date(now.getTime() - PAYMENT_RECONCILE_AFTER_MS), 100);
  let changed = 0;
  for (const intent of pending) {
    let answer;
    try {
      answer = await provider.queryOrder(intent.outTradeNo);
    } catch {
      continue; // not found yet, or the service is away: asked again next time
    }
    let event: PaymentEvent | null = null;
    if ((answer.tradeState === 'SUCCESS' || answer.tradeState === 'REFUND') && answer.amountCents !== null) {
      event = { type: 'paid', amountCents: answer.amountCents };
    } else if (CLOSED_TRADE_STATES.has(answer.tradeState)) {
      event = { type: 'close' };
    }
    if (!event) {
      continue;
    }
    try {
      const paid = event.type === 'paid';
      const result = await applyPaymentEvent(
        db,
        intent,
        event,
        now,
        paid ? { transactionId: answer.transactionId, paidAt: now } : {},
      );
      changed += result === 'changed' ? 1 : 0;
    } catch (error) {
      if (!(error instanceof PaymentRefused)) {
        throw error;
      }
    }
  }
  return changed + (await closeOverdueIntents(db, provider, now)) + (await reconcileRefunds(db, provider, now));
}

/** The close job's safety net: intents still created well past their time (e.g. created before the job existed). */
async function closeOverdueIntents(db: Db, provider: PaymentProvider, now: Date): Promise<number> {
  const overdue = await new PaymentIntentRepository(db).expiredBefore(
    new Date(now.getTime() - 2 * CLOSE_GRACE_MS),
    100,
  );
  let changed = 0;
  for (const intent of overdue) {
    try {
      changed += (await closeExpiredIntent(db, provider, intent.id, now)) !== 'created' ? 1 : 0;
    } catch {
      // WeChat Pay cannot say yet: its own job, or the next reconciliation, asks again
    }
  }
  return changed;
}

async function reconcileRefunds(db: Db, provider: PaymentProvider, now: Date): Promise<number> {
  const processing = await new PaymentRefundRepository(db).processingBefore(
    new Date(now.getTime() - REFUND_RECONCILE_AFTER_MS),
    100,
  );
  let changed = 0;
  for (const refund of processing) {
    let result: ApplyResult = 'noop';
    try {
      const answer = await provider.queryRefund(refund.outRefundNo);
      if (answer.status === 'SUCCESS') {
        result = await settleRefund(
          db,
          refund,
          { type: 'succeeded', refundCents: answer.refundCents ?? refund.amountCents },
          now,
        );
      } else if (answer.status !== 'PROCESSING') {
        result = await settleRefund(db, refund, { type: 'failed' }, now, answer.status);
      }
    } catch (error) {
      if (error instanceof PaymentProviderError && error.notFound) {
        // The refund call never reached WeChat Pay: nothing was refunded, and it may be asked again.
        result = await settleRefund(db, refund, { type: 'failed' }, now, error.code);
      } else if (!(error instanceof PaymentProviderError) && !(error instanceof PaymentRefused)) {
        throw error;
      }
    }
    changed += result === 'changed' ? 1 : 0;
  }
  return changed;
}
