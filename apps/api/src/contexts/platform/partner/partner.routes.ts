import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { registeredCustomer } from '../../identity/customer/customer.service';
import type { SessionContext } from '../../identity/session/session.service';
import { partnerConfigFromEnv, urineLink } from './partner.service';

export function partnerRoutes(app: FastifyInstance, config: AppConfig) {
  const partner = partnerConfigFromEnv(config.rawEnv);
  app.operation('getUrineLink', async (request) => {
    const customer = await registeredCustomer(app.em, request.session as SessionContext);
    return { url: urineLink(partner, customer.id, app.providers.clock()) };
  });
}
