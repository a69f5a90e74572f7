import type { FastifyInstance } from 'fastify';
import { readChanges } from './changes.service';

/**
 * The change feed (tag `openData`, docs/adr/0221-change-feed-ordered-by-transaction.md): the
 * openapi plugin has checked the access token and its `readings.read`; the page is the caller's.
 */
export function changesRoutes(app: FastifyInstance) {
  app.operation('openListChanges', async (request) =>
    readChanges(app.em, request.client.clientId, request.query.cursor, request.query.limit),
  );
}
