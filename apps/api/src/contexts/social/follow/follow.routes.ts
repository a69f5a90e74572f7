import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import {
  acceptFollow,
  decideFollow,
  editFollowing,
  getFollowing,
  leaveFollowing,
  pageFollowers,
  pageFollowing,
  pageRequests,
  requestFollow,
  searchByPhone,
} from './follow.service';
import { friendPressure, friendStat, friendSugarDays } from './follow.views';

/** Relatives following patients (spec 2 §2.15, §7 "Friends"), and the patient's side of it. */
export function followRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('queryFriendByPhone', async (request) =>
    searchByPhone(app.em, registeredCustomerId(request.session), request.query.phone, now()),
  );

  app.operation('addFocus', async (request) =>
    requestFollow(app.em, registeredCustomerId(request.session), request.body.customerId, now()),
  );

  app.operation('queryIFocus', async (request) =>
    pageFollowing(
      app.em,
      registeredCustomerId(request.session),
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 10,
    ),
  );

  app.operation('getIFocus', async (request) =>
    getFollowing(app.em, registeredCustomerId(request.session), request.query.id),
  );

  app.operation('editIFocus', async (request) =>
    editFollowing(app.em, registeredCustomerId(request.session), request.body, now()),
  );

  app.operation('delIFocus', async (request) =>
    leaveFollowing(app.em, registeredCustomerId(request.session), request.body.id, now()),
  );

  app.operation('queryIFocusStat', async (request) =>
    friendStat(
      app.em,
      registeredCustomerId(request.session),
      request.query.customerId,
      request.query.dateType ?? 1,
      now(),
    ),
  );

  app.operation('queryIFocusData', async (request) => {
    const { customerId, dateType = 1, pageNo = 1, pageSize = 20 } = request.query;
    return friendSugarDays(
      app.em,
      registeredCustomerId(request.session),
      customerId,
      { dateType, pageNo, pageSize },
      now(),
    );
  });

  app.operation('queryIFocusBloodPressure', async (request) => {
    const { customerId, pageNo = 1, pageSize = 20, ...span } = request.query;
    return friendPressure(app.em, registeredCustomerId(request.session), customerId, { ...span, pageNo, pageSize });
  });

  app.operation('queryFocusRequests', async (request) =>
    pageRequests(
      app.em,
      registeredCustomerId(request.session),
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 20,
    ),
  );

  app.operation('queryFocusMe', async (request) =>
    pageFollowers(
      app.em,
      registeredCustomerId(request.session),
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 20,
    ),
  );

  app.operation('acceptFocus', async (request) =>
    acceptFollow(app.em, registeredCustomerId(request.session), request.body.id, now()),
  );

  app.operation('refuseFocus', async (request) => {
    await decideFollow(app.em, registeredCustomerId(request.session), request.body.id, 'decline', now());
    return { ok: true as const };
  });

  app.operation('revokeFocus', async (request) => {
    await decideFollow(app.em, registeredCustomerId(request.session), request.body.id, 'revoke', now());
    return { ok: true as const };
  });
}
