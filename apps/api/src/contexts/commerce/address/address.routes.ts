import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import {
  addAddress,
  defaultAddress,
  deleteAddress,
  editAddress,
  listAddresses,
  setDefaultAddress,
} from './address.service';

/** Delivery addresses (tag `address`): registered customers, their own addresses only. */
export function addressRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('addressList', async (request) =>
    listAddresses(app.em, registeredCustomerId(request.session), request.query),
  );
  app.operation('addressGetDefault', async (request) => defaultAddress(app.em, registeredCustomerId(request.session)));
  app.operation('addressAdd', async (request) =>
    addAddress(app.em, registeredCustomerId(request.session), request.body, now()),
  );
  app.operation('addressEdit', async (request) =>
    editAddress(app.em, registeredCustomerId(request.session), request.body, now()),
  );
  app.operation('addressSetDefault', async (request) =>
    setDefaultAddress(app.em, registeredCustomerId(request.session), request.body.addressId, now()),
  );
  app.operation('addressDel', async (request) =>
    deleteAddress(app.em, registeredCustomerId(request.session), request.body.addressId),
  );
}
