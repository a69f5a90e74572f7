import { randomBytes, randomUUID } from 'node:crypto';
import {
  isPayableCents,
  PAYMENT_RECONCILE_AFTER_MS,
  PAYMENT_STATE_LABELS,
  PAYMENT_SUBJECTS,
  paymentResultMessage,
  transitionPayment,
  type PaymentEvent,
  type PaymentState,
  type PaymentSubject,
} from '@glucoguard/domain';
import { type Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import { LocalPaymentProvider } from '../../../providers/payment/local';
import {
  PaymentProviderError,
  type JsapiPayParams,
  type PaymentNotice,
  type PaymentProvider,
} from '../../../providers/payment/payment';
import { PaymentIntentRepository, type IntentChanges, type PaymentIntentRow } from './paymentIntent.repository';

export interface NewIntent {
  customerId: string;
  subjectKind: PaymentSubject;
  subjectId: string;
  amountCents: number;
  description: string;
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
  const row = await repo.insert(
    {
      id: randomUUID(),
      customerId: intent.customerId,
      subjectKind: intent.subjectKind,
      subjectId: intent.subjectId,
      description: intent.description.slice(0, 40),
      amountCents: intent.amountCents,
      provider: provider.kind,
      outTradeNo: merchantNumber('GG'),
    },
    now,
  );
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
): Promise<{ intent: IntentView; payParams: JsapiPayParams }> {
  const row = await ownIntent(db, session, intentId);
  if (row.state !== 'created') {
    throw conflict(row.state === 'closed' ? '支付单已关闭' : '该订单已支付');
  }
  try {
    const payParams = await provider.prepay({
      outTradeNo: row.outTradeNo,
      description: row.description,
      amountCents: row.amountCents,
      openid: session.openid,
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
      return 'changed';
    }
    current = await repo.byId(current.id);
  }
  throw new Error(`payment intent ${intent.id}: state kept changing under the event ${event.type}`);
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
  if (intent.outRefundNo !== notice.outRefundNo) {
    throw new PaymentRefused('unknownRefund', '退款单不存在');
  }
  if (notice.refundStatus === 'SUCCESS') {
    return applyPaymentEvent(db, intent, { type: 'refunded' }, now, { refundedAt: now });
  }
  return notice.refundStatus === 'PROCESSING' ? 'noop' : applyPaymentEvent(db, intent, { type: 'refundFailed' }, now);
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

/**
 * Refunds a paid intent in full (the 24-hour unaccepted consultation, a cancelled order): the
 * intent moves to refunding with its refund number first, then the payment service is asked; its
 * notify (or an immediate answer) settles it. A failed call leaves it refund-failed, to be asked
 * again with the same refund number (WeChat Pay treats that as the same refund).
 */
export async function refundPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  intentId: string,
  reason: string,
  now: Date,
): Promise<PaymentState> {
  const repo = new PaymentIntentRepository(db);
  const intent = await repo.byId(intentId);
  if (!intent) {
    throw notFound('支付单不存在');
  }
  const outRefundNo = intent.outRefundNo ?? merchantNumber('GR');
  const moved = await applyPaymentEvent(db, intent, { type: 'refundRequested' }, now, {
    outRefundNo,
    refundCents: intent.amountCents,
    refundReason: reason.slice(0, 80),
  });
  if (moved === 'noop') {
    return ((await repo.byId(intentId))?.state ?? intent.state) as PaymentState;
  }
  const refunding = { ...intent, state: 'refunding', outRefundNo } as PaymentIntentRow;
  try {
    const { status } = await provider.refund({
      outTradeNo: intent.outTradeNo,
      outRefundNo,
      refundCents: intent.amountCents,
      totalCents: intent.amountCents,
      reason: reason.slice(0, 80),
    });
    if (status === 'SUCCESS') {
      await applyPaymentEvent(db, refunding, { type: 'refunded' }, now, { refundedAt: now });
    } else if (status !== 'PROCESSING') {
      await applyPaymentEvent(db, refunding, { type: 'refundFailed' }, now);
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) {
      throw error;
    }
    await applyPaymentEvent(db, refunding, { type: 'refundFailed' }, now);
  }
  return ((await repo.byId(intentId))?.state ?? 'refunding') as PaymentState;
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
 * Returns how many changed.
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
  return changed;
}
