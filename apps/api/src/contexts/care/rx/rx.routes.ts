import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { myAdvice, myAdviceOfSession, myDiagnosisPlan, myPrescription, pageMyRx } from './rx.patient';

/** The patient's prescriptions and advice (tag `rx`): registered customers, their own only. */
export function rxRoutes(app: FastifyInstance) {
  app.operation('rxPagedQueryList', async (request) =>
    pageMyRx(app.em, registeredCustomerId(request.session), request.query),
  );

  app.operation('rxQueryById', async (request) =>
    myPrescription(
      app.em,
      registeredCustomerId(request.session),
      request.query.infoId,
      app.providers.sessionSecret,
      app.providers.clock(),
    ),
  );

  app.operation('rxQueryAdviceById', async (request) =>
    myAdvice(app.em, registeredCustomerId(request.session), request.query.infoId),
  );

  app.operation('rxQueryAdviceBySession', async (request) =>
    myAdviceOfSession(app.em, registeredCustomerId(request.session), request.query.sessionId),
  );

  app.operation('rxQueryDiagnosisPlan', async (request) =>
    myDiagnosisPlan(app.em, registeredCustomerId(request.session), request.query.id, request.query.type),
  );
}
