import type { FastifyInstance } from 'fastify';
import {
  listReports,
  pressureMonthReport,
  pressureWeekReport,
  sugarMonthReport,
  sugarWeekReport,
  type MedicationDatesOf,
} from './report.service';

/**
 * The report list and the weekly and monthly sugar and pressure reports (spec 2 §2.5, §2.6). The
 * sugar reports show the days with medication records, read through `medicationDates` (care's diary).
 */
export function reportRoutes(app: FastifyInstance, options: { medicationDates: MedicationDatesOf }) {
  const now = () => app.providers.clock();

  app.operation('listHealthReports', async (request) =>
    listReports(app.em, request.session.customerId, request.query, now()),
  );

  app.operation('getSugarMonthReport', async (request) =>
    sugarMonthReport(app.em, request.session.customerId, request.query, now(), options.medicationDates),
  );

  app.operation('getSugarWeekReport', async (request) =>
    sugarWeekReport(
      app.em,
      request.session.customerId,
      request.query.startDate,
      request.query.endDate,
      now(),
      options.medicationDates,
    ),
  );

  app.operation('getBpMonthReport', async (request) =>
    pressureMonthReport(app.em, request.session.customerId, request.query, now()),
  );

  app.operation('getBpWeekReport', async (request) =>
    pressureWeekReport(app.em, request.session.customerId, request.query.startDate, request.query.endDate, now()),
  );
}
