import type { FastifyInstance } from 'fastify';
import { lookUpRegion } from './location.service';

/** Where a point is (spec 1 §8); the customer's own saved location is identity's (customer.routes.ts). */
export function locationRoutes(app: FastifyInstance) {
  app.operation('queryLocationByLongitudeAndLatitude', async (request) =>
    lookUpRegion(app.providers.geocoder, request.query),
  );
}
