import type { FastifyInstance } from 'fastify';
import { customerVo } from './customer.view';
import {
  editProfile,
  messageSettings,
  registeredCustomer,
  updateMessageSettings,
  updatePhone,
} from './customer.service';
import { getLocation, updateLocation } from './customerLocation.service';
import { servicePackageOf } from './servicePackage';

export function customerRoutes(app: FastifyInstance) {
  app.operation('editCustomer', async (request) =>
    customerVo(
      await editProfile(app.em, request.session, request.body, app.providers.clock(), app.providers.sessionSecret),
    ),
  );

  app.operation('updatePhone', async (request) => {
    const input = { phone: request.body.phone.trim(), validCode: request.body.validCode.trim() };
    return customerVo(
      await updatePhone(app.em, { secret: app.providers.sessionSecret }, request.session, input, app.providers.clock()),
    );
  });

  app.operation('getMsgSetting', async (request) => messageSettings(await registeredCustomer(app.em, request.session)));

  app.operation('getServicePackage', async (request) => {
    const view = servicePackageOf(await registeredCustomer(app.em, request.session), app.providers.clock());
    return { ...view, serviceExpireDate: view.serviceExpireDate ? view.serviceExpireDate.toISOString() : null };
  });

  app.operation('updateMsgSetting', async (request) =>
    messageSettings(await updateMessageSettings(app.em, request.session, request.body)),
  );

  app.operation('getLocation', async (request) => getLocation(app.em, request.session));

  app.operation('updateLocation', async (request) =>
    updateLocation(app.em, app.providers.geocoder, request.session, request.body),
  );
}
