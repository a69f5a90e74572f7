import type { FastifyInstance } from 'fastify';
import { createOpenReading, listOpenReadings, openProfile, openReport } from './openData.service';
import { provisionOpenDevices } from './provisioning.service';

/**
 * The integrators' /open/v1 operations of lane OPEN (tag `openData`): the consenting patient's
 * readings, profile and reports, and a meter maker's provisioning (the change feed's route is
 * changes/changes.routes.ts). The openapi plugin has checked the access token and its scopes;
 * `request.client` names the caller.
 */
export function openDataRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('openListReadings', async (request) => listOpenReadings(app.em, request.client, request.query));
  app.operation('openCreateReading', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header.join(',') : header;
    const { answer, replayed } = await createOpenReading(app.em, request.client, request.body, key, now());
    if (replayed) {
      void reply.header('Idempotency-Replayed', 'true');
    }
    return answer;
  });
  app.operation('openGetProfile', async (request) => openProfile(app.em, request.client));
  app.operation('openGetReport', async (request) => openReport(app.em, request.client, request.query, now()));
  app.operation('openProvisionDevices', async (request) =>
    provisionOpenDevices(app.em, request.client.clientId, request.body, now()),
  );
}
