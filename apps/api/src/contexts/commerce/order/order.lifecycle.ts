// An order after it was placed (spec 3 §4; docs/adr/0179–0181): paid (by its intent, or at once
// when nothing is left to pay), cancelled by the customer or by the auto-cancel job, refunded (the
// customer's request, a cancel of a paid order, a payment after the cancel); the console's moves are
// order.console.ts. Each move is one conditional UPDATE on the state it was decided in; what an order
// took (stock, points, strips, coupon) goes back once, guarded by `resourcesReturned`.
import {
  canCancelOrder,
  canRequestRefund,
  customerRefundMode,
  REFUND_REQUEST,
  ORDER_MESSAGES,
  ORDER_STATUS,
  PAY_STATUS,
  PAY_TYPE,
  SEND_STATUS,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import type { PaymentProvider } from '../../../providers/payment/payment';
import { scheduleJob } from '../../platform';
import { extendServicePackage } from '../../identity';
import { consumeCoupon, releaseCoupon } from '../coupon/coupon.service';
import { returnStock } from '../goods/goods.service';
import { requestRefund, type PaidIntent, type SettledRefund } from '../payment/payment.service';
import { orderById, ownOrder } from './order.access';
import { orderLedgers, publishOrderPaid } from './order.ports';
import { OrderRepository, type OrderRow } from './order.repository';
import { orderDetailView } from './order.view';

/** The durable job that asks the payment provider for an order's refund (key: `orderId:n`, the n-th request). */
export const ORDER_REFUND_JOB = 'commerce.order.refund';

const conflict = (errMsg: string) => new AppError(ErrorCodes.conflict, errMsg, 409);

const isOrderSubject = (subjectId: string) => /^\d{1,10}$/.test(subjectId);

/** Gives back what the order took, once: stock, points, strips and the coupon. */
async function giveBack(tx: Db, row: OrderRow, now: Date): Promise<void> {
  const repo = new OrderRepository(tx);
  if (!(await repo.move(row.id, { resourcesReturned: false }, { resourcesReturned: true }, now))) {
    return;
  }
  await returnStock(tx, row.goodsId, row.number);
  const ledgers = orderLedgers();
  const key = `order:${row.id}`;
  if (row.scoreAmount > 0) {
    await ledgers.returnPoints(tx, row.customerId, row.scoreAmount, key, now);
  }
  if (row.paperAmount > 0) {
    await ledgers.returnStrips(tx, row.customerId, row.paperAmount, key, now);
  }
  if (row.couponId) {
    await releaseCoupon(tx, row.customerId, row.couponId);
  }
}

/** What a paid order does: a service package opens or extends the customer's service; subscribers hear it. */
async function paidEffects(tx: Db, row: OrderRow, paidAt: Date): Promise<void> {
  if (row.servicePackage === 1 && row.packageMonths > 0) {
    await extendServicePackage(tx, row.customerId, row.packageMonths * row.number, paidAt);
  }
  await publishOrderPaid(tx, {
    orderId: row.id,
    customerId: row.customerId,
    goodsId: row.goodsId,
    servicePackage: row.servicePackage,
    rechargePackage: row.rechargePackage,
    packageMonths: row.packageMonths,
    number: row.number,
    deviceImei: row.deviceImei ?? null,
    paidAt,
  });
}

/** An online order with nothing left to pay (points, strips or a coupon covered it) is paid when placed. */
export async function markPaidWithoutPayment(tx: Db, row: OrderRow, now: Date): Promise<void> {
  const moved = await new OrderRepository(tx).move(
    row.id,
    { payStatus: PAY_STATUS.unpaid, orderStatus: ORDER_STATUS.live },
    { payStatus: PAY_STATUS.paid, paidAt: now },
    now,
  );
  if (moved) {
    await paidEffects(tx, row, now);
  }
}

/** Schedules the n-th refund request of an order (its request key makes a rerun ask once). */
async function scheduleRefund(tx: Db, orderId: number, n: number, now: Date): Promise<void> {
  await scheduleJob(tx, ORDER_REFUND_JOB, `${orderId}:${n}`, now, { orderId, requestKey: `order-${orderId}-${n}` });
}

/**
 * Commerce's news that an order's intent was paid (composition.ts), inside the transaction that
 * settles the intent: the order becomes paid (payStatus 1) and its paid effects run. A duplicate
 * notify finds it paid and changes nothing; a payment that arrives after the order was cancelled
 * (the auto-cancel won the race) is refunded in full.
 */
export async function orderOnIntentPaid(tx: Db, paid: PaidIntent): Promise<void> {
  if (!isOrderSubject(paid.subjectId)) {
    return; // the local demo's intents (subject `demo-…`) pay for nothing
  }
  const repo = new OrderRepository(tx);
  const row = await repo.lock(Number(paid.subjectId));
  if (!row || row.customerId !== paid.customerId || row.payStatus !== PAY_STATUS.unpaid) {
    return;
  }
  if (row.orderStatus === ORDER_STATUS.cancelled) {
    const n = row.refundRequests + 1;
    await repo.move(
      row.id,
      { payStatus: PAY_STATUS.unpaid },
      {
        payStatus: PAY_STATUS.refunding,
        paidAt: paid.paidAt,
        intentId: paid.intentId,
        refundAmount: paid.amountCents,
        refundReason: ORDER_MESSAGES.lateRefund,
        refundRequests: n,
      },
      paid.paidAt,
    );
    await scheduleRefund(tx, row.id, n, paid.paidAt);
    return;
  }
  const moved = await repo.move(
    row.id,
    { payStatus: PAY_STATUS.unpaid, orderStatus: ORDER_STATUS.live },
    { payStatus: PAY_STATUS.paid, paidAt: paid.paidAt, intentId: paid.intentId },
    paid.paidAt,
  );
  if (!moved) {
    return;
  }
  if (row.couponId) {
    await consumeCoupon(tx, row.customerId, row.couponId, row.id, paid.paidAt);
  }
  await paidEffects(tx, row, paid.paidAt);
}

/** Commerce's news that a refund of an order settled: 退款成功 (payStatus 3) or 退款失败 (4). */
export async function orderOnRefundSettled(tx: Db, settled: SettledRefund): Promise<void> {
  if (!isOrderSubject(settled.subjectId)) {
    return;
  }
  const repo = new OrderRepository(tx);
  const row = await repo.lock(Number(settled.subjectId));
  if (!row || row.intentId !== settled.intentId) {
    return;
  }
  const to = settled.outcome === 'succeeded' ? PAY_STATUS.refunded : PAY_STATUS.refundFailed;
  const now = settled.settledAt;
  // A refund asked through the order is 退款中 (5); one asked on the console's payment page found it paid (1).
  for (const from of [PAY_STATUS.refunding, PAY_STATUS.paid]) {
    const refundAmount =
      from === PAY_STATUS.paid && settled.outcome === 'succeeded' ? settled.amountCents : (row.refundAmount ?? null);
    if (await repo.move(row.id, { payStatus: from }, { payStatus: to, refundAmount }, now)) {
      return;
    }
  }
}

/** Cancels a live order whose row the caller locked: a paid one is refunded in full by the refund job. */
async function cancelLocked(tx: Db, row: OrderRow, by: 'customer' | 'timeout', reason: string, now: Date) {
  const repo = new OrderRepository(tx);
  const paid = row.payStatus === PAY_STATUS.paid;
  const refund = paid && row.intentId !== null && row.intentId !== undefined && row.payAmount > 0;
  const n = row.refundRequests + 1;
  const moved = await repo.move(
    row.id,
    { orderStatus: ORDER_STATUS.live, payStatus: row.payStatus, sendStatus: SEND_STATUS.notSent },
    {
      orderStatus: ORDER_STATUS.cancelled,
      cancelledAt: now,
      cancelledBy: by,
      ...(refund && {
        payStatus: PAY_STATUS.refunding,
        refundAmount: row.payAmount,
        refundReason: reason,
        refundRequests: n,
      }),
      // Paid with nothing but points, strips or a coupon: all of it goes back below.
      ...(paid && !refund && { payStatus: PAY_STATUS.refunded, refundAmount: 0, refundReason: reason }),
    },
    now,
  );
  if (!moved) {
    throw conflict(ORDER_MESSAGES.notCancellable);
  }
  await giveBack(tx, row, now);
  if (refund) {
    await scheduleRefund(tx, row.id, n, now);
  }
}

/** cancel: the customer cancels one of their orders (canCancelOrder); a paid one is refunded in full. */
export async function cancelOrder(db: Db, session: SessionContext, orderId: number, now: Date) {
  const customerId = registeredCustomerId(session);
  await ownOrder(db, customerId, { orderId });
  await inTransaction(db, async (tx) => {
    const row = await new OrderRepository(tx).lock(orderId);
    if (!row || !canCancelOrder(row)) {
      throw conflict(ORDER_MESSAGES.notCancellable);
    }
    await cancelLocked(tx, row, 'customer', ORDER_MESSAGES.cancelRefund, now);
  });
  return orderDetailView(await orderById(db, orderId));
}

/**
 * wxRefund: the customer asks for the refund of a paid order not yet sent (the order is cancelled and
 * everything it took goes back), or asks again after 退款失败.
 */
export async function requestOrderRefund(
  db: Db,
  session: SessionContext,
  body: { orderId: number; reason?: string },
  now: Date,
) {
  const customerId = registeredCustomerId(session);
  await ownOrder(db, customerId, { orderId: body.orderId });
  const reason = body.reason?.trim().slice(0, 80) || ORDER_MESSAGES.customerRefund;
  await inTransaction(db, async (tx) => {
    const repo = new OrderRepository(tx);
    const row = await repo.lock(body.orderId);
    if (row && customerRefundMode(row) === 'request') {
      // After the audit or shipping the operator decides (docs/adr/0194): 退款申请中.
      const asked = await repo.move(
        row.id,
        { refundRequest: row.refundRequest, payStatus: row.payStatus },
        { refundRequest: REFUND_REQUEST.requested, refundRequestReason: reason, refundDeclineReason: null },
        now,
      );
      if (!asked) {
        throw conflict(ORDER_MESSAGES.refundInProgress);
      }
      return;
    }
    if (!row || !canRequestRefund(row)) {
      throw conflict(
        row?.payStatus === PAY_STATUS.refunding ? ORDER_MESSAGES.refundInProgress : ORDER_MESSAGES.notRefundable,
      );
    }
    if (row.payStatus === PAY_STATUS.refundFailed) {
      const n = row.refundRequests + 1;
      const moved = await repo.move(
        row.id,
        { payStatus: PAY_STATUS.refundFailed },
        { payStatus: PAY_STATUS.refunding, refundRequests: n, refundReason: body.reason ? reason : row.refundReason },
        now,
      );
      if (!moved) {
        throw conflict(ORDER_MESSAGES.refundInProgress);
      }
      await scheduleRefund(tx, row.id, n, now);
      return;
    }
    if (row.orderStatus !== ORDER_STATUS.live) {
      throw conflict(ORDER_MESSAGES.notRefundable);
    }
    await cancelLocked(tx, row, 'customer', reason, now);
  });
  // The envelope's errMsg is 成功发起退款 (openapi.yaml x-success-errMsg).
  return orderDetailView(await orderById(db, body.orderId));
}

/**
 * The auto-cancel job: an online order still unpaid at its autoCancelTime is cancelled and gives
 * back its stock, points, strips and coupon. A paid or cancelled order is left as it is.
 */
export async function autoCancelOrder(db: Db, orderId: number, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await new OrderRepository(tx).lock(orderId);
    if (
      !row ||
      row.orderStatus !== ORDER_STATUS.live ||
      row.payStatus !== PAY_STATUS.unpaid ||
      row.payType !== PAY_TYPE.online ||
      row.needPay !== 1
    ) {
      return;
    }
    await cancelLocked(tx, row, 'timeout', ORDER_MESSAGES.cancelRefund, now);
  });
}

/**
 * The refund job: asks the payment provider for the order's refund of `refundAmount`, once per
 * request key. A refusal (the intent already refunded, a refund in flight) leaves the order 退款失败
 * so it can be asked again.
 */
export async function runOrderRefund(
  db: Db,
  provider: PaymentProvider,
  payload: { orderId: number; requestKey: string },
  now: Date,
): Promise<void> {
  const row = await new OrderRepository(db).byId(payload.orderId);
  if (!row?.intentId || row.payStatus !== PAY_STATUS.refunding) {
    return;
  }
  try {
    await requestRefund(
      db,
      provider,
      {
        intentId: row.intentId,
        refundCents: row.refundAmount ?? row.payAmount,
        reason: row.refundReason ?? ORDER_MESSAGES.cancelRefund,
        requestedBy: 'system:order',
        requestKey: payload.requestKey,
      },
      now,
    );
  } catch (error) {
    if (!(error instanceof AppError)) {
      throw error;
    }
    await new OrderRepository(db).move(
      row.id,
      { payStatus: PAY_STATUS.refunding },
      { payStatus: PAY_STATUS.refundFailed },
      now,
    );
  }
}
