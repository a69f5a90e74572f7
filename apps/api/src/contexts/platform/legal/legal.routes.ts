import type { FastifyInstance } from 'fastify';
import { BRAND_LOOKS, brandOfActivity } from '../../../lib/poster';
import { legalTexts } from './legal.texts';

export function legalRoutes(app: FastifyInstance) {
  // The agreement page and the registration consent read the texts here (spec 1 §2.12, queryLegal);
  // the brand's name comes from the caller's source id.
  app.operation('queryLegal', async (request) => {
    const brand = brandOfActivity(undefined, Number(request.headers['x-source-id'] ?? 4));
    return legalTexts(BRAND_LOOKS[brand].name, request.query.type);
  });
}
