import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import {
  acceptConsult,
  cancelConsult,
  closeConsult,
  consultPage,
  consultPay,
  consultSessionOf,
  doctorConsult,
  doctorQueue,
  endConsultByDoctor,
  isUnusedConsult,
  latestConsultWith,
  rejectConsult,
  saveDiagnosticInfo,
  type ConsultPorts,
} from './consult.service';

const portsOf = (app: FastifyInstance): ConsultPorts => ({ payment: app.providers.payment, fanOut: app.chat.fanOut });

/** The patient's consultation calls (spec 3 §2.1, §4, §7; docs/consultation.md). */
export function consultRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consultPay', async (request) =>
    consultPay(app.em, portsOf(app), request.session, request.body.serviceId, now()),
  );

  app.operation('querySessionByUserIdAndCustomerId', async (request) =>
    latestConsultWith(app.em, request.session, request.query.doctorId),
  );

  app.operation('querySessionBySessionId', async (request) =>
    consultSessionOf(app.em, request.session, request.query.sessionId),
  );

  app.operation('consultPagedQueryList', async (request) => consultPage(app.em, request.session, request.query));

  app.operation('saveDiagnosticInfo', async (request) =>
    saveDiagnosticInfo(app.em, portsOf(app), request.session, request.body, now()),
  );

  app.operation('consultCancel', async (request) =>
    cancelConsult(app.em, portsOf(app), request.session, request.body.sessionId, now()),
  );

  app.operation('consultClose', async (request) =>
    closeConsult(app.em, portsOf(app), request.session, request.body.sessionId, now()),
  );

  app.operation('isUnUsedConsultOrder', async (request) =>
    isUnusedConsult(app.em, request.session, request.query.sessionId),
  );
}

/** The doctor's consultation queue in the console (permission consult.own; audited). */
export function consoleConsultRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consoleConsults', async (request) =>
    doctorQueue(app.em, request.staff, staffActor(request, request.staff), request.query, now()),
  );

  app.operation('consoleConsult', async (request) =>
    doctorConsult(app.em, request.staff, staffActor(request, request.staff), request.params.consultId, now()),
  );

  app.operation('consoleAcceptConsult', async (request) =>
    acceptConsult(
      app.em,
      portsOf(app),
      request.staff,
      staffActor(request, request.staff),
      request.params.consultId,
      now(),
    ),
  );

  app.operation('consoleRejectConsult', async (request) =>
    rejectConsult(
      app.em,
      portsOf(app),
      request.staff,
      staffActor(request, request.staff),
      request.params.consultId,
      request.body.reason,
      now(),
    ),
  );

  app.operation('consoleEndConsult', async (request) =>
    endConsultByDoctor(
      app.em,
      portsOf(app),
      request.staff,
      staffActor(request, request.staff),
      request.params.consultId,
      now(),
    ),
  );
}
