import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import {
  createOwnDoctorService,
  getAllServiceType,
  listOwnDoctorServices,
  pagedQueryDoctorList,
  queryConsultDoctor,
  queryDoctorServices,
  queryServiceIntro,
  updateOwnDoctorService,
} from './doctorService.service';

/** Finding a doctor for online consultation (spec 3 §2.1): any signed-in user may browse. */
export function doctorServiceRoutes(app: FastifyInstance) {
  app.operation('pagedQueryDoctorList', async (request) => pagedQueryDoctorList(app.em, request.body));

  app.operation('queryConsultDoctor', async (request) => queryConsultDoctor(app.em, request.query.doctorId));

  app.operation('queryDoctorServices', async (request) => queryDoctorServices(app.em, request.query.doctorId));

  app.operation('queryServiceIntro', async (request) => queryServiceIntro(app.em, request.query.serviceId));

  app.operation('getAllServiceType', async () => getAllServiceType());
}

/** A doctor's own services and prices in the console (permission `doctor.services`). */
export function consoleDoctorServiceRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('listOwnDoctorServices', async (request) => listOwnDoctorServices(app.em, request.staff));

  app.operation('createOwnDoctorService', async (request) =>
    createOwnDoctorService(app.em, request.staff, staffActor(request, request.staff), request.body, now()),
  );

  app.operation('updateOwnDoctorService', async (request) =>
    updateOwnDoctorService(
      app.em,
      request.staff,
      staffActor(request, request.staff),
      request.params.serviceId,
      request.body,
      now(),
    ),
  );
}
