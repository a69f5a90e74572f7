import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import { getLocation, lookUpRegion, updateLocation } from './location.service';

const caller = (session: SessionContext | null): SessionContext => session as SessionContext;

export function locationRoutes(app: FastifyInstance) {
  app.operation('getLocation', async (request) => getLocation(app.em, caller(request.session)));

  app.operation('updateLocation', async (request) =>
    updateLocation(app.em, app.providers.geocoder, caller(request.session), request.body),
  );

  app.operation('queryLocationByLongitudeAndLatitude', async (request) =>
    lookUpRegion(app.providers.geocoder, request.query),
  );
}
