import type { FastifyInstance } from 'fastify';
import { cancelOrder, requestOrderRefund } from './order.lifecycle';
import { preOrderCheck } from './order.check';
import { orderDetail, orderPage, payOrder, placeOrder } from './order.service';

/** The patient's order calls (spec 3 §2.7, §4, §7; docs/adr/0178–0181). */
export function orderRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('preOrderCheck', async (request) => preOrderCheck(app.em, request.session, request.query, now()));

  app.operation('orderAdd', async (request) => placeOrder(app.em, request.session, request.body, now()));

  app.operation('orderWxPay', async (request) =>
    payOrder(app.em, app.providers.payment, request.session, request.body.orderCode, now()),
  );

  app.operation('orderList', async (request) => orderPage(app.em, request.session, request.query));

  app.operation('orderGetById', async (request) => orderDetail(app.em, request.session, request.query.orderId));

  app.operation('orderCancel', async (request) => cancelOrder(app.em, request.session, request.body.orderId, now()));

  app.operation('orderWxRefund', async (request) => requestOrderRefund(app.em, request.session, request.body, now()));
}
