import type { FastifyInstance } from 'fastify';
import { orderLogistics } from './logistics.service';

/** Courier tracking of the caller's shipped orders (tag `logistics`). */
export function logisticsRoutes(app: FastifyInstance) {
  app.operation('orderLogisticDetail', async (request) => {
    const { orderId, orderCode } = request.query;
    const { view, failure } = await orderLogistics(app.em, app.providers.logistics, request.session.customerId, {
      ...(orderId === undefined ? {} : { orderId }),
      ...(orderCode === undefined ? {} : { orderCode }),
    });
    if (failure) {
      request.log.warn({ providerCode: failure.providerCode, err: failure }, 'courier tracking failed');
    }
    return view;
  });
}
