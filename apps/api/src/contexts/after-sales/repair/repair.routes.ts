import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { staffActor } from '../../identity';
import { signPrivatePath } from '../../platform';
import {
  assignRepair,
  completeRepair,
  consoleRepair,
  consoleRepairs,
  recordRepairResult,
  repairAssignees,
} from './repair.desk';
import { fileRepair, repairDetail, repairPage } from './repair.service';

/**
 * Repair requests (tag `repair`, registered customers, their own requests only) and the console's
 * repair desk (tag `consoleAfterSalesService`, permission `aftersales.service`, audited). Photos are
 * answered as addresses signed for the viewer: the customer, or `s_<staffId>` in the console.
 */
export function repairRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();
  const signerFor = (viewer: string) => {
    const at = now();
    return (path: string) => signPrivatePath(app.providers.sessionSecret, path, viewer, at);
  };
  const staffSigner = (staffId: string) => signerFor(`s_${staffId}`);

  app.operation('repairAdd', async (request) =>
    fileRepair(app.em, registeredCustomerId(request.session), request.body, now()),
  );
  app.operation('repairPage', async (request) => {
    const { pageNo = 1, pageSize = 7, status = 0 } = request.query;
    return repairPage(app.em, registeredCustomerId(request.session), status, pageNo, pageSize);
  });
  app.operation('repairQuery', async (request) => {
    const customerId = registeredCustomerId(request.session);
    return repairDetail(app.em, customerId, request.query.upkeepId, signerFor(customerId));
  });

  app.operation('consoleRepairs', async (request) => {
    const { pageNo = 1, pageSize = 20, ...filter } = request.query;
    return consoleRepairs(app.em, staffActor(request, request.staff), { ...filter, pageNo, pageSize }, now());
  });
  app.operation('consoleRepair', async (request) =>
    consoleRepair(
      app.em,
      staffActor(request, request.staff),
      request.params.upkeepId,
      staffSigner(request.staff.staffId),
      now(),
    ),
  );
  app.operation('consoleRepairAssignees', async () => repairAssignees(app.em));
  app.operation('consoleAssignRepair', async (request) =>
    assignRepair(
      app.em,
      staffActor(request, request.staff),
      request.staff,
      request.params.upkeepId,
      request.body.staffId,
      staffSigner(request.staff.staffId),
      now(),
    ),
  );
  app.operation('consoleRepairResult', async (request) =>
    recordRepairResult(
      app.em,
      staffActor(request, request.staff),
      request.staff,
      request.params.upkeepId,
      request.body.remark,
      staffSigner(request.staff.staffId),
      now(),
    ),
  );
  app.operation('consoleCompleteRepair', async (request) =>
    completeRepair(
      app.em,
      staffActor(request, request.staff),
      request.staff,
      request.params.upkeepId,
      request.body.remark,
      staffSigner(request.staff.staffId),
      now(),
    ),
  );
}
