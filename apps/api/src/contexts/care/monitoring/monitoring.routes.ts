import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { staffActor } from '../../identity';
import {
  consultMonitorPlans,
  issueMonitorPlan,
  myLatestMonitorPlan,
  myMonitorPlan,
  pageMyMonitorPlans,
} from './monitoring.service';

/** The patient's monitoring plans (tag `monitoring`): registered customers, their own only. */
export function monitoringRoutes(app: FastifyInstance) {
  app.operation('monitorPlanQueryById', async (request) =>
    myMonitorPlan(app.em, registeredCustomerId(request.session), request.query.monitorId, app.providers.clock()),
  );

  app.operation('monitorPlanLatest', async (request) =>
    myLatestMonitorPlan(app.em, registeredCustomerId(request.session), app.providers.clock()),
  );

  app.operation('monitorPlanList', async (request) =>
    pageMyMonitorPlans(app.em, registeredCustomerId(request.session), request.body),
  );
}

/** The doctor's monitoring plans beside a consultation (permission `consult.own`, audited). */
export function consoleMonitoringRoutes(app: FastifyInstance) {
  app.operation('consoleIssueMonitorPlan', async (request) =>
    issueMonitorPlan(
      app.em,
      request.staff,
      staffActor(request, request.staff),
      request.params.consultId,
      request.body,
      app.providers.clock(),
    ),
  );

  app.operation('consoleConsultMonitorPlans', async (request) =>
    consultMonitorPlans(
      app.em,
      request.staff,
      staffActor(request, request.staff),
      request.params.consultId,
      app.providers.clock(),
    ),
  );
}
