import type { FastifyInstance } from 'fastify';
import { closeAccount } from './accountClosure.service';

export function accountClosureRoutes(app: FastifyInstance) {
  app.operation('closeAccount', async (request) =>
    closeAccount(app.em, app.providers.sessionSecret, request.session, app.providers.clock(), app.sessionCache),
  );
}
