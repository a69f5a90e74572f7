import { formatChinaTime, parseChinaDateTime, toMs, type Instant } from '../shared/time';

/** Coupons a customer sees per page in 我的优惠券, and in the order's chooser (spec 3 §9). */
export const COUPON_PAGE_SIZE = 5;
export const COUPON_CHOOSER_PAGE_SIZE = 100;

/** A coupon's range: every goods, or only the listed ones (spec 3 §3 rangeType). */
export const COUPON_RANGE_TYPES = ['all', 'goods'] as const;
export type CouponRangeType = (typeof COUPON_RANGE_TYPES)[number];

/** What a customer's coupon is now. */
export type CouponStatus = 'unused' | 'used' | 'expired';

/** Limits of the console's coupon form. */
export const COUPON_LIMITS = { nameMax: 20, valueMinCents: 1, valueMaxCents: 1_000_000, goodsMax: 50 } as const;

/** Texts of coupons, in our words where the spec gives none (docs/adr/0183-coupons-templates-and-holdings.md). */
export const COUPON_MESSAGES = {
  empty: '暂无优惠券',
  notFound: '该优惠券不存在',
  used: '该优惠券已使用',
  inUse: '该优惠券正被其他订单使用',
  notStarted: '该优惠券尚未到使用时间',
  expired: '该优惠券已过期',
  outOfRange: '该商品不能使用此优惠券',
  nameEmpty: '请输入优惠券名称（不超过20个字）',
  valueInvalid: '优惠金额须在0.01元到10000元之间',
  startInvalid: '请选择有效期开始日期',
  endInvalid: '请选择有效期结束日期',
  endBeforeStart: '结束日期不能早于开始日期',
  endPassed: '结束日期不能早于今天',
  goodsEmpty: '请选择适用商品（最多50个）',
  issueExpired: '优惠券已过期，不能发放',
  issueNobody: '请选择发放对象（最多500人）',
} as const;

/** The in-app notice telling a customer they received a coupon. */
export function couponIssuedNotice(coupon: {
  readonly couponName: string;
  readonly couponValue: number;
  readonly endAt: Instant;
}): { title: string; text: string } {
  const yuan = (coupon.couponValue / 100).toFixed(2);
  return {
    title: '您收到一张优惠券',
    text: `「${coupon.couponName}」可抵扣¥${yuan}，有效期至${formatChinaTime(coupon.endAt, 'YYYY-MM-DD')}，在健康商城下单时选用。`,
  };
}

/** A held coupon with what decides its status. */
export interface HeldCoupon {
  readonly usedAt: Instant | null;
  readonly startAt: Instant;
  readonly endAt: Instant;
}

/** used once consumed, expired once its end has passed, else unused (also while an unpaid order holds it). */
export function couponStatus(coupon: HeldCoupon, now: Instant): CouponStatus {
  if (coupon.usedAt !== null) {
    return 'used';
  }
  return toMs(coupon.endAt) < toMs(now) ? 'expired' : 'unused';
}

/** Whether a coupon's range covers every one of the goods. */
export function couponCoversGoods(
  coupon: { readonly rangeType: CouponRangeType; readonly goodsIds: readonly string[] },
  goodsIds: readonly string[],
): boolean {
  return coupon.rangeType === 'all' || goodsIds.every((id) => coupon.goodsIds.includes(id));
}

/**
 * Why a held coupon cannot pay for the goods now, or null when it can: used, held by another order,
 * not started, expired, or out of range (messages of COUPON_MESSAGES).
 */
export function couponRefusal(
  coupon: HeldCoupon & {
    readonly rangeType: CouponRangeType;
    readonly goodsIds: readonly string[];
    readonly reservedAt: Instant | null;
  },
  goodsId: string,
  now: Instant,
): string | null {
  if (coupon.usedAt !== null) {
    return COUPON_MESSAGES.used;
  }
  if (coupon.reservedAt !== null) {
    return COUPON_MESSAGES.inUse;
  }
  if (toMs(coupon.startAt) > toMs(now)) {
    return COUPON_MESSAGES.notStarted;
  }
  if (toMs(coupon.endAt) < toMs(now)) {
    return COUPON_MESSAGES.expired;
  }
  return couponCoversGoods(coupon, [goodsId]) ? null : COUPON_MESSAGES.outOfRange;
}

/** What a coupon takes off: its value, never more than the goods' price. */
export function couponDiscountCents(valueCents: number, goodsCents: number): number {
  return Math.max(0, Math.min(valueCents, goodsCents));
}

/** The console's coupon form. */
export interface CouponTemplateInput {
  readonly couponName?: string | null;
  readonly couponValue?: number | null;
  /** China dates, YYYY-MM-DD. */
  readonly startDate?: string | null;
  readonly endDate?: string | null;
  readonly rangeType?: CouponRangeType | null;
  readonly goodsIds?: readonly string[] | null;
}

/** A checked coupon form: valid from the start day's 00:00 to the end day's 23:59:59 China time. */
export type CouponTemplateCheck =
  | { readonly ok: true; readonly startAt: Date; readonly endAt: Date }
  | { readonly ok: false; readonly message: string };

const parseDay = (text: string | null | undefined) =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseChinaDateTime(text) : null;

/**
 * The console's coupon form, checked in the form's order: name, value, start, end (not before the
 * start, not before today), range and its goods. `today` is the China date now (YYYY-MM-DD).
 */
export function validateCouponTemplate(input: CouponTemplateInput, today: string): CouponTemplateCheck {
  const name = (input.couponName ?? '').trim();
  if (name === '' || [...name].length > COUPON_LIMITS.nameMax) {
    return { ok: false, message: COUPON_MESSAGES.nameEmpty };
  }
  const value = input.couponValue;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < COUPON_LIMITS.valueMinCents ||
    value > COUPON_LIMITS.valueMaxCents
  ) {
    return { ok: false, message: COUPON_MESSAGES.valueInvalid };
  }
  const start = parseDay(input.startDate);
  if (!start) {
    return { ok: false, message: COUPON_MESSAGES.startInvalid };
  }
  const endDay = parseDay(input.endDate);
  if (!endDay || !input.endDate) {
    return { ok: false, message: COUPON_MESSAGES.endInvalid };
  }
  if (endDay.getTime() < start.getTime()) {
    return { ok: false, message: COUPON_MESSAGES.endBeforeStart };
  }
  if (input.endDate < today) {
    return { ok: false, message: COUPON_MESSAGES.endPassed };
  }
  const goods = input.goodsIds ?? [];
  if (input.rangeType === 'goods' && (goods.length === 0 || goods.length > COUPON_LIMITS.goodsMax)) {
    return { ok: false, message: COUPON_MESSAGES.goodsEmpty };
  }
  return { ok: true, startAt: start, endAt: new Date(endDay.getTime() + 86_400_000 - 1000) };
}
