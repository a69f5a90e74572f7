import type { FastifyInstance } from 'fastify';
import { registeredCustomer } from '../../identity';
import type { SessionContext } from '../../../lib/session-context';
import { createShare, listShares, revokeShare, sharedPressureTable, sharedSugarTable } from './share.service';

export function shareRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();
  const owner = async (session: SessionContext) => (await registeredCustomer(app.em, session)).id;

  app.operation('createShare', async (request) =>
    createShare(app.em, await owner(request.session), request.body, now()),
  );
  app.operation('listShares', async (request) => listShares(app.em, await owner(request.session), now()));
  app.operation('revokeShare', async (request) =>
    revokeShare(app.em, await owner(request.session), request.body.shareId, now()),
  );
  app.operation('shareBloodSugarTable', async (request) => sharedSugarTable(app.em, request.query.token, now()));
  app.operation('shareBloodPressureTable', async (request) => sharedPressureTable(app.em, request.query.token, now()));
}
