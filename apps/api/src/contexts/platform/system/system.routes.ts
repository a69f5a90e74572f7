import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCodes } from '../../../lib/errors';

/** Health check and server time. */
export function systemRoutes(app: FastifyInstance, version: string) {
  app.operation('getHealth', async () => {
    // One round trip proves the database answers; a failure is a 503, not a 500.
    await app.em
      .getConnection()
      .execute('select 1')
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'database health check failed');
        throw new AppError(ErrorCodes.unavailable, '数据库暂不可用，请稍后再试', 503);
      });
    return { status: 'ok' as const, database: app.databaseKind, version };
  });

  app.operation('getServerTime', async () => {
    const now = new Date();
    return { timestamp: now.getTime(), iso: now.toISOString(), timeZone: 'Asia/Shanghai' as const };
  });
}
