import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { operations } from '@glucoguard/sdk';
import { CLIENT_RATE_LIMITS } from '../modules/rate-limit/clientLimits';
import { takeRateLimit } from '../modules/rate-limit/rateLimit.service';

/**
 * Applies CLIENT_RATE_LIMITS to every operation listed there, on `request.ip`, before the body is
 * read: a client over its limit gets a 429 envelope however large or malformed its request. The
 * count lives in the database (the project's own limiter, not @fastify/rate-limit's per-process
 * memory), so several API processes share it.
 */
export default fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const limit = CLIENT_RATE_LIMITS[request.routeOptions.config.operationId as keyof operations];
      if (!limit) {
        done();
        return;
      }
      takeRateLimit(app.em, limit.bucket, request.ip, limit.windows, app.providers.clock()).then(() => done(), done);
    });
  },
  { name: 'client-rate-limit', dependencies: ['db', 'providers'] },
);
