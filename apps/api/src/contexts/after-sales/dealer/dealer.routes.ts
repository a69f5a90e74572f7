import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import { serviceStaffName } from '../repair/repair.staff';
import { addDealerEnquiry, consoleDealerEnquiries, consoleDealerEnquiry, handleDealerEnquiry } from './dealer.service';

/**
 * Dealers' procurement enquiries (tag `dealer`, any session, visitors too) and the console's list,
 * detail and handling (tag `consoleAfterSalesService`, permission `aftersales.service`, audited).
 */
export function dealerRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('dealerAdd', async (request) =>
    addDealerEnquiry(app.em, request.session.customerId, request.body, now()),
  );
  app.operation('consoleDealerEnquiries', async (request) => {
    const { pageNo = 1, pageSize = 20, handled, keyword } = request.query;
    return consoleDealerEnquiries(
      app.em,
      staffActor(request, request.staff),
      { handled: handled, keyword, pageNo, pageSize },
      now(),
    );
  });
  app.operation('consoleDealerEnquiry', async (request) =>
    consoleDealerEnquiry(app.em, staffActor(request, request.staff), request.params.enquiryId, now()),
  );
  app.operation('consoleHandleDealerEnquiry', async (request) =>
    handleDealerEnquiry(
      app.em,
      staffActor(request, request.staff),
      { id: request.staff.staffId, name: await serviceStaffName(app.em, request.staff) },
      request.params.enquiryId,
      request.body.note,
      now(),
    ),
  );
}
