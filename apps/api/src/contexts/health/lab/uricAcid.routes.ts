import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import { addUricAcid, deleteUricAcid, pageUricAcid } from './uricAcid.service';

const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

export function uricAcidRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('addUricAcidTest', async (request) =>
    addUricAcid(app.em, customerOf(request.session), request.body, now()),
  );

  app.operation('deleteUricAcidTest', async (request) =>
    deleteUricAcid(app.em, customerOf(request.session), request.body.id),
  );

  app.operation('pageUricAcidTest', async (request) =>
    pageUricAcid(app.em, customerOf(request.session), {
      ...request.query,
      pageNo: request.query.pageNo ?? 1,
      pageSize: request.query.pageSize ?? 20,
    }),
  );
}
