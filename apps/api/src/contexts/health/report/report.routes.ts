import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import {
  listReports,
  pressureMonthReport,
  pressureWeekReport,
  sugarMonthReport,
  sugarWeekReport,
} from './report.service';

const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

/** The report list and the weekly and monthly sugar and pressure reports (spec 2 §2.5, §2.6). */
export function reportRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('listHealthReports', async (request) =>
    listReports(app.em, customerOf(request.session), request.query, now()),
  );

  app.operation('getSugarMonthReport', async (request) =>
    sugarMonthReport(app.em, customerOf(request.session), request.query, now()),
  );

  app.operation('getSugarWeekReport', async (request) =>
    sugarWeekReport(app.em, customerOf(request.session), request.query.startDate, request.query.endDate, now()),
  );

  app.operation('getBpMonthReport', async (request) =>
    pressureMonthReport(app.em, customerOf(request.session), request.query, now()),
  );

  app.operation('getBpWeekReport', async (request) =>
    pressureWeekReport(app.em, customerOf(request.session), request.query.startDate, request.query.endDate, now()),
  );
}
