import type { FastifyInstance } from 'fastify';
import { FrontLogRepository } from './frontLog.repository';
import { FRONT_LOG_MAX_BODY_BYTES, recordFrontLog } from './frontLog.service';

export function frontLogRoutes(app: FastifyInstance) {
  app.operation(
    'reportFrontLog',
    async (request) =>
      recordFrontLog(new FrontLogRepository(app.em), request.body, {
        sessionCustomerId: request.session?.customerId ?? null,
        requestId: String(request.id),
        appCode: request.headers['x-app-code'] as string | undefined,
        userAgent: request.headers['user-agent'],
      }),
    { bodyLimit: FRONT_LOG_MAX_BODY_BYTES },
  );
}
