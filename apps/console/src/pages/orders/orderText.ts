// What the order desk shows of an order: the price by what was spent (yuan, points, strips), the
// receive method, and the filter options, in the labels of spec 3 §4 (the domain's ORDER_LABELS).
import { ORDER_LABELS, ORDER_REFUND_MESSAGES, RECEIVE_TYPE_API, centsToYuan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';

type Order = Schema<'ConsoleOrder'>;

/** What the buyer spent: ¥ (money), 积分 and 试纸, joined by ＋; 0 元 when nothing at all. */
export function orderPriceText(order: Pick<Order, 'payAmount' | 'scoreAmount' | 'paperAmount'>): string {
  const parts = [
    ...(order.payAmount > 0 ? [`¥${centsToYuan(order.payAmount)}`] : []),
    ...(order.scoreAmount > 0 ? [`${order.scoreAmount} 积分`] : []),
    ...(order.paperAmount > 0 ? [`${order.paperAmount} 条试纸`] : []),
  ];
  return parts.length > 0 ? parts.join(' ＋ ') : '¥0.00';
}

/** 自提 or 邮寄 from the API's receiveType. */
export function receiveText(receiveType: number): string {
  return receiveType === RECEIVE_TYPE_API.pickup ? '自提' : '邮寄';
}

/** The pay type: 在线支付 or 货到付款. */
export function payTypeText(payType: number): string {
  return payType === 2 ? ORDER_LABELS.cashOnDelivery : '在线支付';
}

/** The tag colour of an order's status label. */
export function statusColour(label: string): string {
  switch (label) {
    case ORDER_LABELS.cancelled:
      return 'default';
    case ORDER_LABELS.unpaid:
    case ORDER_LABELS.refunding:
      return 'gold';
    case ORDER_LABELS.refundFailed:
    case ORDER_LABELS.auditFailed:
    case ORDER_LABELS.rejected:
      return 'red';
    case ORDER_LABELS.refunded:
      return 'purple';
    case ORDER_LABELS.sent:
      return 'blue';
    case ORDER_LABELS.signed:
      return 'green';
    default:
      return 'cyan';
  }
}

type Option<T> = { value: T | 'all'; label: string };

export const ORDER_STATUS_OPTIONS: Option<0 | 1>[] = [
  { value: 'all', label: '全部订单' },
  { value: 1, label: '有效订单' },
  { value: 0, label: ORDER_LABELS.cancelled },
];
export const PAY_STATUS_OPTIONS: Option<0 | 1 | 3 | 4 | 5>[] = [
  { value: 'all', label: '全部支付状态' },
  { value: 0, label: ORDER_LABELS.unpaid },
  { value: 1, label: ORDER_LABELS.paid },
  { value: 5, label: ORDER_LABELS.refunding },
  { value: 3, label: ORDER_LABELS.refunded },
  { value: 4, label: ORDER_LABELS.refundFailed },
];
export const SEND_STATUS_OPTIONS: Option<0 | 1>[] = [
  { value: 'all', label: '全部发货状态' },
  { value: 0, label: ORDER_LABELS.notSent },
  { value: 1, label: ORDER_LABELS.sent },
];
/** The refund request filter (docs/adr/0194): 退款申请 waiting for the operator, or declined. */
export const REFUND_REQUEST_OPTIONS: Option<1 | 2>[] = [
  { value: 'all', label: '全部退款申请' },
  { value: 1, label: ORDER_REFUND_MESSAGES.requested },
  { value: 2, label: ORDER_REFUND_MESSAGES.declined },
];

export const AUDIT_STATUS_OPTIONS: Option<0 | 1 | 2>[] = [
  { value: 'all', label: '全部审核状态' },
  { value: 0, label: '待审核' },
  { value: 1, label: ORDER_LABELS.auditPassed },
  { value: 2, label: ORDER_LABELS.auditFailed },
];
