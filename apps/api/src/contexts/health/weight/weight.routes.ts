import type { FastifyInstance } from 'fastify';
import { addWeight, deleteWeight, getWeight, lastWeight, pageWeight, previousWeight } from './weight.service';

export function weightRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('pageWeight', async (request) =>
    pageWeight(app.em, request.session.customerId, request.query.pageNo ?? 1, request.query.pageSize ?? 20),
  );

  app.operation('getWeight', async (request) => getWeight(app.em, request.session.customerId, request.query.weightId));

  app.operation('getLastWeight', async (request) => lastWeight(app.em, request.session.customerId));

  app.operation('getPreviousWeight', async (request) =>
    previousWeight(app.em, request.session.customerId, request.query.createTimeStr),
  );

  app.operation('addWeight', async (request) => addWeight(app.em, request.session.customerId, request.body, now()));

  app.operation('deleteWeight', async (request) =>
    deleteWeight(app.em, request.session.customerId, request.body.weightId),
  );
}
