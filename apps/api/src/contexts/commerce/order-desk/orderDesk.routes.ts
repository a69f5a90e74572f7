import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import {
  consoleAuditOrder,
  consoleOrder,
  consoleOrders,
  consoleDeclineOrderRefund,
  consoleRefundOrder,
  consoleSalesReport,
  consoleShipOrder,
  consoleSignOrder,
} from './orderDesk.service';

/**
 * An operator's order desk (tag `consoleOrder`, permission `orders.manage`): the queue, one order,
 * audit, ship, sign or refuse, refund and the sales report; each is written to the audit trail.
 */
export function consoleOrderRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consoleOrders', async (request) => {
    const { pageNo = 1, pageSize = 20, ...filter } = request.query;
    return consoleOrders(app.em, staffActor(request, request.staff), filter, { pageNo, pageSize }, now());
  });
  app.operation('consoleOrder', async (request) =>
    consoleOrder(app.em, staffActor(request, request.staff), request.params.orderId, now()),
  );
  app.operation('consoleAuditOrder', async (request) =>
    consoleAuditOrder(app.em, staffActor(request, request.staff), request.params.orderId, request.body, now()),
  );
  app.operation('consoleShipOrder', async (request) =>
    consoleShipOrder(
      app.em,
      staffActor(request, request.staff),
      request.staff,
      request.params.orderId,
      request.body,
      now(),
    ),
  );
  app.operation('consoleSignOrder', async (request) =>
    consoleSignOrder(
      app.em,
      staffActor(request, request.staff),
      request.staff,
      request.params.orderId,
      request.body.result,
      now(),
    ),
  );
  app.operation('consoleRefundOrder', async (request) =>
    consoleRefundOrder(
      app.em,
      app.providers.payment,
      staffActor(request, request.staff),
      request.staff,
      request.params.orderId,
      request.body,
      now(),
    ),
  );
  app.operation('consoleDeclineOrderRefund', async (request) =>
    consoleDeclineOrderRefund(app.em, staffActor(request, request.staff), request.params.orderId, request.body, now()),
  );
  app.operation('consoleSalesReport', async (request) =>
    consoleSalesReport(app.em, staffActor(request, request.staff), request.query, now()),
  );
}
