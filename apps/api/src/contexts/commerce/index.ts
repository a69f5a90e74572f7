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
