import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { noticeUnreadCount, pageNotices, readAllNotices } from './notice.service';

/** In-app notices: followed patients' readings and follow requests. */
export function noticeRoutes(app: FastifyInstance) {
  app.operation('pageNotices', async (request) =>
    pageNotices(app.em, registeredCustomerId(request.session), request.query.pageNo ?? 1, request.query.pageSize ?? 20),
  );

  app.operation('getNoticeUnreadCount', async (request) =>
    noticeUnreadCount(app.em, registeredCustomerId(request.session)),
  );

  app.operation('readAllNotices', async (request) =>
    readAllNotices(app.em, registeredCustomerId(request.session), app.providers.clock()),
  );
}
