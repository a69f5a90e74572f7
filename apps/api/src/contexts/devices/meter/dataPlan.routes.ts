import type { FastifyInstance } from 'fastify';
import { listRechargeDevices } from './dataPlan.service';

/** The data-plan screens (spec 3 §2.7): the caller's own meters only. */
export function dataPlanRoutes(app: FastifyInstance) {
  app.operation('listRechargeDevice', async (request) => listRechargeDevices(app.em, request.session.customerId));
}
