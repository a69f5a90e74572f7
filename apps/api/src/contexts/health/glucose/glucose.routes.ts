import type { FastifyInstance } from 'fastify';
import {
  addReading,
  customerDictionary,
  dayReadings,
  dayTable,
  deleteGlucose,
  editReading,
  getReading,
  lastReading,
  judge,
  saveObjectives,
  slotDictionary,
  trend,
} from './glucose.service';

export function glucoseRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('querySugarDic', async (request) => slotDictionary(app.em, request.query.timeType));

  app.operation('queryCustomerSugarDic', async (request) =>
    customerDictionary(app.em, request.session.customerId, request.query.timeType),
  );

  app.operation('saveSugarObjective', async (request) =>
    saveObjectives(app.em, request.session.customerId, request.body.sugarObjectives),
  );

  app.operation('addSugarTest', async (request) => addReading(app.em, request.session.customerId, request.body, now()));

  app.operation('editSugarTest', async (request) => {
    const { testId, ...entry } = request.body;
    return editReading(app.em, request.session.customerId, testId, entry, now());
  });

  app.operation('deleteSugarTest', async (request) =>
    deleteGlucose(app.em, request.session.customerId, request.body.testId),
  );

  app.operation('getSugarTest', async (request) =>
    getReading(app.em, request.session.customerId, request.query.testId),
  );

  app.operation('getLastSugarTest', async (request) => lastReading(app.em, request.session.customerId));

  app.operation('querySugarDayData', async (request) =>
    dayReadings(app.em, request.session.customerId, request.query.dateTime, request.query.timeType),
  );

  app.operation('querySugarLog', async (request) =>
    dayTable(
      app.em,
      request.session.customerId,
      request.query.dateType ?? 1,
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 20,
      now(),
    ),
  );

  app.operation('querySugarJudge', async (request) =>
    judge(app.em, request.session.customerId, request.query.dateType ?? 1, now()),
  );

  app.operation('querySugarTrend', async (request) =>
    trend(app.em, request.session.customerId, request.query.dateType ?? 5, request.query.timeType ?? 1, now()),
  );
}
