import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import { addWeight, deleteWeight, getWeight, lastWeight, pageWeight, previousWeight } from './weight.service';

const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

export function weightRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('pageWeight', async (request) =>
    pageWeight(app.em, customerOf(request.session), request.query.pageNo ?? 1, request.query.pageSize ?? 20),
  );

  app.operation('getWeight', async (request) => getWeight(app.em, customerOf(request.session), request.query.weightId));

  app.operation('getLastWeight', async (request) => lastWeight(app.em, customerOf(request.session)));

  app.operation('getPreviousWeight', async (request) =>
    previousWeight(app.em, customerOf(request.session), request.query.createTimeStr),
  );

  app.operation('addWeight', async (request) => addWeight(app.em, customerOf(request.session), request.body, now()));

  app.operation('deleteWeight', async (request) =>
    deleteWeight(app.em, customerOf(request.session), request.body.weightId),
  );
}
