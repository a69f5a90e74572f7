import type { FastifyInstance } from 'fastify';
import { ketone, uricAcid } from './lab.service';

/** The lab readings' routes: blood ketone (/ketoneTest/…) and uric acid (/urineTest/…), each add, delete and page. */
export function labRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();
  const page = (query: { pageNo?: number; pageSize?: number }) => ({
    ...query,
    pageNo: query.pageNo ?? 1,
    pageSize: query.pageSize ?? 20,
  });

  app.operation('addKetoneTest', async (request) =>
    ketone.add(app.em, request.session.customerId, { ...request.body, value: request.body.ketone }, now()),
  );
  app.operation('deleteKetoneTest', async (request) =>
    ketone.remove(app.em, request.session.customerId, request.body.id),
  );
  app.operation('pageKetoneTest', async (request) =>
    ketone.page(app.em, request.session.customerId, page(request.query)),
  );

  app.operation('addUricAcidTest', async (request) =>
    uricAcid.add(app.em, request.session.customerId, { ...request.body, value: request.body.urine }, now()),
  );
  app.operation('deleteUricAcidTest', async (request) =>
    uricAcid.remove(app.em, request.session.customerId, request.body.id),
  );
  app.operation('pageUricAcidTest', async (request) =>
    uricAcid.page(app.em, request.session.customerId, page(request.query)),
  );
}
