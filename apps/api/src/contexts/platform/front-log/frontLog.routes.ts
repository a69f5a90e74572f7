import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { notFound } from '../../../lib/errors';
import { FrontLogRepository } from './frontLog.repository';
import { FRONT_LOG_MAX_BODY_BYTES, ownFrontLogs, recordFrontLog } from './frontLog.service';

export function frontLogRoutes(app: FastifyInstance, config: Pick<AppConfig, 'env'>) {
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

  // The caller's own reports, for the end-to-end test of error reporting; never in production.
  app.operation('getOwnFrontLogs', async (request) => {
    if (config.env === 'production') {
      throw notFound('接口不存在：GET /api/dev/v1/frontLog');
    }
    return ownFrontLogs(new FrontLogRepository(app.em), request.session.customerId);
  });
}
