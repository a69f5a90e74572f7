import { formatChinaTime, inChina, parseChinaDateTime } from '../shared/time';
import { AUDIT_STATUS, ORDER_STATUS, PAY_STATUS, PAY_TYPE, RECEIVE_TYPE_API, SEND_STATUS, ASIGN_STATUS } from './order';
import type { OrderState } from './order';

// Couriers, courier tracking and the console's order actions (spec 3 §2.7, §3, §4; issue 21;
// docs/adr/0189-logistics-provider.md, docs/adr/0190-console-orders-and-sales-report.md).

/** A courier the console ships with: its 快递鸟 ShipperCode, its name and its customer-service number. */
export interface Courier {
  readonly code: string;
  readonly name: string;
  readonly phone: string;
}

/** The couriers an operator picks from when shipping, by 快递鸟's ShipperCode. */
export const COURIERS: readonly Courier[] = [
  { code: 'SF', name: '顺丰速运', phone: '95338' },
  { code: 'ZTO', name: '中通快递', phone: '95311' },
  { code: 'YTO', name: '圆通速递', phone: '95554' },
  { code: 'STO', name: '申通快递', phone: '95543' },
  { code: 'YD', name: '韵达速递', phone: '95546' },
  { code: 'JD', name: '京东快递', phone: '950616' },
  { code: 'EMS', name: 'EMS', phone: '11183' },
  { code: 'YZPY', name: '邮政快递包裹', phone: '11183' },
  { code: 'DBL', name: '德邦快递', phone: '95353' },
  { code: 'JTSD', name: '极兔速递', phone: '956025' },
];

/** The courier with this ShipperCode, or undefined. */
export function courierByCode(code: string | null | undefined): Courier | undefined {
  return COURIERS.find((courier) => courier.code === code);
}

/** Couriers that only answer a tracking query with the last 4 digits of the consignee's phone (快递鸟 CustomerName). */
export const COURIERS_NEEDING_PHONE_TAIL: readonly string[] = ['SF', 'JD'];

/** A waybill number: 6–40 letters, digits or hyphens. */
export const TRACKING_NUMBER_PATTERN = /^[0-9A-Za-z-]{6,40}$/;

/** 快递鸟's `State` of a shipment, which our own shipping events use too. */
export const LOGISTICS_STATE = { none: 0, collected: 1, inTransit: 2, signed: 3, problem: 4 } as const;

const LOGISTICS_STATE_LABELS: Readonly<Record<number, string>> = {
  [LOGISTICS_STATE.none]: '暂无轨迹',
  [LOGISTICS_STATE.collected]: '已揽收',
  [LOGISTICS_STATE.inTransit]: '运输中',
  [LOGISTICS_STATE.signed]: '已签收',
  [LOGISTICS_STATE.problem]: '问题件',
};

/** The label of a shipment state; a state we do not know (快递鸟 adds some) reads as in transit. */
export function logisticsStateLabel(state: number): string {
  return LOGISTICS_STATE_LABELS[state] ?? LOGISTICS_STATE_LABELS[LOGISTICS_STATE.inTransit] ?? '';
}

/** A trace as the phone shows it: China time `YYYY-MM-DD HH:mm:ss` and what happened. */
export interface LogisticsTraceView {
  readonly acceptTime: string;
  readonly acceptStation: string;
}

/** The shipping events the console records; each stands for one trace of the local provider. */
export type ShippingEvent = 'shipped' | 'signed' | 'refused';

/** The shipment state after a shipping event. */
export const SHIPPING_EVENT_STATE: Readonly<Record<ShippingEvent, number>> = {
  shipped: LOGISTICS_STATE.collected,
  signed: LOGISTICS_STATE.signed,
  refused: LOGISTICS_STATE.problem,
};

/** The trace text of a shipping event, in the words a courier would use. */
export function shippingEventStation(event: ShippingEvent, courier: Courier, trackingNumber: string): string {
  switch (event) {
    case 'shipped':
      return `商家已发货，包裹已交给${courier.name}，运单号 ${trackingNumber}`;
    case 'signed':
      return '您的包裹已签收，感谢您的信任，祝您身体健康';
    case 'refused':
      return '收件人已拒收，包裹将退回商家';
  }
}

/**
 * Traces newest first. 快递鸟's `AcceptTime` comes as `YYYY-MM-DD HH:mm:ss` or `YYYY/MM/DD HH:mm:ss`
 * (China time); it is written back as `YYYY-MM-DD HH:mm:ss`. Traces with a time we cannot read keep
 * their place after the dated ones, in the courier's order.
 */
export function newestTracesFirst(traces: readonly LogisticsTraceView[]): LogisticsTraceView[] {
  const dated = traces.map((trace, index) => {
    const at = parseChinaDateTime(trace.acceptTime.trim().replaceAll('/', '-'));
    return { trace: at ? { ...trace, acceptTime: formatChinaTime(at) } : trace, at: at?.getTime() ?? null, index };
  });
  return dated
    .sort((a, b) => {
      if (a.at !== null && b.at !== null && a.at !== b.at) {
        return b.at - a.at;
      }
      if ((a.at === null) !== (b.at === null)) {
        return a.at === null ? 1 : -1;
      }
      return b.index - a.index;
    })
    .map((item) => item.trace);
}

/** Messages of the tracking query and the console's order actions. */
export const LOGISTICS_MESSAGES = {
  orderRefRequired: '请提供订单编号',
  notShipped: '订单尚未发货',
  courierUnknown: '请选择快递公司',
  trackingNumber: '请输入正确的快递单号',
  cancelled: '订单已取消',
  unpaid: '订单未支付',
  alreadyAudited: '订单已审核',
  alreadySent: '订单已发货',
  auditNotPassed: '订单未审核通过',
  pickup: '自提订单无需发货',
  refunds: '订单退款中或已退款',
  notSent: '订单未发货',
  alreadyMarked: '订单已签收或拒收',
  nothingPaid: '订单未支付，不能退款',
  pickupRefused: '自提订单只能标记为已取货',
} as const;

const refundStates: readonly number[] = [PAY_STATUS.refunding, PAY_STATUS.refunded];

/** Whether money was paid or will be collected: paid online, or cash on delivery. */
function isPaidOrCod(order: OrderState): boolean {
  return order.payType === PAY_TYPE.cashOnDelivery || order.needPay !== 1 || order.payStatus === PAY_STATUS.paid;
}

/**
 * Why an order cannot be audited now, or null when it can: a live order, paid (or cash on delivery,
 * or with nothing to pay), not sent and not audited yet.
 */
export function orderAuditProblem(order: OrderState): string | null {
  if (order.orderStatus === ORDER_STATUS.cancelled) {
    return LOGISTICS_MESSAGES.cancelled;
  }
  if (refundStates.includes(order.payStatus)) {
    return LOGISTICS_MESSAGES.refunds;
  }
  if (!isPaidOrCod(order)) {
    return LOGISTICS_MESSAGES.unpaid;
  }
  if (order.sendStatus === SEND_STATUS.sent) {
    return LOGISTICS_MESSAGES.alreadySent;
  }
  return order.auditStatus === AUDIT_STATUS.pending ? null : LOGISTICS_MESSAGES.alreadyAudited;
}

/** Why an order cannot be shipped now, or null: a live mailed order whose audit passed, not sent, not refunded. */
export function orderShipProblem(order: OrderState): string | null {
  if (order.orderStatus === ORDER_STATUS.cancelled) {
    return LOGISTICS_MESSAGES.cancelled;
  }
  if (refundStates.includes(order.payStatus)) {
    return LOGISTICS_MESSAGES.refunds;
  }
  if (order.sendStatus === SEND_STATUS.sent) {
    return LOGISTICS_MESSAGES.alreadySent;
  }
  if (order.receiveType === RECEIVE_TYPE_API.pickup) {
    return LOGISTICS_MESSAGES.pickup;
  }
  return order.auditStatus === AUDIT_STATUS.passed ? null : LOGISTICS_MESSAGES.auditNotPassed;
}

/**
 * A pickup (自提) order the customer may collect now: live, not refunded, paid (or cash on delivery,
 * or nothing to pay), not failed by the audit, not yet marked (docs/adr/0194-refund-requests-and-pickup.md).
 */
export function isPickupReady(order: OrderState): boolean {
  return (
    order.receiveType === RECEIVE_TYPE_API.pickup &&
    order.orderStatus !== ORDER_STATUS.cancelled &&
    !refundStates.includes(order.payStatus) &&
    isPaidOrCod(order) &&
    order.auditStatus !== AUDIT_STATUS.failed &&
    order.sendStatus === SEND_STATUS.notSent
  );
}

/**
 * Why an order cannot be marked signed for or refused now, or null: a shipped order not being
 * refunded or refunded, or a pickup order ready to collect, which can only be marked signed
 * (已取货: it is never shipped).
 */
export function orderSignProblem(order: OrderState, outcome: 'signed' | 'refused' = 'signed'): string | null {
  if (order.receiveType === RECEIVE_TYPE_API.pickup && order.sendStatus === SEND_STATUS.notSent) {
    if (!isPickupReady(order)) {
      return order.orderStatus === ORDER_STATUS.cancelled
        ? LOGISTICS_MESSAGES.cancelled
        : refundStates.includes(order.payStatus)
          ? LOGISTICS_MESSAGES.refunds
          : isPaidOrCod(order)
            ? LOGISTICS_MESSAGES.auditNotPassed
            : LOGISTICS_MESSAGES.unpaid;
    }
    return outcome === 'signed' ? null : LOGISTICS_MESSAGES.pickupRefused;
  }
  if (order.sendStatus !== SEND_STATUS.sent) {
    return LOGISTICS_MESSAGES.notSent;
  }
  if (refundStates.includes(order.payStatus)) {
    return LOGISTICS_MESSAGES.refunds;
  }
  const marked = order.asignStatus === ASIGN_STATUS.signed || order.asignStatus === ASIGN_STATUS.rejected;
  return marked ? LOGISTICS_MESSAGES.alreadyMarked : null;
}

/** The longest range of the sales report, in days. */
export const SALES_REPORT_MAX_DAYS = 366;

/**
 * The China days from `from` to `to` (both `YYYY-MM-DD`, both included), or null when either is not a
 * date, `to` is before `from`, or the range is longer than {@link SALES_REPORT_MAX_DAYS}.
 */
export function salesReportDays(from: string, to: string): string[] | null {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(from) ? parseChinaDateTime(from) : null;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(to) ? parseChinaDateTime(to) : null;
  if (!start || !end) {
    return null;
  }
  const days: string[] = [];
  for (let day = inChina(start); !day.isAfter(inChina(end), 'day'); day = day.add(1, 'day')) {
    if (days.length === SALES_REPORT_MAX_DAYS) {
      return null;
    }
    days.push(day.format('YYYY-MM-DD'));
  }
  return days.length > 0 ? days : null;
}

/** The report's range message. */
export const SALES_REPORT_RANGE_MESSAGE = `请选择正确的日期范围（最长${SALES_REPORT_MAX_DAYS}天）`;

/** The order fields the sales report reads. */
export interface SaleOrder {
  readonly payType: number;
  readonly payStatus: number;
  readonly orderStatus: number;
  readonly needPay: number;
  /** The China day it was created, `YYYY-MM-DD`. */
  readonly day: string;
  readonly goodsId: number;
  readonly goodsName: string;
  readonly number: number;
  /** Cents paid (or due on delivery) by money. */
  readonly payAmount: number;
  /** Cents refunded of it (succeeded refunds only). */
  readonly refundCents: number;
  readonly scoreAmount: number;
  readonly paperAmount: number;
}

/**
 * Whether the sales report counts an order: paid online (even when refunded later: the refund is
 * counted apart), or cash on delivery or with nothing to pay by money, and not cancelled.
 */
export function countsAsSale(order: Pick<SaleOrder, 'payType' | 'payStatus' | 'orderStatus' | 'needPay'>): boolean {
  if (order.payType === PAY_TYPE.cashOnDelivery || order.needPay !== 1) {
    return order.orderStatus !== ORDER_STATUS.cancelled;
  }
  return order.payStatus !== PAY_STATUS.unpaid;
}

/** One row of the sales report (money in cents). */
export interface SalesRow {
  readonly key: string;
  readonly label: string;
  readonly orders: number;
  readonly quantity: number;
  readonly salesCents: number;
  readonly refundCents: number;
  readonly netCents: number;
  readonly scoreAmount: number;
  readonly paperAmount: number;
}

function emptyRow(key: string, label: string): SalesRow {
  return {
    key,
    label,
    orders: 0,
    quantity: 0,
    salesCents: 0,
    refundCents: 0,
    netCents: 0,
    scoreAmount: 0,
    paperAmount: 0,
  };
}

function addSale(row: SalesRow, order: SaleOrder): SalesRow {
  return {
    ...row,
    orders: row.orders + 1,
    quantity: row.quantity + order.number,
    salesCents: row.salesCents + order.payAmount,
    refundCents: row.refundCents + order.refundCents,
    netCents: row.netCents + order.payAmount - order.refundCents,
    scoreAmount: row.scoreAmount + order.scoreAmount,
    paperAmount: row.paperAmount + order.paperAmount,
  };
}

/**
 * The sales report over `days` (from {@link salesReportDays}): by day, every day of the range in
 * order with empty days as zeros; by goods, the goods sold, most money first (then most sold, then
 * by name). Orders that do not count ({@link countsAsSale}) or lie outside the days are left out.
 */
export function salesReport(
  orders: readonly SaleOrder[],
  days: readonly string[],
  groupBy: 'day' | 'goods',
): { readonly rows: SalesRow[]; readonly totals: SalesRow } {
  const inRange = new Set(days);
  const sales = orders.filter((order) => inRange.has(order.day) && countsAsSale(order));
  const totals = sales.reduce(addSale, emptyRow('total', '合计'));
  const rows = new Map<string, SalesRow>();
  if (groupBy === 'day') {
    for (const day of days) {
      rows.set(day, emptyRow(day, day));
    }
  }
  for (const order of sales) {
    const key = groupBy === 'day' ? order.day : String(order.goodsId);
    rows.set(key, addSale(rows.get(key) ?? emptyRow(key, order.goodsName), order));
  }
  const list = [...rows.values()];
  if (groupBy === 'goods') {
    list.sort(
      (a, b) => b.salesCents - a.salesCents || b.quantity - a.quantity || a.label.localeCompare(b.label, 'zh-CN'),
    );
  }
  return { rows: list, totals };
}
