// The console's moves on an order (contexts/commerce/order-desk calls them with the staff member's
// audit; docs/adr/0181): audit, ship, sign or refuse, and refund full or partial. Each is one
// conditional UPDATE on the state it was decided in, like the customer's moves in order.lifecycle.ts.
import { AUDIT_STATUS, ORDER_STATUS, PAY_STATUS, PAY_TYPE, SEND_STATUS } from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { PaymentProvider } from '../../../providers/payment/payment';
import { requestRefund } from '../payment/payment.service';
import { orderById } from './order.access';
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
  const payable = row.payStatus === PAY_STATUS.paid || row.payType === PAY_TYPE.cashOnDelivery;
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

/** Marks a sent order signed for (已签收) or refused (拒收), once. */
export async function signOrder(tx: Db, orderId: number, outcome: 'signed' | 'refused', now: Date): Promise<OrderRow> {
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
 * The console's refund, full or partial, with its reason (docs/adr/0181): the order becomes 退款中
 * and the payment provider is asked at once; its outcome (orderOnRefundSettled) makes it 退款成功 or
 * 退款失败. Stock is not returned: the goods may be with the customer.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  refund: { cents: number; reason: string; by: string },
  now: Date,
): Promise<OrderRow> {
  const n = await inTransaction(db, async (tx) => {
    const repo = new OrderRepository(tx);
    const row = await repo.lock(orderId);
    if (!row) {
      return orderById(tx, orderId).then(() => 0);
    }
    const refundable = row.payStatus === PAY_STATUS.paid || row.payStatus === PAY_STATUS.refundFailed;
    if (row.payType !== PAY_TYPE.online || !refundable || !row.intentId) {
      throw conflict(ORDER_CONSOLE_REFUSALS.notRefundable);
    }
    if (refund.cents < 1 || refund.cents > row.payAmount) {
      throw conflict(ORDER_CONSOLE_REFUSALS.refundTooMuch);
    }
    const next = row.refundRequests + 1;
    await repo.move(
      orderId,
      { payStatus: row.payStatus },
      {
        payStatus: PAY_STATUS.refunding,
        refundAmount: refund.cents,
        refundReason: refund.reason.slice(0, 80),
        refundRequests: next,
      },
      now,
    );
    return next;
  });
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
        requestKey: `order-${orderId}-${n}`,
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
