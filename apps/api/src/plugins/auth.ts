import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../contexts/identity';
import { STAFF_TOKEN_PREFIX } from '../lib/staff-context';
import { ACCESS_TOKEN_PREFIX } from '../lib/client-context';

/**
 * Reads `Authorization: Bearer <token>` and attaches the caller's session (from the session cache
 * when it vouches for the token, else from the database). A missing or bad token leaves the
 * request anonymous; operations that need a session then refuse it with 40100.
 */
export default fp(
  (app: FastifyInstance) => {
    // A callback hook, so a request without a token (most of the anonymous ones) costs no promise.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const header = request.headers.authorization;
      // A console token is the staff-auth plugin's and an integrator's access token the open
      // operations' (plugins/open-auth.ts): neither is ever a customer's session.
      if (
        !header?.startsWith('Bearer ') ||
        header.startsWith(`Bearer ${STAFF_TOKEN_PREFIX}`) ||
        header.startsWith(`Bearer ${ACCESS_TOKEN_PREFIX}`)
      ) {
        done();
        return;
      }
      resolveSession(app.em, header.slice('Bearer '.length).trim(), app.providers.clock(), app.sessionCache).then(
        (session) => {
          request.session = session;
          request.tokenRejected = session === null;
          done();
        },
        done,
      );
    });
  },
  { name: 'auth', dependencies: ['db', 'providers', 'session-cache'] },
);
