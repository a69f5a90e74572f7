import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { staffActor } from '../../identity';
import {
  consoleWarranties,
  registerOwnWarranty,
  registerWarranty,
  warrantyDetail,
  warrantyPage,
} from './warranty.service';

/**
 * Warranty registration (tag `warranty`): visitors register from /addProduct, registered customers
 * read their products; and the console's search (tag `consoleAfterSalesService`, audited).
 */
export function warrantyRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('productPurchaseAdd', async (request) => {
    // The legacy client's openId is ignored: the record belongs to the session's customer.
    const { openId: _ignored, ...input } = request.body;
    await registerWarranty(app.em, request.session.customerId, input, now());
    return request.session.customerId;
  });
  app.operation('warrantyAdd', async (request) =>
    registerOwnWarranty(app.em, registeredCustomerId(request.session), request.body, now()),
  );
  app.operation('warrantyPageQueryList', async (request) => {
    const { pageNo = 1, pageSize = 5 } = request.query;
    return warrantyPage(app.em, registeredCustomerId(request.session), pageNo, pageSize, now());
  });
  app.operation('warrantyGetById', async (request) =>
    warrantyDetail(app.em, registeredCustomerId(request.session), request.query.warrantyId, now()),
  );
  app.operation('consoleWarranties', async (request) => {
    const { pageNo = 1, pageSize = 20, keyword } = request.query;
    return consoleWarranties(app.em, staffActor(request, request.staff), { keyword, pageNo, pageSize }, now());
  });
}
