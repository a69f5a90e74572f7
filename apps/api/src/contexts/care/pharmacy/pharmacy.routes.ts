import type { FastifyInstance } from 'fastify';
import { pageQueryInternetDrugstore, queryStoreAddressByLocation, storeUrl } from './pharmacy.service';
import { consolePharmacyRoutes } from './pharmacyConsole.routes';

/** Pharmacies and online stores (spec 3 §2.3, §7): any signed-in user may browse them; operators manage them. */
export function pharmacyRoutes(app: FastifyInstance) {
  app.operation('queryStoreAddressByLocation', async (request) => queryStoreAddressByLocation(app.em, request.query));

  app.operation('pageQueryInternetDrugstore', async (request) => pageQueryInternetDrugstore(app.em, request.query));

  app.operation('storeUrl', async (request) => storeUrl(app.em, request.query.storeCode));

  // The operator's side in the console.
  consolePharmacyRoutes(app);
}
