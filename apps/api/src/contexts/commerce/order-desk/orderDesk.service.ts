import type { Schema } from '@glucoguard/sdk';
import {
  LOGISTICS_MESSAGES,
  ORDER_REFUND_MESSAGES,
  PAY_STATUS,
  SALES_REPORT_RANGE_MESSAGE,
  TRACKING_NUMBER_PATTERN,
  chinaDateKey,
  chinaListSpan,
  courierByCode,
  newestTracesFirst,
  orderAuditProblem,
  orderShipProblem,
  orderSignProblem,
  orderStatusLabel,
  parseChinaDateTime,
  paymentLabel,
  refundableCents,
  refundRequestOf,
  salesReport,
  salesReportDays,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { StaffContext } from '../../../lib/staff-context';
import type { PaymentProvider } from '../../../providers/payment/payment';
import { recordAudit, type AuditActor } from '../../platform';
import { recordShippingEvent, recordedTraces } from '../logistics/logistics.service';
import { auditOrder, declineRefundRequest, refundOrder, shipOrder, signOrder } from '../order/order.console';
import { orderById } from '../order/order.access';
import type { OrderRow } from '../order/order.repository';
import { OrderDeskRepository, type OrderExtras, type OrderQueueFilter } from './orderDesk.repository';

// An operator's order desk in the console (issue 21; docs/adr/0190-console-orders-and-sales-report.md):
// the queue, one order, audit, ship, sign or refuse, refund, and the sales report. The order module
// makes every move (a conditional UPDATE); the desk checks the domain's rule first for a precise
// refusal, records the shipping events the local logistics provider answers, and audits each step.

type ConsoleOrder = Schema<'ConsoleOrder'>;

const refuse = (errMsg: string) => new AppError(ErrorCodes.conflict, errMsg, 409);
const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

function consoleOrderView(row: OrderRow, extras: OrderExtras): ConsoleOrder {
  const buyer = extras.customers.get(row.customerId);
  const intent = row.intentId ? extras.intents.get(row.intentId) : undefined;
  const paid = row.payStatus !== PAY_STATUS.unpaid;
  const courier = courierByCode(row.expressCode);
  return {
    orderId: row.id,
    orderCode: row.orderCode,
    customerId: row.customerId,
    customerName: buyer?.nickname || null,
    customerPhone: buyer?.phone ?? null,
    goodsId: row.goodsId,
    goodsName: row.goodsName,
    iconUrl: row.iconUrl || null,
    salesMode: row.salesMode,
    number: row.number,
    payAmount: row.payAmount,
    payCoupon: row.payCoupon,
    scoreAmount: row.scoreAmount,
    paperAmount: row.paperAmount,
    postage: row.postage,
    payType: row.payType,
    payStatus: row.payStatus,
    orderStatus: row.orderStatus,
    sendStatus: row.sendStatus,
    asignStatus: row.asignStatus,
    auditStatus: row.auditStatus,
    needPay: row.needPay,
    receiveType: row.receiveType,
    createTime: row.createdAt.toISOString(),
    autoCancelTime: row.autoCancelAt ? row.autoCancelAt.toISOString() : null,
    consigneeName: row.consigneeName ?? null,
    phone: row.phone ?? null,
    detailAddress: row.detailAddress ?? null,
    express:
      row.expressCode && row.trackingNumber
        ? {
            expressCode: row.expressCode,
            expressName: row.expressName ?? courier?.name ?? row.expressCode,
            expressPhone: row.expressPhone ?? courier?.phone ?? null,
            trackingNumber: row.trackingNumber,
          }
        : null,
    refundAmount: row.refundAmount ?? null,
    refundReason: row.refundReason ?? null,
    refundRequest: refundRequestOf(row.refundRequest),
    refundRequestReason: row.refundRequestReason ?? null,
    refundDeclineReason: row.refundDeclineReason ?? null,
    refundableCents: paid && intent ? refundableCents(intent.amountCents, intent.refunds) : 0,
    statusLabel: orderStatusLabel(row),
    paymentLabel: paymentLabel(row) ?? null,
  };
}

/** The China days `from`..`to` as instants `[start, end)`, or a 40000 when either is not a date. */
function daySpan(from: string | undefined, to: string | undefined): { start?: Date; end?: Date } {
  const span = chinaListSpan(from, to);
  if ('invalid' in span) {
    throw badRequest(SALES_REPORT_RANGE_MESSAGE);
  }
  return { ...(span.start && { start: span.start }), ...(span.end && { end: span.end }) };
}

export async function consoleOrders(
  db: Db,
  actor: AuditActor,
  query: Omit<OrderQueueFilter, 'createdFrom' | 'createdBefore'> & { from?: string; to?: string },
  page: { pageNo: number; pageSize: number },
  now: Date,
) {
  const { from, to, keyword, ...statuses } = query;
  const span = daySpan(from, to);
  const repo = new OrderDeskRepository(db);
  const { rows, total } = await repo.queue(
    {
      ...statuses,
      ...(span.start && { createdFrom: span.start }),
      ...(span.end && { createdBefore: span.end }),
      ...(keyword?.trim() && { keyword: keyword.trim() }),
    },
    page.pageNo,
    page.pageSize,
  );
  const extras = await repo.extras(rows);
  await recordAudit(db, actor, { action: 'order.list', detail: { ...query, pageNo: page.pageNo } }, now);
  return {
    items: rows.map((row) => consoleOrderView(row, extras)),
    currentPage: page.pageNo,
    totalPage: Math.ceil(total / page.pageSize),
    total,
  };
}

/** The detail answer: the order and its recorded shipping events, newest first. */
async function detail(db: Db, row: OrderRow) {
  const extras = await new OrderDeskRepository(db).extras([row]);
  const traces = await recordedTraces(db, row.id);
  return {
    order: consoleOrderView(row, extras),
    traces: newestTracesFirst(traces.map(({ acceptTime, acceptStation }) => ({ acceptTime, acceptStation }))),
  };
}

export async function consoleOrder(db: Db, actor: AuditActor, orderId: number, now: Date) {
  const row = await orderById(db, orderId);
  await recordAudit(db, actor, { action: 'order.read', patientId: row.customerId, target: `order:${row.id}` }, now);
  return detail(db, row);
}

/** Throws the domain's refusal of a move, if any. */
function check(problem: string | null): void {
  if (problem) {
    throw refuse(problem);
  }
}

/**
 * One console move on an order: the move and its audit entry in one transaction (the patient is
 * the order's customer), then the order as the desk shows it.
 */
async function auditedMove(
  db: Db,
  actor: AuditActor,
  orderId: number,
  action: string,
  move: (tx: Db) => Promise<{ row: OrderRow; detail?: Record<string, unknown> }>,
  now: Date,
) {
  const row = await inTransaction(db, async (tx) => {
    const moved = await move(tx);
    await recordAudit(
      tx,
      actor,
      { action, patientId: moved.row.customerId, target: `order:${orderId}`, detail: moved.detail },
      now,
    );
    return moved.row;
  });
  return detail(db, row);
}

export async function consoleAuditOrder(
  db: Db,
  actor: AuditActor,
  orderId: number,
  body: { pass: boolean; remark?: string },
  now: Date,
) {
  return auditedMove(
    db,
    actor,
    orderId,
    'order.audit',
    async (tx) => {
      check(orderAuditProblem(await orderById(tx, orderId)));
      const row = await auditOrder(tx, orderId, body.pass, now);
      return { row, detail: { pass: body.pass, ...(body.remark?.trim() && { remark: body.remark.trim() }) } };
    },
    now,
  );
}

export async function consoleShipOrder(
  db: Db,
  actor: AuditActor,
  staff: StaffContext,
  orderId: number,
  body: { expressCode: string; trackingNumber: string },
  now: Date,
) {
  const courier = courierByCode(body.expressCode);
  if (!courier) {
    throw badRequest(LOGISTICS_MESSAGES.courierUnknown);
  }
  const trackingNumber = body.trackingNumber.trim();
  if (!TRACKING_NUMBER_PATTERN.test(trackingNumber)) {
    throw badRequest(LOGISTICS_MESSAGES.trackingNumber);
  }
  return auditedMove(
    db,
    actor,
    orderId,
    'order.ship',
    async (tx) => {
      check(orderShipProblem(await orderById(tx, orderId)));
      const row = await shipOrder(
        tx,
        orderId,
        { expressCode: courier.code, expressName: courier.name, expressPhone: courier.phone, trackingNumber },
        now,
      );
      await recordShippingEvent(tx, { orderId, courier, trackingNumber }, 'shipped', staff.staffId, now);
      return { row, detail: { expressCode: courier.code, trackingNumber } };
    },
    now,
  );
}

export async function consoleSignOrder(
  db: Db,
  actor: AuditActor,
  staff: StaffContext,
  orderId: number,
  result: 'signed' | 'refused',
  now: Date,
) {
  return auditedMove(
    db,
    actor,
    orderId,
    'order.sign',
    async (tx) => {
      check(orderSignProblem(await orderById(tx, orderId), result));
      const row = await signOrder(tx, orderId, result, now);
      const courier = courierByCode(row.expressCode);
      if (courier && row.trackingNumber) {
        await recordShippingEvent(
          tx,
          { orderId, courier, trackingNumber: row.trackingNumber },
          result,
          staff.staffId,
          now,
        );
      }
      return { row, detail: { result } };
    },
    now,
  );
}

export async function consoleRefundOrder(
  db: Db,
  provider: PaymentProvider,
  actor: AuditActor,
  staff: StaffContext,
  orderId: number,
  body: { refundCents: number; reason: string; requestKey: string },
  now: Date,
) {
  const reason = body.reason.trim();
  if (!reason) {
    throw badRequest('请填写退款原因');
  }
  const before = await orderById(db, orderId);
  const row = await refundOrder(
    db,
    provider,
    orderId,
    { cents: body.refundCents, reason, by: `staff:${staff.staffId}` },
    now,
  );
  await recordAudit(
    db,
    actor,
    {
      action: 'order.refund',
      patientId: before.customerId,
      target: `order:${orderId}`,
      detail: { refundCents: body.refundCents, reason, requestKey: body.requestKey, payStatus: row.payStatus },
    },
    now,
  );
  return detail(db, row);
}

export async function consoleDeclineOrderRefund(
  db: Db,
  actor: AuditActor,
  orderId: number,
  body: { reason: string },
  now: Date,
) {
  const reason = body.reason.trim();
  if (!reason) {
    throw badRequest(ORDER_REFUND_MESSAGES.declineReason);
  }
  return auditedMove(
    db,
    actor,
    orderId,
    'order.refundDecline',
    async (tx) => ({ row: await declineRefundRequest(tx, orderId, reason, now), detail: { reason } }),
    now,
  );
}

export async function consoleSalesReport(
  db: Db,
  actor: AuditActor,
  query: { from: string; to: string; groupBy: 'day' | 'goods' },
  now: Date,
): Promise<Schema<'SalesReport'>> {
  const days = salesReportDays(query.from, query.to);
  const start = parseChinaDateTime(query.from);
  const span = daySpan(query.from, query.to);
  if (!days || !start || !span.end) {
    throw badRequest(SALES_REPORT_RANGE_MESSAGE);
  }
  const repo = new OrderDeskRepository(db);
  const orders = await repo.createdBetween(start, span.end);
  const extras = await repo.extras(orders);
  const report = salesReport(
    orders.map((o) => ({
      payType: o.payType,
      payStatus: o.payStatus,
      orderStatus: o.orderStatus,
      needPay: o.needPay,
      day: chinaDateKey(o.createdAt),
      goodsId: o.goodsId,
      goodsName: o.goodsName,
      number: o.number,
      payAmount: o.payAmount,
      refundCents: refundedCents(o, extras),
      scoreAmount: o.scoreAmount,
      paperAmount: o.paperAmount,
    })),
    days,
    query.groupBy,
  );
  await recordAudit(db, actor, { action: 'order.report', detail: query }, now);
  return { from: query.from, to: query.to, groupBy: query.groupBy, ...report };
}

/** The cents of an order's payment that were refunded (succeeded refunds only). */
function refundedCents(order: OrderRow, extras: OrderExtras): number {
  const intent = order.intentId ? extras.intents.get(order.intentId) : undefined;
  return (intent?.refunds ?? []).reduce((sum, r) => sum + (r.state === 'succeeded' ? r.amountCents : 0), 0);
}
