import type { FastifyInstance } from 'fastify';
import {
  bindDeviceForCustomer,
  deviceKindList,
  deviceList,
  renameDevice,
  unbindDeviceForCustomer,
} from './meter.service';

/** The binding screens (spec 2 §2.17): every call acts on the session's customer only. */
export function meterRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('queryDeviceKindList', async () => deviceKindList());
  app.operation('queryDeviceList', async (request) => deviceList(app.em, request.session.customerId));
  app.operation('bindDevice', async (request) =>
    bindDeviceForCustomer(app.em, request.session.customerId, request.body, now()),
  );
  app.operation('editDevice', async (request) => renameDevice(app.em, request.session.customerId, request.body));
  app.operation('unbindDevice', async (request) =>
    unbindDeviceForCustomer(app.em, request.session.customerId, request.body.id, now()),
  );
}
