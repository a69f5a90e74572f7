import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCodes } from '../../../lib/errors';

const notYet = async (): Promise<never> => {
  throw new AppError(ErrorCodes.unavailable, '问诊服务即将开放', 503);
};

/** The patient's consultation calls (spec 3 §2.1, §4, §7; docs/consultation.md). */
export function consultRoutes(app: FastifyInstance) {
  app.operation('consultPay', notYet);
  app.operation('querySessionByUserIdAndCustomerId', notYet);
  app.operation('querySessionBySessionId', notYet);
  app.operation('consultPagedQueryList', notYet);
  app.operation('saveDiagnosticInfo', notYet);
  app.operation('consultCancel', notYet);
  app.operation('consultClose', notYet);
  app.operation('isUnUsedConsultOrder', notYet);
}

/** The doctor's consultation queue in the console (permission consult.own). */
export function consoleConsultRoutes(app: FastifyInstance) {
  app.operation('consoleConsults', notYet);
  app.operation('consoleConsult', notYet);
  app.operation('consoleAcceptConsult', notYet);
  app.operation('consoleRejectConsult', notYet);
  app.operation('consoleEndConsult', notYet);
}
