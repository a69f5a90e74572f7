/** The mall's addresses (spec 3 §2.7), built in one place so every link carries the same flags. */

/** The flags a goods page hands on to the next one (a data plan's meter, a service package). */
export interface GoodsFlags {
  rechargePackage?: string | null;
  servicePackage?: string | null;
  deviceImei?: string | null;
  deviceKind?: string | null;
}

export const GOODS_DETAIL_PATH = '/mall/goodsDetail';
export const SHARE_GOODS_PATH = '/shareGoodsDetail';
export const SEND_ORDER_PATH = '/mall/sendOrder';
export const ORDER_LIST_PATH = '/order/orderList';
export const POINTS_TASK_PATH = '/integralTask';

function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The flags of an address's query, as a goods page reads them. */
export function flagsOf(search: URLSearchParams): GoodsFlags {
  return {
    rechargePackage: search.get('rechargePackage'),
    servicePackage: search.get('servicePackage'),
    deviceImei: search.get('deviceImei'),
    deviceKind: search.get('deviceKind'),
  };
}

/** /mall/goodsDetail of one goods item, with the flags of the list it was found in. */
export function goodsDetailPath(goods: { goodsId: number; containerId?: number }, flags: GoodsFlags = {}): string {
  return withQuery(GOODS_DETAIL_PATH, { goodsId: goods.goodsId, containerId: goods.containerId, ...flags });
}

/** /mall/sendOrder for a goods item and a quantity. */
export function sendOrderPath(goodsId: number, goodsSum: number, flags: GoodsFlags = {}): string {
  return withQuery(SEND_ORDER_PATH, { goodsId, goodsSum, ...flags });
}

/** The coupon chooser for an order (ADDR-COUPON's /coupon/myCoupon returns currentCouponId, Name and Value). */
export function couponChooserPath(goodsId: number, goodsSum: number, userScore: number): string {
  return withQuery('/coupon/myCoupon', { canUseCoupon: 1, goodsId, goodsSum, userScore });
}

/** The registration page that comes back to the goods page afterwards (spec 3 §6, `isGoods`). */
export const REGISTER_FOR_GOODS_PATH = '/register/register?isGoods=1';
