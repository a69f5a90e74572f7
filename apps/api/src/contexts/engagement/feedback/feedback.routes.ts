import type { FastifyInstance } from 'fastify';
import { registeredCustomer } from '../../identity';
import { submitFeedback } from './feedback.service';

export function feedbackRoutes(app: FastifyInstance) {
  app.operation('submitFeedback', async (request) => {
    const customer = await registeredCustomer(app.em, request.session);
    return submitFeedback(app.em, customer, request.body, app.providers.clock());
  });
}
