import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { claimTask, dayTasks, pointsSummary, scoreDetail, scoreRanking, scoreRule } from './points.service';

export function pointsRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('scoreDetail', async (request) =>
    scoreDetail(app.em, registeredCustomerId(request.session), request.query.pageNo ?? 1, request.query.pageSize ?? 10),
  );

  app.operation('getSignScore', async (request) => pointsSummary(app.em, registeredCustomerId(request.session), now()));

  app.operation('getScoreRule', async () => scoreRule());

  app.operation('getDayTask', async (request) => dayTasks(app.em, registeredCustomerId(request.session), now()));

  app.operation('claimTask', async (request) =>
    claimTask(app.em, registeredCustomerId(request.session), request.body.settingCode, now()),
  );

  app.operation('scoreRanking', async (request) => scoreRanking(app.em, registeredCustomerId(request.session), now()));
}
