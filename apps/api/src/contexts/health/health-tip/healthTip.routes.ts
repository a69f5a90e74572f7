import type { FastifyInstance } from 'fastify';
import { readingHealthMessage } from './healthTip.service';

export function healthTipRoutes(app: FastifyInstance) {
  // The tip shown with a reading (spec 2 §7 getHealthMessage); visitors have no readings and get the first-steps tip.
  app.operation('getReadingHealthMessage', async (request) =>
    readingHealthMessage(app.em, request.session.customerId, request.query.reportType ?? 1, app.providers.clock()),
  );
}
