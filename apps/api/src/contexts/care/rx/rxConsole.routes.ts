import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffActor } from '../../identity';
import type { StaffContext } from '../../../lib/staff-context';
import {
  consultRx,
  createAdvice,
  createPrescription,
  redeemPrescription,
  reviewPrescription,
  rxForPharmacist,
  rxReviewQueue,
  type RxDeps,
} from './rx.service';

/**
 * Prescriptions in the console (tag `consoleRx`): doctors write (`rx.write`, only in their own
 * consultations), pharmacists review and dispense (`rx.review`, prescriptions only, never chats).
 */
export function consoleRxRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();
  const deps = (request: FastifyRequest & { staff: StaffContext }): RxDeps => ({
    fanOut: app.chat.fanOut,
    now: now(),
    actor: staffActor(request, request.staff),
  });

  app.operation('consoleCreatePrescription', async (request) =>
    createPrescription(app.em, deps(request), request.staff, request.body),
  );

  app.operation('consoleCreateAdvice', async (request) =>
    createAdvice(app.em, deps(request), request.staff, request.body),
  );

  app.operation('consoleConsultRx', async (request) => consultRx(app.em, request.staff, request.params.consultId));

  app.operation('consoleRxReviews', async (request) =>
    rxReviewQueue(app.em, staffActor(request, request.staff), request.query, now()),
  );

  app.operation('consoleRxPrescription', async (request) =>
    rxForPharmacist(app.em, staffActor(request, request.staff), request.params.infoId, now()),
  );

  app.operation('consoleReviewPrescription', async (request) =>
    reviewPrescription(app.em, deps(request), request.staff, request.params.infoId, request.body),
  );

  app.operation('consoleRedeemPrescription', async (request) =>
    redeemPrescription(app.em, deps(request), request.staff, app.providers.sessionSecret, request.body.code),
  );
}
