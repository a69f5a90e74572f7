import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import {
  consoleOnlineStores,
  consolePharmacies,
  consolePharmacy,
  createOnlineStore,
  createPharmacy,
  pharmacyStock,
  setPharmacyStock,
  updateOnlineStore,
  updatePharmacy,
} from './pharmacyConsole.service';

/**
 * An operator's pharmacies, their stock and the online stores (tag `consolePharmacy`, permission
 * `pharmacy.manage`); every change is written to the audit trail with the operator as the actor.
 */
export function consolePharmacyRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consolePharmacies', async (request) => {
    const { pageNo = 1, pageSize = 10, ...filter } = request.query;
    return consolePharmacies(app.em, { ...filter, pageNo, pageSize });
  });
  app.operation('consolePharmacy', async (request) => consolePharmacy(app.em, request.params.pharmacyId));
  app.operation('consoleCreatePharmacy', async (request) =>
    createPharmacy(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleUpdatePharmacy', async (request) =>
    updatePharmacy(app.em, staffActor(request, request.staff), request.params.pharmacyId, request.body, now()),
  );
  app.operation('consolePharmacyStock', async (request) => pharmacyStock(app.em, request.params.pharmacyId));
  app.operation('consoleSetPharmacyStock', async (request) =>
    setPharmacyStock(app.em, staffActor(request, request.staff), request.params.pharmacyId, request.body.items, now()),
  );

  app.operation('consoleOnlineStores', async (request) =>
    consoleOnlineStores(app.em, request.query.pageNo ?? 1, request.query.pageSize ?? 10),
  );
  app.operation('consoleCreateOnlineStore', async (request) =>
    createOnlineStore(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleUpdateOnlineStore', async (request) =>
    updateOnlineStore(app.em, staffActor(request, request.staff), request.params.storeId, request.body, now()),
  );
}
