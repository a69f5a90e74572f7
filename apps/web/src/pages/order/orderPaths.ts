/** The order screens' addresses (spec 3 §2.7); the list's is the mall's ORDER_LIST_PATH (mallPaths.ts). */

export const ORDER_DETAIL_PATH = '/order/orderDetail';
export const LOGISTICS_PATH = '/order/logistics';
/** The service-package goods: /categorysGoods titled 开通服务包. */
export const SERVICE_GOODS_PATH = '/categorysGoods?servicePackage=1';

/** /order/orderDetail of one order (the spec's query `id`). */
export const orderDetailPath = (orderId: number) => `${ORDER_DETAIL_PATH}?id=${orderId}`;

/** /order/logistics of one order (the spec's query `orderId`). */
export const logisticsPath = (orderId: number) => `${LOGISTICS_PATH}?orderId=${orderId}`;
