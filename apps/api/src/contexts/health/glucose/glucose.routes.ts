import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import { SugarRepository } from './glucose.repository';
import {
  addReading,
  customerDictionary,
  dayReadings,
  dayTable,
  deleteReading,
  editReading,
  getReading,
  judge,
  saveObjectives,
  slotView,
  trend,
} from './glucose.service';

const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

export function sugarRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('querySugarDic', async (request) => {
    const slots = await new SugarRepository(app.em).slots();
    return slots
      .filter((s) => request.query.timeType === undefined || s.timeType === request.query.timeType)
      .map(slotView);
  });

  app.operation('queryCustomerSugarDic', async (request) =>
    customerDictionary(app.em, customerOf(request.session), request.query.timeType),
  );

  app.operation('saveSugarObjective', async (request) =>
    saveObjectives(app.em, customerOf(request.session), request.body.sugarObjectives),
  );

  app.operation('addSugarTest', async (request) => {
    const saved = await addReading(app.em, customerOf(request.session), request.body, now());
    // Followers' messaging-app notices go out right away rather than at the next interval.
    app.noticePush.kick();
    return saved;
  });

  app.operation('editSugarTest', async (request) => {
    const { testId, ...entry } = request.body;
    return editReading(app.em, customerOf(request.session), testId, entry, now());
  });

  app.operation('deleteSugarTest', async (request) =>
    deleteReading(app.em, customerOf(request.session), request.body.testId),
  );

  app.operation('getSugarTest', async (request) =>
    getReading(app.em, customerOf(request.session), request.query.testId),
  );

  app.operation('querySugarDayData', async (request) =>
    dayReadings(app.em, customerOf(request.session), request.query.dateTime, request.query.timeType),
  );

  app.operation('querySugarLog', async (request) =>
    dayTable(
      app.em,
      customerOf(request.session),
      request.query.dateType ?? 1,
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 20,
      now(),
    ),
  );

  app.operation('querySugarJudge', async (request) =>
    judge(app.em, customerOf(request.session), request.query.dateType ?? 1, now()),
  );

  app.operation('querySugarTrend', async (request) =>
    trend(app.em, customerOf(request.session), request.query.dateType ?? 5, request.query.timeType ?? 1, now()),
  );
}
