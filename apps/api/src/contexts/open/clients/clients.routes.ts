import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import {
  consoleOpenClient,
  consoleOpenClientGrants,
  consoleOpenClients,
  createOpenClient,
  rotateOpenClientSecret,
  updateOpenClient,
} from './clients.service';

/**
 * The console's 应用接入 (tag `consoleOpen`, permission `open.clients`, admin only, audited): register
 * an integrator's OAuth client (the secret answered once), read, change, disable and rotate its secret,
 * and read its patients' grants (授权记录, masked).
 */
export function openClientRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consoleOpenClients', async (request) =>
    consoleOpenClients(app.em, staffActor(request, request.staff), request.query, now()),
  );
  app.operation('consoleOpenClientGrants', async (request) =>
    consoleOpenClientGrants(app.em, staffActor(request, request.staff), request.params.clientId, request.query, now()),
  );
  app.operation('consoleOpenClientCreate', async (request) =>
    createOpenClient(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleOpenClient', async (request) =>
    consoleOpenClient(app.em, staffActor(request, request.staff), request.params.clientId, now()),
  );
  app.operation('consoleOpenClientUpdate', async (request) =>
    updateOpenClient(app.em, staffActor(request, request.staff), request.params.clientId, request.body, now()),
  );
  app.operation('consoleOpenClientRotateSecret', async (request) =>
    rotateOpenClientSecret(app.em, staffActor(request, request.staff), request.params.clientId, now()),
  );
}
