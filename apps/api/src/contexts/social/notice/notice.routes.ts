import type { FastifyInstance } from 'fastify';
import { registeredCaller } from '../follow/follow.service';
import { noticeUnreadCount, pageNotices, readAllNotices } from './notice.service';

/** In-app notices: followed patients' readings and follow requests. */
export function noticeRoutes(app: FastifyInstance) {
  app.operation('pageNotices', async (request) =>
    pageNotices(app.em, registeredCaller(request.session), request.query.pageNo ?? 1, request.query.pageSize ?? 20),
  );

  app.operation('getNoticeUnreadCount', async (request) =>
    noticeUnreadCount(app.em, registeredCaller(request.session)),
  );

  app.operation('readAllNotices', async (request) =>
    readAllNotices(app.em, registeredCaller(request.session), app.providers.clock()),
  );
}
