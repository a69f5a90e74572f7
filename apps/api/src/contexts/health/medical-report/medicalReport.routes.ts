import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../platform';
import { deleteReport, pageReports, uploadReport } from './medicalReport.service';

/** A photo under 10 MB and a preview under 1 MB, as base64 (4/3 of the bytes), with the JSON around them. */
const REPORT_BODY_LIMIT = 17 * 1024 * 1024;

export function medicalReportRoutes(app: FastifyInstance) {
  app.operation(
    'uploadReport',
    async (request) =>
      uploadReport(
        {
          em: app.em,
          store: app.providers.storage,
          session: request.session,
          rateLimits: UPLOAD_LIMITS,
          now: app.providers.clock(),
          secret: app.providers.sessionSecret,
        },
        request.body,
      ),
    { bodyLimit: REPORT_BODY_LIMIT },
  );

  app.operation('pageQueryReport', async (request) =>
    pageReports(
      app.em,
      request.session.customerId,
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 100,
      app.providers.sessionSecret,
      app.providers.clock(),
    ),
  );

  app.operation('deleteReport', async (request) =>
    deleteReport(app.em, app.providers.storage, request.log, request.session.customerId, request.body.reportId),
  );
}
