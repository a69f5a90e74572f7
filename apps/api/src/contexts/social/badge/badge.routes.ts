import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { unreadBadge, type BadgeSources } from './badge.service';

/** The mine tab's unread badge. */
export function badgeRoutes(app: FastifyInstance, sources: BadgeSources) {
  app.operation('getUnreadBadge', async (request) =>
    unreadBadge(app.em, registeredCustomerId(request.session), sources),
  );
}
