import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCodes, forbidden, unauthenticated } from '../lib/errors';
import { OPEN_MESSAGES } from '../lib/client-context';
import { resolveAccessToken, takeClientCall } from '../contexts/open';
import type { OpenGate } from './openapi';

/**
 * The open operations' gate (issue 23; docs/adr/0218-open-operations-see-their-client.md): reads
 * `Authorization: Bearer oat_…`, resolves the client, grant and patient, counts the call against the
 * client's per-minute limit and checks the operation's scopes. The openapi plugin runs it first on
 * every operation declaring `oauth2`, and puts what it answers in `request.client`.
 */
export default fp(
  (app: FastifyInstance) => {
    const gate: OpenGate = async (request, reply, scopes) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const now = app.providers.clock();
      const access = token ? await resolveAccessToken(app.em, token, now) : null;
      if (!access) {
        reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw unauthenticated(OPEN_MESSAGES.invalidToken);
      }
      const wait = await takeClientCall(app.em, access.client.clientId, access.rateLimitPerMinute, now);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError(ErrorCodes.tooManyRequests, OPEN_MESSAGES.tooManyRequests, 429);
      }
      if (!scopes.every((scope) => access.client.scopes.includes(scope))) {
        reply.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scopes.join(' ')}"`);
        throw forbidden(OPEN_MESSAGES.insufficientScope);
      }
      return access.client;
    };
    app.decorate('openGate', gate);
  },
  { name: 'open-auth', dependencies: ['db', 'providers'] },
);
