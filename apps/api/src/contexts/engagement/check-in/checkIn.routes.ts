import type { FastifyInstance } from 'fastify';
import { registeredId } from '../points/points.routes';
import { brandOfActivity } from '../../social/invitation/invitation.poster';
import { signDayImage, signDays, signIn, signInfo } from './checkIn.service';

export function signInRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('signIn', async (request) => signIn(app.em, registeredId(request.session), now()));

  app.operation('getSignInfo', async (request) => signInfo(app.em, registeredId(request.session), now()));

  app.operation('getSigns', async (request) =>
    signDays(app.em, registeredId(request.session), request.query.startTime, request.query.endTime),
  );

  app.operation('getSignDayDetail', async (request) =>
    signDayImage(
      app.em,
      app.providers.storage,
      app.providers.sessionSecret,
      registeredId(request.session),
      brandOfActivity(undefined, Number(request.headers['x-source-id'] ?? 4)),
      request.query.shareTime,
    ),
  );
}
