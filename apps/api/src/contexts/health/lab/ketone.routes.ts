import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import { addKetone, deleteKetone, pageKetone } from './ketone.service';

const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

export function ketoneRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('addKetoneTest', async (request) =>
    addKetone(app.em, customerOf(request.session), request.body, now()),
  );

  app.operation('deleteKetoneTest', async (request) =>
    deleteKetone(app.em, customerOf(request.session), request.body.id),
  );

  app.operation('pageKetoneTest', async (request) =>
    pageKetone(app.em, customerOf(request.session), {
      ...request.query,
      pageNo: request.query.pageNo ?? 1,
      pageSize: request.query.pageSize ?? 20,
    }),
  );
}
