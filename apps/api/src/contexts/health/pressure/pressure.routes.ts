import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
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

const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

export function bloodPressureRoutes(app: FastifyInstance) {
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

  app.operation('addBloodPressure', async (request) => {
    const saved = await addPressure(app.em, customerOf(request.session), request.body, now());
    app.noticePush.kick();
    return saved;
  });

  app.operation('editBloodPressure', async (request) => {
    const { bpId, ...entry } = request.body;
    return editPressure(app.em, customerOf(request.session), bpId, entry, now());
  });

  app.operation('deleteBloodPressure', async (request) =>
    deletePressure(app.em, customerOf(request.session), request.body.bpId),
  );

  app.operation('getBloodPressure', async (request) =>
    getPressure(app.em, customerOf(request.session), request.query.bpId),
  );

  app.operation('pageBloodPressure', async (request) =>
    pagePressure(app.em, customerOf(request.session), {
      ...request.query,
      pageNo: request.query.pageNo ?? 1,
      pageSize: request.query.pageSize ?? 20,
    }),
  );

  app.operation('trendBloodPressure', async (request) => pressureTrend(app.em, customerOf(request.session), now()));

  app.operation('judgeBloodPressure', async (request) =>
    judgePressure(app.em, customerOf(request.session), request.query),
  );
}
