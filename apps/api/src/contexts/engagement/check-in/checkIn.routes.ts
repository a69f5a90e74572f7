import type { FastifyInstance } from 'fastify';
import { checkInTip } from '@glucoguard/domain';
import { registeredCustomerId } from '../../../lib/session-context';
import { brandOfActivity } from '../../../lib/poster';
import { checkInDayImage, checkInDays, checkIn, checkInInfo } from './checkIn.service';

export function checkInRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('signIn', async (request) => checkIn(app.em, registeredCustomerId(request.session), now()));

  app.operation('getSignInfo', async (request) => checkInInfo(app.em, registeredCustomerId(request.session), now()));

  // The tip shown after a check-in (spec 1 §7.2 getHealthMessage): one a day, in turn.
  app.operation('getSignHealthMessage', async () => ({ healthMessage: { content: checkInTip(now()), level: null } }));

  app.operation('getSigns', async (request) =>
    checkInDays(app.em, registeredCustomerId(request.session), request.query.startTime, request.query.endTime),
  );

  app.operation('getSignDayDetail', async (request) =>
    checkInDayImage(
      app.em,
      app.providers.storage,
      app.providers.sessionSecret,
      registeredCustomerId(request.session),
      brandOfActivity(undefined, Number(request.headers['x-source-id'] ?? 4)),
      request.query.shareTime,
    ),
  );
}
