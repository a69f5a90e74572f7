/*
 * The mall's screens (spec 3 §2.7, §4, §5, §9): how goods show their price, which title a goods
 * list carries, what an order will cost before it is submitted, and what a buyer is short of. The
 * web's mall pages and the API's order module read the same rules.
 */
import { pointsDeduction } from '../engagement/points';
import { centsToYuan } from './order';

/** `salesMode` of goods: paid in yuan, points, test strips, or yuan and points together. */
export const SALES_MODE = { rmb: 'rmb', score: 'score', paper: 'paper', rmbScore: 'rmb,score' } as const;
export type SalesMode = (typeof SALES_MODE)[keyof typeof SALES_MODE];

/** The category grid of the goods list comes in pages of 8 (spec 3 §2.7). */
export const GOODS_CATEGORY_PAGE_SIZE = 8;
/** The goods detail carousel turns every 3 s (spec 3 §9). */
export const GOODS_CAROUSEL_AUTOPLAY_MS = 3000;
/** The longest text the mall's search box sends (a goods name is far shorter). */
export const GOODS_SEARCH_MAX = 20;
/** The goods list page sizes: the searched or filtered list, and the hot-sale column. */
export const GOODS_PAGE_SIZE = 10;

/** The goods fields the price rules read, as the API returns them (money in cents). */
export interface PricedGoods {
  readonly salesMode: string;
  readonly goodsValue: number;
  readonly scoreValue: number;
  readonly paperValue?: number | null;
  readonly originPrice?: number | null;
  readonly originScore?: number | null;
}

/** Whether the goods are paid (at least partly) in yuan. */
export function paysInYuan(goods: Pick<PricedGoods, 'salesMode'>): boolean {
  return goods.salesMode === SALES_MODE.rmb || goods.salesMode === SALES_MODE.rmbScore;
}

/** Whether the goods are paid (at least partly) in points. */
export function paysInPoints(goods: Pick<PricedGoods, 'salesMode'>): boolean {
  return goods.salesMode === SALES_MODE.score || goods.salesMode === SALES_MODE.rmbScore;
}

/** Whether the goods are paid in test strips. */
export function paysInStrips(goods: Pick<PricedGoods, 'salesMode'>): boolean {
  return goods.salesMode === SALES_MODE.paper;
}

/**
 * The price as a goods card and the detail show it, by `salesMode` (spec 3 §9: yuan with two
 * decimals, points for score goods): `¥19.90`, `500积分`, `50条试纸` or `¥9.90+200积分`.
 */
export function goodsPriceText(goods: PricedGoods, quantity = 1): string {
  const n = Math.max(1, Math.trunc(quantity));
  switch (goods.salesMode) {
    case SALES_MODE.score:
      return `${goods.scoreValue * n}积分`;
    case SALES_MODE.paper:
      return `${(goods.paperValue ?? 0) * n}条试纸`;
    case SALES_MODE.rmbScore:
      return `¥${centsToYuan(goods.goodsValue * n)}+${goods.scoreValue * n}积分`;
    default:
      return `¥${centsToYuan(goods.goodsValue * n)}`;
  }
}

/** The crossed-out original price, when the goods have one above the price; `null` otherwise. */
export function goodsOriginPriceText(goods: PricedGoods): string | null {
  if (paysInYuan(goods)) {
    return goods.originPrice && goods.originPrice > goods.goodsValue ? `¥${centsToYuan(goods.originPrice)}` : null;
  }
  if (goods.salesMode === SALES_MODE.score) {
    return goods.originScore && goods.originScore > goods.scoreValue ? `${goods.originScore}积分` : null;
  }
  return null;
}

/** Postage as the detail shows it: 包邮 when free, otherwise 运费 in yuan. */
export function postageText(postageCents: number): string {
  return postageCents > 0 ? `运费 ¥${centsToYuan(postageCents)}` : '包邮';
}

/** The flags of a goods list address (/categorysGoods, /serviceList), as query text. */
export interface GoodsListFlags {
  readonly servicePackage?: string | null;
  readonly rechargePackage?: string | null;
  readonly salesMode?: string | null;
}

/**
 * The title of /categorysGoods and /serviceList (spec 3 §2.7): 开通服务包 for service packages;
 * 流量续费 for a meter's data plans (our title: the spec names none for rechargePackage); 兑换试纸
 * otherwise (servicePackage 0 or absent).
 */
export function goodsListTitle(flags: GoodsListFlags): string {
  if (flags.servicePackage === '1') {
    return '开通服务包';
  }
  if (flags.rechargePackage === '1') {
    return '流量续费';
  }
  return '兑换试纸';
}

/** Texts of the mall's screens that the spec words. */
export const MALL_MESSAGES = {
  searchPlaceholder: '搜索商品名称',
  hotSale: '热销产品',
  offShelfButton: '已下架',
  pickupNotice: '选择自提后，平台不再发货，请到门店或活动现场领取。',
  pointsShortTitle: '积分不足',
  pointsShortContent: '您的积分不足，是否去做任务赚取积分？',
  pointsShortConfirm: '去赚积分',
  unpaidOrderTitle: '您有未支付的订单',
  unpaidOrderContent: '请先完成或取消未支付的订单，再下新的订单。',
  unpaidOrderConfirm: '继续支付',
  submitted: '提交成功',
} as const;

/** The order form's inputs that change what the order costs. */
export interface OrderAmountInput {
  readonly goods: PricedGoods & { readonly postage: number; readonly maxUsableScore?: number | null };
  readonly quantity: number;
  /** The chosen coupon's value in cents (0 without one). */
  readonly couponCents: number;
  /** Whether the buyer deducts points from the yuan part (50 points to the yuan, from 10 points). */
  readonly usePoints: boolean;
  /** The buyer's points balance. */
  readonly pointsBalance: number;
}

/** What an order costs: cents to pay, and the points and strips it uses. */
export interface OrderAmounts {
  /** The yuan part of the goods, before coupon and points. */
  readonly goodsCents: number;
  readonly postageCents: number;
  /** What the coupon takes off (never more than the goods' yuan part). */
  readonly couponCents: number;
  /** Points used to pay score goods (`scoreAmount` without the deduction). */
  readonly scorePoints: number;
  /** Points deducted from the yuan part, and the cents they take off. */
  readonly deductionPoints: number;
  readonly deductionCents: number;
  /** Strips used to pay paper goods (`paperAmount`). */
  readonly paperStrips: number;
  /** What is left to pay in cents (`payAmount`): goods − coupon − deduction + postage. */
  readonly payCents: number;
}

/**
 * What an order costs (spec 3 §9): the yuan part times the quantity, less the coupon (never below
 * zero) and the points deduction (50 points to the yuan, only from a balance of 10, at most the
 * goods' `maxUsableScore` per item, 0 meaning none, from what the score part leaves), plus the postage; score goods use
 * `scoreValue` points a piece and paper goods `paperValue` strips a piece.
 */
export function orderAmounts(input: OrderAmountInput): OrderAmounts {
  const n = Math.max(1, Math.trunc(input.quantity));
  const { goods } = input;
  const goodsCents = paysInYuan(goods) ? goods.goodsValue * n : 0;
  const scorePoints = paysInPoints(goods) ? goods.scoreValue * n : 0;
  const paperStrips = paysInStrips(goods) ? (goods.paperValue ?? 0) * n : 0;
  const couponCents = Math.min(Math.max(0, input.couponCents), goodsCents);
  const deduction =
    input.usePoints && goodsCents > 0
      ? pointsDeduction({
          balance: input.pointsBalance - scorePoints,
          payableCents: goodsCents - couponCents,
          maxUsableScore:
            goods.maxUsableScore === null || goods.maxUsableScore === undefined ? null : goods.maxUsableScore * n,
        })
      : { points: 0, cents: 0 };
  const postageCents = Math.max(0, goods.postage);
  return {
    goodsCents,
    postageCents,
    couponCents,
    scorePoints,
    deductionPoints: deduction.points,
    deductionCents: deduction.cents,
    paperStrips,
    payCents: goodsCents - couponCents - deduction.cents + postageCents,
  };
}

/** The points deduction line of the order form: `可用200积分抵扣¥4.00`. */
export function deductionText(amounts: Pick<OrderAmounts, 'deductionPoints' | 'deductionCents'>): string {
  return `可用${amounts.deductionPoints}积分抵扣¥${centsToYuan(amounts.deductionCents)}`;
}

/**
 * What the buyer lacks to pay an order: `points` (score goods: the confirm that leads to the points
 * tasks), `strips` (paper goods: 50条以上才能兑换试纸哦 below 50, else not enough for this quantity),
 * or `null`.
 */
export function orderShortfall(
  amounts: Pick<OrderAmounts, 'scorePoints' | 'paperStrips'>,
  balances: { readonly points: number; readonly strips: number },
): 'points' | 'strips' | null {
  if (amounts.scorePoints > 0 && balances.points < amounts.scorePoints) {
    return 'points';
  }
  if (amounts.paperStrips > 0 && balances.strips < amounts.paperStrips) {
    return 'strips';
  }
  return null;
}
