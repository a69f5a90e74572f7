import type { FastifyInstance } from 'fastify';
import {
  addPressure,
  deletePressure,
  editPressure,
  getPressure,
  judgePressure,
  pagePressure,
  pressureTrend,
  ranges,
} from './pressure.service';

export function pressureRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('getBloodPressureDictionary', async () =>
    (await ranges(app.em)).map(({ sort, name, sbpMin, sbpMax, dbpMin, dbpMax }) => ({
      sort,
      name,
      sbpMin,
      sbpMax,
      dbpMin,
      dbpMax,
    })),
  );

  app.operation('addBloodPressure', async (request) =>
    addPressure(app.em, request.session.customerId, request.body, now()),
  );

  app.operation('editBloodPressure', async (request) => {
    const { bpId, ...entry } = request.body;
    return editPressure(app.em, request.session.customerId, bpId, entry, now());
  });

  app.operation('deleteBloodPressure', async (request) =>
    deletePressure(app.em, request.session.customerId, request.body.bpId),
  );

  app.operation('getBloodPressure', async (request) =>
    getPressure(app.em, request.session.customerId, request.query.bpId),
  );

  app.operation('pageBloodPressure', async (request) =>
    pagePressure(app.em, request.session.customerId, {
      ...request.query,
      pageNo: request.query.pageNo ?? 1,
      pageSize: request.query.pageSize ?? 20,
    }),
  );

  app.operation('trendBloodPressure', async (request) => pressureTrend(app.em, request.session.customerId, now()));

  app.operation('judgeBloodPressure', async (request) =>
    judgePressure(app.em, request.session.customerId, request.query),
  );
}
