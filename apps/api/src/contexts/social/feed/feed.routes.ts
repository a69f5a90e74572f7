import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import {
  addComment,
  addPraise,
  getFeed,
  getPost,
  readAllMessages,
  unreadMessageCount,
  unreadMessages,
} from './feed.service';

/** The friends' feed (spec 2 §2.16, §7 "Friends and feed"). */
export function feedRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('getFeed', async (request) => {
    const { pageNo = 1, pageSize = 5, ...filter } = request.query;
    return getFeed(app.em, registeredCustomerId(request.session), { ...filter, pageNo, pageSize });
  });

  app.operation('getFeedPost', async (request) =>
    getPost(app.em, registeredCustomerId(request.session), request.query.testId),
  );

  app.operation('addPraise', async (request) =>
    addPraise(app.em, registeredCustomerId(request.session), request.body.testId, now()),
  );

  app.operation('addComment', async (request) =>
    addComment(app.em, registeredCustomerId(request.session), request.body, now()),
  );

  app.operation('getUnreadCommentList', async (request) =>
    unreadMessages(
      app.em,
      registeredCustomerId(request.session),
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 20,
    ),
  );

  app.operation('getUnreadCommentCount', async (request) =>
    unreadMessageCount(app.em, registeredCustomerId(request.session)),
  );

  app.operation('updateAllReadStatus', async (request) =>
    readAllMessages(app.em, registeredCustomerId(request.session), now()),
  );
}
