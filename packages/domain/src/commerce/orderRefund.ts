import { ORDER_STATUS, PAY_STATUS, PAY_TYPE, SEND_STATUS, AUDIT_STATUS, centsToYuan } from './order';
import type { OrderState } from './order';
import { canRequestRefund } from './orderPlacement';

// Refunds beyond the customer's refund before shipping (docs/adr/0194-refund-requests-and-pickup.md):
// the operator's refund of any settled order, money and/or points and strips, and the customer's
// refund REQUEST after the audit or shipping, which the operator grants (refunds) or declines.

/** `refundRequest` of an order: none asked, asked and waiting (退款申请中), declined (退款申请未通过). */
export const REFUND_REQUEST = { none: 0, requested: 1, declined: 2 } as const;

/** The order fields the refund rules read. */
export type RefundOrderState = OrderState & {
  readonly payAmount: number;
  readonly scoreAmount: number;
  readonly paperAmount: number;
  readonly refundRequest?: number | null;
};

export const ORDER_REFUND_MESSAGES = {
  notRefundable: '该订单未支付或正在退款，不能退款',
  moneyTooMuch: '退款金额不能超过实付金额',
  noMoney: '该订单没有支付金额，退款金额应为0',
  requested: '退款申请中',
  declined: '退款申请未通过',
  requestSent: '已提交退款申请，请等待审核',
  notRequestable: '该订单不能申请退款',
  noRequest: '该订单没有待处理的退款申请',
  declineReason: '请填写拒绝原因',
  reasonRequired: '请填写退款原因',
  reasonPlaceholder: '请说明退款原因，如商品破损、发错货等',
  requestNote: '订单已发货或已审核，退款需客服审核后办理',
} as const;

/** The longest refund or decline reason, in characters (the order's columns). */
export const REFUND_REASON_MAX_LENGTH = 80;

/** What a refund of the order gives back: money through the payment provider, points and strips through their ledgers. */
export function orderRefundParts(order: RefundOrderState): { money: boolean; points: number; strips: number } {
  return {
    money: order.payType === PAY_TYPE.online && order.needPay === 1 && order.payAmount > 0,
    points: order.scoreAmount,
    strips: order.paperAmount,
  };
}

/** An order with nothing to pay online is settled when submitted (payStatus 1, or 0 as older rows read). */
function settledWithoutMoney(order: RefundOrderState): boolean {
  return order.payStatus === PAY_STATUS.paid || order.payStatus === PAY_STATUS.unpaid;
}

/**
 * Why the operator cannot refund `cents` of this order now, or null. With money paid: paid (or
 * 退款失败) online, 1..payAmount cents. Without money (points or strips only): a live order settled
 * when submitted (not refunded yet), with points or strips to give back, and 0 cents.
 */
export function operatorRefundProblem(order: RefundOrderState, cents: number): string | null {
  const parts = orderRefundParts(order);
  if (order.payType !== PAY_TYPE.online) {
    return ORDER_REFUND_MESSAGES.notRefundable;
  }
  if (parts.money) {
    if (order.payStatus !== PAY_STATUS.paid && order.payStatus !== PAY_STATUS.refundFailed) {
      return ORDER_REFUND_MESSAGES.notRefundable;
    }
    return cents >= 1 && cents <= order.payAmount ? null : ORDER_REFUND_MESSAGES.moneyTooMuch;
  }
  const settled = order.orderStatus === ORDER_STATUS.live && settledWithoutMoney(order);
  if (!settled || parts.points + parts.strips <= 0) {
    return ORDER_REFUND_MESSAGES.notRefundable;
  }
  return cents === 0 ? null : ORDER_REFUND_MESSAGES.noMoney;
}

/**
 * What 申请退款 does for the customer: `now` refunds at once (before the audit and shipping,
 * {@link canRequestRefund}, or again after 退款失败); `request` records a refund request the
 * operator decides (a live settled order after the audit or shipping, not already asked and waiting);
 * null when neither.
 */
export function customerRefundMode(order: RefundOrderState): 'now' | 'request' | null {
  if (canRequestRefund(order)) {
    return 'now';
  }
  if (order.payType !== PAY_TYPE.online || order.orderStatus !== ORDER_STATUS.live) {
    return null;
  }
  if (order.refundRequest === REFUND_REQUEST.requested) {
    return null;
  }
  const parts = orderRefundParts(order);
  const settled = parts.money ? order.payStatus === PAY_STATUS.paid : settledWithoutMoney(order);
  const moved = order.sendStatus === SEND_STATUS.sent || order.auditStatus === AUDIT_STATUS.passed;
  return settled && moved && (parts.money || parts.points + parts.strips > 0) ? 'request' : null;
}

/** The refund request's label on the order (退款申请中 / 退款申请未通过), or null when none is shown. */
export function refundRequestLabel(order: RefundOrderState): string | null {
  if (order.payStatus === PAY_STATUS.refunding || order.payStatus === PAY_STATUS.refunded) {
    return null;
  }
  if (order.refundRequest === REFUND_REQUEST.requested) {
    return ORDER_REFUND_MESSAGES.requested;
  }
  return order.refundRequest === REFUND_REQUEST.declined ? ORDER_REFUND_MESSAGES.declined : null;
}

/** A stored `refundRequest` as the API states it (anything unknown reads as none). */
export function refundRequestOf(value: number): (typeof REFUND_REQUEST)[keyof typeof REFUND_REQUEST] {
  return value === REFUND_REQUEST.requested || value === REFUND_REQUEST.declined ? value : REFUND_REQUEST.none;
}

/**
 * What a refund gives back, as the customer and the operator read it: the money refunded (¥) and
 * the points and strips the order spent, joined by ＋ (`¥40.00＋500积分`, `800积分`, `50条试纸`).
 */
export function refundContentText(order: RefundOrderState & { readonly refundAmount: number | null }): string {
  const parts = orderRefundParts(order);
  return [
    ...(parts.money || !(parts.points + parts.strips > 0) ? [`¥${centsToYuan(order.refundAmount ?? 0)}`] : []),
    ...(parts.points > 0 ? [`${parts.points}积分`] : []),
    ...(parts.strips > 0 ? [`${parts.strips}条试纸`] : []),
  ].join('＋');
}
