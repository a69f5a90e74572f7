import type { FastifyInstance } from 'fastify';
import { listDepartments, listDoctors, listHospitals } from './doctor.service';

/** The doctor picker's lists (spec 2 §7): any signed-in user may browse them. */
export function doctorRoutes(app: FastifyInstance) {
  app.operation('listHospitals', async (request) => listHospitals(app.em, request.query));

  app.operation('listDepartments', async (request) => listDepartments(app.em, request.query));

  app.operation('listDoctors', async (request) => listDoctors(app.em, request.query));
}
