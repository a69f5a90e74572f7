import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { registeredCustomerId } from '../../../lib/session-context';
import { partnerConfigFromEnv, urineLink } from './partner.service';

export function partnerRoutes(app: FastifyInstance, config: AppConfig) {
  const partner = partnerConfigFromEnv(config.rawEnv);
  app.operation('getUrineLink', async (request) => {
    return { url: urineLink(partner, registeredCustomerId(request.session), app.providers.clock()) };
  });
}
