import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../modules/session/session.service';

/**
 * Reads `Authorization: Bearer <token>` and attaches the caller's session (from the session cache
 * when it vouches for the token, else from the database). A missing or bad token leaves the
 * request anonymous; operations that need a session then refuse it with 40100.
 */
export default fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) {
        return;
      }
      request.session = await resolveSession(app.em, header.slice('Bearer '.length).trim(), app.providers.clock(), app.sessionCache);
      request.tokenRejected = request.session === null;
    });
  },
  { name: 'auth', dependencies: ['db', 'providers', 'session-cache'] },
);
