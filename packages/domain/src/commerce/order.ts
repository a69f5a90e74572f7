import { toMs } from '../shared/time';
import type { Instant } from '../shared/time';
import { ORDER_LABELS, QUANTITY_TOO_FEW_MESSAGE, QUANTITY_TOO_MANY_MESSAGE } from './labels';

/** `payType`: 1 messaging-app payment, 2 cash on delivery. */
export const PAY_TYPE = { online: 1, cashOnDelivery: 2 } as const;
/** `payStatus` codes. */
export const PAY_STATUS = { unpaid: 0, paid: 1, refunded: 3, refundFailed: 4, refunding: 5 } as const;
/** `orderStatus`: 0 cancelled; 1 live (times out at `autoCancelTime` while unpaid). */
export const ORDER_STATUS = { cancelled: 0, live: 1 } as const;
/** `sendStatus`: 0 not sent, 1 sent. */
export const SEND_STATUS = { notSent: 0, sent: 1 } as const;
/** `auditStatus`: 0 not yet audited, 1 passed, 2 failed. */
export const AUDIT_STATUS = { pending: 0, passed: 1, failed: 2 } as const;

/** The order fields the predicates read, as the API returns them. */
export type OrderState = {
  readonly payType: number;
  readonly payStatus: number;
  readonly orderStatus: number;
  readonly sendStatus: number;
  readonly auditStatus: number;
  readonly asignStatus?: number | null;
  readonly needPay: number;
  readonly receiveType?: number | null;
  readonly autoCancelTime?: Instant | string | null;
};

/** Can pay: not cancelled, online payment, payment needed, unpaid. */
export function canPayOrder(order: OrderState): boolean {
  return (
    order.orderStatus !== ORDER_STATUS.cancelled &&
    order.payType === PAY_TYPE.online &&
    order.needPay === 1 &&
    order.payStatus === PAY_STATUS.unpaid
  );
}

/**
 * Can cancel: not cancelled, not sent, and either an online order that needs payment and is unpaid
 * (or paid but not yet audited), or a cash-on-delivery order not yet audited.
 */
export function canCancelOrder(order: OrderState): boolean {
  if (order.orderStatus === ORDER_STATUS.cancelled || order.sendStatus !== SEND_STATUS.notSent) {
    return false;
  }
  const notAudited = order.auditStatus === AUDIT_STATUS.pending;
  if (order.payType === PAY_TYPE.online) {
    return (
      order.needPay === 1 &&
      (order.payStatus === PAY_STATUS.unpaid || (order.payStatus === PAY_STATUS.paid && notAudited))
    );
  }
  return order.payType === PAY_TYPE.cashOnDelivery && notAudited;
}

/**
 * Logistics can be viewed when the first goods item is one a courier carries (the caller knows
 * the goods types), the receive type is not pickup, the order is sent, and it is paid or cash on
 * delivery. The spec's words are "a virtual first goods item", its old system's flag for goods
 * that ship; ours ship when `physical` ({@link canTrackOrder}, docs/adr/0188-order-screens.md).
 */
export function canViewLogistics(order: OrderState, firstGoodsIsVirtual: boolean): boolean {
  // An order with nothing to pay online (points, strips, a coupon that covers it) counts as paid.
  const paidOrCod =
    order.payStatus === PAY_STATUS.paid || order.payType === PAY_TYPE.cashOnDelivery || order.needPay !== 1;
  return (
    firstGoodsIsVirtual &&
    order.receiveType !== RECEIVE_TYPE_API.pickup &&
    order.sendStatus === SEND_STATUS.sent &&
    paidOrCod
  );
}

/** A refund may be requested again after 退款失败. */
export function canRequestRefundAgain(order: OrderState): boolean {
  return order.payStatus === PAY_STATUS.refundFailed;
}

/** `asignStatus` of a delivered order: 1 signed for; we read 2 as refused (拒收). */
export const ASIGN_STATUS = { none: 0, signed: 1, rejected: 2 } as const;

/** The payment label: 货到付款 for cash on delivery, otherwise by `payStatus`. */
export function paymentLabel(order: OrderState): string | undefined {
  if (order.payType === PAY_TYPE.cashOnDelivery) {
    return ORDER_LABELS.cashOnDelivery;
  }
  switch (order.payStatus) {
    case PAY_STATUS.unpaid:
      // Nothing to pay online (points, strips, a coupon that covers it): settled when submitted.
      return order.needPay === 1 ? ORDER_LABELS.unpaid : ORDER_LABELS.paid;
    case PAY_STATUS.paid:
      return ORDER_LABELS.paid;
    case PAY_STATUS.refunding:
      return ORDER_LABELS.refunding;
    case PAY_STATUS.refunded:
      return ORDER_LABELS.refunded;
    case PAY_STATUS.refundFailed:
      return ORDER_LABELS.refundFailed;
    default:
      return undefined;
  }
}

/**
 * The single status label of an order card, by precedence: refund states, then cancelled, then a
 * failed audit, then delivery (signed / refused / sent), then unpaid, then audit passed, then not sent.
 */
export function orderStatusLabel(order: OrderState): string {
  // A refund comes first even on a cancelled order (cancelling a paid order refunds it): what
  // happens to the money is what its owner looks for (docs/adr/0188-order-screens.md).
  if (
    order.payStatus === PAY_STATUS.refunding ||
    order.payStatus === PAY_STATUS.refunded ||
    order.payStatus === PAY_STATUS.refundFailed
  ) {
    return paymentLabel({ ...order, payType: PAY_TYPE.online }) ?? ORDER_LABELS.refunding;
  }
  if (order.orderStatus === ORDER_STATUS.cancelled) {
    return ORDER_LABELS.cancelled;
  }
  if (order.auditStatus === AUDIT_STATUS.failed) {
    return ORDER_LABELS.auditFailed;
  }
  if (order.sendStatus === SEND_STATUS.sent) {
    if (order.asignStatus === ASIGN_STATUS.signed) {
      return ORDER_LABELS.signed;
    }
    return order.asignStatus === ASIGN_STATUS.rejected ? ORDER_LABELS.rejected : ORDER_LABELS.sent;
  }
  if (order.payType === PAY_TYPE.online && order.payStatus === PAY_STATUS.unpaid && order.needPay === 1) {
    return ORDER_LABELS.unpaid;
  }
  return order.auditStatus === AUDIT_STATUS.passed ? ORDER_LABELS.auditPassed : ORDER_LABELS.notSent;
}

/** Whether an order is waiting for messaging-app payment and counts down to `autoCancelTime`. */
export function isAwaitingOnlinePayment(order: OrderState): boolean {
  return (
    order.payType === PAY_TYPE.online &&
    order.payStatus === PAY_STATUS.unpaid &&
    order.orderStatus === ORDER_STATUS.live
  );
}

/**
 * Milliseconds left before an unpaid online order is cancelled, never negative; `null` when the
 * order does not count down. At 0 the list reloads.
 */
export function autoCancelRemainingMs(order: OrderState, now: Instant): number | null {
  if (!isAwaitingOnlinePayment(order) || order.autoCancelTime === null || order.autoCancelTime === undefined) {
    return null;
  }
  const deadline =
    typeof order.autoCancelTime === 'string' ? Date.parse(order.autoCancelTime) : toMs(order.autoCancelTime);
  return Number.isNaN(deadline) ? null : Math.max(0, deadline - toMs(now));
}

/** A countdown as `mm:ss`, or `h:mm:ss` from one hour up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Receive methods as the order form shows them: 0 pickup, 1 mail. */
export const RECEIVE_TYPE_UI = { pickup: 0, mail: 1 } as const;
/** Receive methods as the API stores them: the inverse of the form (1 pickup, 0 mail). */
export const RECEIVE_TYPE_API = { pickup: 1, mail: 0 } as const;

/** The API value of a form receive type (the two codings are inverse). */
export function receiveTypeToApi(uiValue: number): number {
  return uiValue === RECEIVE_TYPE_UI.pickup ? RECEIVE_TYPE_API.pickup : RECEIVE_TYPE_API.mail;
}

/** The form receive type of an API value. */
export function receiveTypeFromApi(apiValue: number): number {
  return apiValue === RECEIVE_TYPE_API.pickup ? RECEIVE_TYPE_UI.pickup : RECEIVE_TYPE_UI.mail;
}

/** The form receive type to use: pickup with cash on delivery is forced to mail (nobody collects cash at pickup). */
export function effectiveReceiveType(uiValue: number, payType: number): number {
  return uiValue === RECEIVE_TYPE_UI.pickup && payType === PAY_TYPE.cashOnDelivery ? RECEIVE_TYPE_UI.mail : uiValue;
}

/** The highest quantity: the goods' `maximum`, or the stock when smaller (a missing or 0 maximum means no own limit). */
export function maxOrderQuantity(goods: { readonly maximum?: number | null; readonly stock: number }): number {
  const maximum = goods.maximum && goods.maximum > 0 ? goods.maximum : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(maximum, goods.stock));
}

/** Steps the quantity by `delta`, staying within 1 and {@link maxOrderQuantity}; refusing a step gives the spec's toast. */
export function stepQuantity(
  current: number,
  delta: number,
  goods: { readonly maximum?: number | null; readonly stock: number },
): { readonly quantity: number; readonly message: string | null } {
  const next = current + delta;
  if (next < 1) {
    return { quantity: Math.max(1, current), message: QUANTITY_TOO_FEW_MESSAGE };
  }
  const max = maxOrderQuantity(goods);
  if (next > max) {
    return { quantity: Math.min(current, Math.max(1, max)), message: QUANTITY_TOO_MANY_MESSAGE };
  }
  return { quantity: next, message: null };
}

/** Goods `status` 1 is on sale; anything else is off shelf and cannot be bought. */
export function isGoodsOnSale(goods: { readonly status: number }): boolean {
  return goods.status === 1;
}

/** A price in cents as yuan with two decimals (`1999` → `19.99`); exact, as cents are integers. */
export function centsToYuan(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The order number as displayed: the first 2 and last 4 characters, the rest starred. Codes of
 * 6 characters or fewer have nothing to hide and are shown whole.
 */
export function maskOrderCode(code: string): string {
  const chars = Array.from(code);
  if (chars.length <= 6) {
    return code;
  }
  return chars.slice(0, 2).join('') + '*'.repeat(chars.length - 6) + chars.slice(-4).join('');
}
