/*
 * Placing an order on the server (spec 3 §2.7, §4, §5, §9): what the pre-order token lives, which
 * goods are virtual, whether an order needs online payment, when it auto-cancels, and the checks an
 * order must pass before stock, points and strips are taken. The web form shows the same messages
 * from the same rules (validateOrderSubmit, stepQuantity, orderShortfall).
 */
import { STRIPS_TO_EXCHANGE } from '../engagement/points';
import { STRIPS_TOO_FEW_MESSAGE } from '../engagement/labels';
import { failWhen, firstFailure, type ValidationResult } from '../shared/validator';
import { GOODS_OFF_SHELF_MESSAGE, QUANTITY_TOO_FEW_MESSAGE, QUANTITY_TOO_MANY_MESSAGE } from './labels';
import { orderShortfall, type OrderAmounts } from './mall';
import {
  AUDIT_STATUS,
  isGoodsOnSale,
  maxOrderQuantity,
  PAY_STATUS,
  PAY_TYPE,
  SEND_STATUS,
  type OrderState,
} from './order';
import { PAYMENT_TIME_LIMIT_MS } from './payment';

/** How long a pre-order check's token stays usable (docs/adr/0178): long enough to fill the form. */
export const PRE_ORDER_TOKEN_TTL_MS = 30 * 60_000;

/** The envelope code of an order made from a stale pre-order check: the app re-runs the check and retries. */
export const ORDER_STALE_CHECK_CODE = 90002;

/** `result.data` of a pre-order check that found an unpaid online order of the caller. */
export const UNPAID_ORDER_MARK = 'UnpaidOrder';

/** The server's order messages (the spec words a few; docs/adr/0178 the rest). */
export const ORDER_MESSAGES = {
  staleCheck: '订单信息已过期，请重新提交',
  unpaidOrder: '您有未支付的订单，请先支付或取消',
  goodsMissing: '商品不存在',
  stockShort: '库存不足',
  pointsShort: '积分不足',
  stripsShort: '试纸不足',
  couponUnusable: '该优惠券不可用',
  orderMissing: '订单不存在',
  notPayable: '该订单不能支付',
  cancelled: '订单已取消',
  alreadyPaid: '订单已支付',
  nothingToPay: '该订单无需支付',
  notCancellable: '该订单不能取消',
  notRefundable: '该订单不能退款',
  refundStarted: '成功发起退款',
  refundInProgress: '退款处理中',
  deviceRequired: '请选择要续费的设备',
  deviceMissing: '该设备未绑定，不能续费',
  customerRefund: '用户申请退款',
  cancelRefund: '订单取消，全额退款',
  lateRefund: '订单已取消，退回付款',
  orderDescription: '商城订单',
} as const;

/** The goods fields placing an order reads. */
export interface OrderableGoods {
  readonly status: number;
  readonly stock: number;
  readonly maximum?: number | null;
  readonly servicePackage?: number | null;
  readonly rechargePackage?: number | null;
}

/** A service package or a meter data plan is virtual (nothing is shipped); everything else physical. */
export function goodsTypeOf(goods: Pick<OrderableGoods, 'servicePackage' | 'rechargePackage'>): 'virtual' | 'physical' {
  return goods.servicePackage === 1 || goods.rechargePackage === 1 ? 'virtual' : 'physical';
}

/** `needPay`: 1 when an online-paid order has money left to pay; cash on delivery and free orders 0. */
export function orderNeedsPayment(payType: number, payCents: number): 0 | 1 {
  return payType === PAY_TYPE.online && payCents > 0 ? 1 : 0;
}

/** When an order that waits for online payment is cancelled: PAYMENT_TIME_LIMIT_MS after it was placed. */
export function orderAutoCancelAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PAYMENT_TIME_LIMIT_MS);
}

/**
 * The server's checks before an order takes anything, first failure first: the goods on sale,
 * the quantity (1 to the goods' maximum or the stock), then the balances the order spends
 * (points for score goods, strips for paper goods — at least 50 before any exchange).
 */
export function validateOrderPlacement(input: {
  readonly goods: OrderableGoods;
  readonly quantity: number;
  readonly amounts: Pick<OrderAmounts, 'scorePoints' | 'deductionPoints' | 'paperStrips'>;
  readonly balances: { readonly points: number; readonly strips: number };
}): ValidationResult {
  const { goods, quantity, amounts, balances } = input;
  const max = maxOrderQuantity(goods);
  return firstFailure([
    () => failWhen(!isGoodsOnSale(goods), 'goodsId', GOODS_OFF_SHELF_MESSAGE),
    () => failWhen(max < 1, 'number', ORDER_MESSAGES.stockShort),
    () => failWhen(quantity < 1, 'number', QUANTITY_TOO_FEW_MESSAGE),
    () => failWhen(quantity > max, 'number', QUANTITY_TOO_MANY_MESSAGE),
    () => failWhen(amounts.paperStrips > 0 && balances.strips < STRIPS_TO_EXCHANGE, 'number', STRIPS_TOO_FEW_MESSAGE),
    () => failWhen(orderShortfall(amounts, balances) === 'strips', 'number', ORDER_MESSAGES.stripsShort),
    () =>
      failWhen(balances.points < amounts.scorePoints + amounts.deductionPoints, 'number', ORDER_MESSAGES.pointsShort),
  ]);
}

/**
 * A refund may be asked for an online-paid order that is paid, not sent and not passed by the audit
 * (the same paid orders the customer may cancel, plus those that failed the audit), and again after
 * 退款失败 (canRequestRefundAgain).
 */
export function canRequestRefund(order: OrderState): boolean {
  if (order.payType !== PAY_TYPE.online) {
    return false;
  }
  if (order.payStatus === PAY_STATUS.refundFailed) {
    return true;
  }
  return (
    order.payStatus === PAY_STATUS.paid &&
    order.sendStatus === SEND_STATUS.notSent &&
    order.auditStatus !== AUDIT_STATUS.passed
  );
}
