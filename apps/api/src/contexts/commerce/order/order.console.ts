// The console's moves on an order (contexts/commerce/order-desk calls them with the staff member's
// audit; docs/adr/0181): audit, ship, sign or refuse, and refund full or partial. Each is one
// conditional UPDATE on the state it was decided in, like the customer's moves in order.lifecycle.ts.
import {
  AUDIT_STATUS,
  ORDER_REFUND_MESSAGES,
  ORDER_STATUS,
  PAY_STATUS,
  PAY_TYPE,
  RECEIVE_TYPE_API,
  REFUND_REQUEST,
  SEND_STATUS,
  isPickupReady,
  operatorRefundProblem,
  orderRefundParts,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { PaymentProvider } from '../../../providers/payment/payment';
import { requestRefund } from '../payment/payment.service';
import { orderById } from './order.access';
import { orderLedgers } from './order.ports';
import { OrderRepository, type OrderRow } from './order.repository';

const conflict = (errMsg: string) => new AppError(ErrorCodes.conflict, errMsg, 409);

/** The console's refusals (staff read them). */
export const ORDER_CONSOLE_REFUSALS = {
  changed: '订单状态已变化，请刷新后重试',
  notAuditable: '该订单不能审核',
  notShippable: '该订单不能发货',
  notSignable: '该订单尚未发货或已签收',
  notRefundable: '该订单未支付或正在退款，不能退款',
  refundTooMuch: '退款金额不能超过实付金额',
} as const;

/** Audits a live order: passed (1) or failed (2), once. */
export async function auditOrder(tx: Db, orderId: number, passed: boolean, now: Date): Promise<OrderRow> {
  const row = await orderById(tx, orderId);
  if (row.orderStatus !== ORDER_STATUS.live || row.auditStatus !== AUDIT_STATUS.pending) {
    throw conflict(ORDER_CONSOLE_REFUSALS.notAuditable);
  }
  const moved = await new OrderRepository(tx).move(
    orderId,
    { orderStatus: ORDER_STATUS.live, auditStatus: AUDIT_STATUS.pending },
    { auditStatus: passed ? AUDIT_STATUS.passed : AUDIT_STATUS.failed, auditedAt: now },
    now,
  );
  if (!moved) {
    throw conflict(ORDER_CONSOLE_REFUSALS.changed);
  }
  return orderById(tx, orderId);
}

/** Ships a live order that is paid (or cash on delivery) and not failed by the audit: 已发货 with the courier. */
export async function shipOrder(
  tx: Db,
  orderId: number,
  express: { expressCode: string; expressName: string; trackingNumber: string; expressPhone?: string | null },
  now: Date,
): Promise<OrderRow> {
  const row = await orderById(tx, orderId);
  // Paid online, cash on delivery, or nothing to pay (points, strips, a coupon that covers it).
  const payable = row.payStatus === PAY_STATUS.paid || row.payType === PAY_TYPE.cashOnDelivery || row.needPay !== 1;
  if (
    row.orderStatus !== ORDER_STATUS.live ||
    row.sendStatus !== SEND_STATUS.notSent ||
    row.auditStatus === AUDIT_STATUS.failed ||
    !payable
  ) {
    throw conflict(ORDER_CONSOLE_REFUSALS.notShippable);
  }
  const moved = await new OrderRepository(tx).move(
    orderId,
    { orderStatus: ORDER_STATUS.live, sendStatus: SEND_STATUS.notSent, payStatus: row.payStatus },
    {
      sendStatus: SEND_STATUS.sent,
      shippedAt: now,
      expressCode: express.expressCode.slice(0, 16),
      expressName: express.expressName.slice(0, 40),
      expressPhone: express.expressPhone?.slice(0, 20) ?? null,
      trackingNumber: express.trackingNumber.slice(0, 40),
    },
    now,
  );
  if (!moved) {
    throw conflict(ORDER_CONSOLE_REFUSALS.changed);
  }
  return orderById(tx, orderId);
}

/**
 * Marks a sent order signed for (已签收) or refused (拒收), once. A pickup (自提) order ready to collect
 * is marked signed (已取货) without shipping: it becomes sent and signed at once (docs/adr/0194).
 */
export async function signOrder(tx: Db, orderId: number, outcome: 'signed' | 'refused', now: Date): Promise<OrderRow> {
  const row = await orderById(tx, orderId);
  if (row.receiveType === RECEIVE_TYPE_API.pickup && row.sendStatus === SEND_STATUS.notSent) {
    if (!isPickupReady(row) || outcome !== 'signed') {
      throw conflict(ORDER_CONSOLE_REFUSALS.notSignable);
    }
    const collected = await new OrderRepository(tx).move(
      orderId,
      { orderStatus: ORDER_STATUS.live, sendStatus: SEND_STATUS.notSent, asignStatus: 0, payStatus: row.payStatus },
      { sendStatus: SEND_STATUS.sent, asignStatus: 1, shippedAt: now, signedAt: now },
      now,
    );
    if (!collected) {
      throw conflict(ORDER_CONSOLE_REFUSALS.changed);
    }
    return orderById(tx, orderId);
  }
  const moved = await new OrderRepository(tx).move(
    orderId,
    { sendStatus: SEND_STATUS.sent, asignStatus: 0 },
    { asignStatus: outcome === 'signed' ? 1 : 2, signedAt: now },
    now,
  );
  if (!moved) {
    await orderById(tx, orderId);
    throw conflict(ORDER_CONSOLE_REFUSALS.notSignable);
  }
  return orderById(tx, orderId);
}

/**
 * The console's refund, full or partial, with its reason (docs/adr/0181, 0194). Points and strips
 * the order spent go back through their ledgers at once (key `order:<id>`, the same key a
 * cancellation returns them with, so never twice). The money part, if any, makes the order 退款中
 * and the payment provider is asked at once; its outcome (orderOnRefundSettled) makes it 退款成功 or
 * 退款失败. An order without money (points or strips only) is 退款成功 at once, with 0 cents.
 * Stock is not returned: the goods may be with the customer. A waiting refund request is granted.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  refund: { cents: number; reason: string; by: string },
  now: Date,
): Promise<OrderRow> {
  const outcome = await inTransaction(db, async (tx) => {
    const repo = new OrderRepository(tx);
    const row = await repo.lock(orderId);
    if (!row) {
      return orderById(tx, orderId).then(() => ({ money: false, n: 0 }));
    }
    const problem = operatorRefundProblem(row, refund.cents);
    if (problem) {
      throw conflict(problem === ORDER_REFUND_MESSAGES.moneyTooMuch ? ORDER_CONSOLE_REFUSALS.refundTooMuch : problem);
    }
    const parts = orderRefundParts(row);
    if (parts.money && !row.intentId) {
      throw conflict(ORDER_CONSOLE_REFUSALS.notRefundable);
    }
    const ledgers = orderLedgers();
    const key = `order:${row.id}`;
    if (parts.points > 0) {
      await ledgers.returnPoints(tx, row.customerId, parts.points, key, now);
    }
    if (parts.strips > 0) {
      await ledgers.returnStrips(tx, row.customerId, parts.strips, key, now);
    }
    const next = row.refundRequests + 1;
    const moved = await repo.move(
      orderId,
      { payStatus: row.payStatus },
      {
        payStatus: parts.money ? PAY_STATUS.refunding : PAY_STATUS.refunded,
        refundAmount: refund.cents,
        refundReason: refund.reason.slice(0, 80),
        refundRequests: next,
        ...(row.refundRequest === REFUND_REQUEST.requested && { refundRequest: REFUND_REQUEST.none }),
      },
      now,
    );
    if (!moved) {
      throw conflict(ORDER_CONSOLE_REFUSALS.changed);
    }
    return { money: parts.money, n: next };
  });
  if (!outcome.money) {
    return orderById(db, orderId);
  }
  const row = await orderById(db, orderId);
  try {
    await requestRefund(
      db,
      provider,
      {
        intentId: row.intentId ?? '',
        refundCents: refund.cents,
        reason: refund.reason,
        requestedBy: refund.by,
        requestKey: `order-${orderId}-${outcome.n}`,
      },
      now,
    );
  } catch (error) {
    await new OrderRepository(db).move(
      orderId,
      { payStatus: PAY_STATUS.refunding },
      { payStatus: PAY_STATUS.refundFailed },
      now,
    );
    throw error;
  }
  return orderById(db, orderId);
}

/** Declines a waiting refund request with the operator's reason: 退款申请未通过; the customer may ask again. */
export async function declineRefundRequest(tx: Db, orderId: number, reason: string, now: Date): Promise<OrderRow> {
  const moved = await new OrderRepository(tx).move(
    orderId,
    { refundRequest: REFUND_REQUEST.requested },
    { refundRequest: REFUND_REQUEST.declined, refundDeclineReason: reason.slice(0, 80) },
    now,
  );
  if (!moved) {
    await orderById(tx, orderId);
    throw conflict(ORDER_REFUND_MESSAGES.noRequest);
  }
  return orderById(tx, orderId);
}
