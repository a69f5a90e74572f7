import { canViewLogistics, centsToYuan, RECEIVE_TYPE_API } from './order';
import type { OrderState } from './order';

/** Orders come in pages of 4 (spec 3 §9). */
export const ORDER_PAGE_SIZE = 4;

/** The texts of the order screens beyond the status labels (ORDER_LABELS). */
export const ORDER_SCREEN_TEXTS = {
  empty: '暂无订单记录',
  pay: '去支付',
  cancel: '取消订单',
  cancelConfirm: '确定取消该订单吗？',
  cancelled: '订单已取消',
  refund: '申请退款',
  refundAgain: '重新申请退款',
  refundConfirm: '确定申请退款吗？退款将原路退回。',
  refundStarted: '成功发起退款',
  refundNote: '退款将在1-3个工作日内原路退回',
  logistics: '查看物流',
  countdownPrefix: '剩余支付时间',
  mail: '快递邮寄',
  pickup: '到店自提',
  noTraces: '暂无物流信息',
  virtualTitle: '线上服务',
  virtualNote: '支付成功后自动生效，无需收货',
  dataPlanNote: '支付成功后自动为该设备续费流量，无需收货',
} as const;

/** The order fields {@link orderCostText} reads. */
export interface OrderCost {
  readonly salesMode: string;
  readonly payAmount: number;
  readonly scoreAmount: number;
  readonly paperAmount: number;
}

/**
 * What the order cost, as the order card shows it: the money paid (yuan, two decimals), the points
 * and the strips spent, joined with `+` (`¥19.90`, `500积分`, `50条试纸`, `¥9.90+200积分`). Money is
 * shown for goods paid in yuan even when a coupon took it to ¥0.00; points for a money good are
 * the deduction.
 */
export function orderCostText(order: OrderCost): string {
  const parts: string[] = [];
  const inYuan = order.salesMode === 'rmb' || order.salesMode === 'rmb,score';
  if (inYuan || order.payAmount > 0) {
    parts.push(`¥${centsToYuan(order.payAmount)}`);
  }
  if (order.scoreAmount > 0) {
    parts.push(`${order.scoreAmount}积分`);
  }
  if (order.paperAmount > 0) {
    parts.push(`${order.paperAmount}条试纸`);
  }
  return parts.length > 0 ? parts.join('+') : `¥${centsToYuan(0)}`;
}

/** An order with the goods kinds of its items, as the API returns it. */
export type TrackableOrder = OrderState & { readonly associcateGoods: readonly { readonly goodsType: string }[] };

/**
 * Whether 查看物流 shows: the first item is shipped goods (`physical`; a service package or a data
 * plan is never carried) and {@link canViewLogistics} holds.
 */
export function canTrackOrder(order: TrackableOrder): boolean {
  return canViewLogistics(order, order.associcateGoods[0]?.goodsType === 'physical');
}

/** How the order is received, as the detail shows it (the API's receiveType: 0 mail, 1 pickup). */
export function receiveTypeText(receiveType: number | null | undefined): string {
  return receiveType === RECEIVE_TYPE_API.pickup ? ORDER_SCREEN_TEXTS.pickup : ORDER_SCREEN_TEXTS.mail;
}

/** The 服务包 page's texts (spec 3 §2.7 /service): the state names and what a package includes. */
export const SERVICE_PACKAGE_TEXTS = {
  title: '服务包',
  states: { 0: '未开通', 1: '服务中', 2: '已过期' } as Readonly<Record<number, string>>,
  endsOn: '到期日期',
  endedOn: '已于',
  open: '开通服务包',
  renew: '续费服务包',
  includesTitle: '服务包包含',
  includes: [
    { title: '每周健康周报', text: '每周汇总血糖、血压记录，给出趋势和生活建议。' },
    { title: '异常提醒', text: '测量值偏高或偏低时及时提醒，亲友也能收到通知。' },
    { title: '健康顾问答疑', text: '控糖、用药、饮食上的疑问，可向健康顾问咨询。' },
  ],
} as const;
