/**
 * The commerce context's public face: payments now (payment intents, WeChat Pay, the local
 * provider); orders and goods come next. It may import platform, identity and health. Other
 * contexts import only this file, never a module inside it.
 */

export { paymentRoutes } from './payment/payment.routes';
export {
  CLOSE_PAYMENT_JOB,
  closeExpiredIntent,
  createPaymentIntent,
  onIntentPaid,
  reconcilePendingIntents,
  requestRefund,
  type IntentView,
  type PaidIntent,
} from './payment/payment.service';

// Delivery addresses and coupons (docs/adr/0182, docs/adr/0183); the order module uses the
// address snapshot and the coupon's reserve, release and consume inside its own transaction.
export { addressRoutes } from './address/address.routes';
export { addressForOrder } from './address/address.service';
export { consoleCouponRoutes, couponRoutes } from './coupon/coupon.routes';
export { consumeCoupon, releaseCoupon, reserveCoupon } from './coupon/coupon.service';
export { couponEvents } from './coupon/coupon.events';

// The mall's goods (docs/adr/0175-goods-containers-categories-and-stock.md); the order module
// (same context) reads a goods row locked with goodsForOrder and moves the stock with these,
// inside its own transaction.
export { goodsRoutes } from './goods/goods.routes';
export { returnStock, takeStock } from './goods/goods.service';

// Orders (docs/adr/0178–0181): the patient's calls, the paid and refund-settled reactions and jobs
// wired in composition.ts, the ledger port engagement implements, the paid-order subscription the
// devices' data plans use, and the console's moves (contexts/commerce/order-desk).
export { orderRoutes } from './order/order.routes';
export { ORDER_AUTO_CANCEL_JOB } from './order/order.service';
export {
  autoCancelOrder,
  ORDER_REFUND_JOB,
  orderOnIntentPaid,
  orderOnRefundSettled,
  runOrderRefund,
} from './order/order.lifecycle';
export { auditOrder, refundOrder, shipOrder } from './order/order.console';
export { onOrderPaid, setOrderLedgers, type OrderPaid, setRechargeDevices } from './order/order.ports';
export { onRefundSettled } from './payment/payment.service';

// Courier tracking and the console's order desk (docs/adr/0189-logistics-provider.md,
// docs/adr/0190-console-orders-and-sales-report.md).
export { logisticsRoutes } from './logistics/logistics.routes';
export { consoleOrderRoutes } from './order-desk/orderDesk.routes';
