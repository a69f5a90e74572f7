import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { SessionContext } from '../../../lib/session-context';
import { claimTask, dayTasks, pointsSummary, scoreDetail, scoreRanking, scoreRule } from './points.service';

/** Points belong to registered customers; a visitor is asked to register first. */
export function registeredId(session: SessionContext | null): string {
  const s = session as SessionContext;
  if (!s.registered) {
    throw new AppError(ErrorCodes.forbidden, '请先注册', 403);
  }
  return s.customerId;
}

export function pointsRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('scoreDetail', async (request) =>
    scoreDetail(app.em, registeredId(request.session), request.query.pageNo ?? 1, request.query.pageSize ?? 10),
  );

  app.operation('getSignScore', async (request) => pointsSummary(app.em, registeredId(request.session), now()));

  app.operation('getScoreRule', async () => scoreRule());

  app.operation('getDayTask', async (request) => dayTasks(app.em, registeredId(request.session), now()));

  app.operation('claimTask', async (request) =>
    claimTask(app.em, registeredId(request.session), request.body.settingCode, now()),
  );

  app.operation('scoreRanking', async (request) => scoreRanking(app.em, registeredId(request.session), now()));
}
