import fp from 'fastify-plugin';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { operations } from '@glucoguard/sdk';
import { CLIENT_RATE_LIMITS } from '../contexts/platform/rate-limit/clientLimits';
import { takeRateLimit } from '../contexts/platform/rate-limit/rateLimit.service';

/**
 * Applies CLIENT_RATE_LIMITS to every operation listed there, on `request.ip`, before the body is
 * read: a client over its limit gets a 429 envelope however large or malformed its request. The
 * count lives in the database (the project's own limiter, not @fastify/rate-limit's per-process
 * memory), so several API processes share it.
 *
 * The check is added to the limited routes themselves, first among their own onRequest hooks (before
 * the sign-in check): the other routes do not run it at all.
 */
export default fp(
  (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const limit = CLIENT_RATE_LIMITS[route.config?.operationId as keyof operations];
      if (!limit) {
        return;
      }
      const check: onRequestHookHandler = (request, _reply, done) => {
        takeRateLimit(app.em, limit.bucket, request.ip, limit.windows, app.providers.clock()).then(() => done(), done);
      };
      route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'client-rate-limit', dependencies: ['db', 'providers'] },
);
