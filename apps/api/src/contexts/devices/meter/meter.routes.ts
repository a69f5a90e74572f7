import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { unauthenticated } from '../../lib/errors';
import type { SessionContext } from '../session/session.service';
import {
  authenticateMeter,
  bindDeviceForCustomer,
  emqxAuthenticate,
  emqxAuthorize,
  deviceKindList,
  deviceList,
  renameDevice,
  storeMeterMessages,
  unbindDeviceForCustomer,
} from './device.service';
import { tokensEqual } from './device.secret';

/** The header the device gateway (or an ingestion worker) proves itself with. */
export const GATEWAY_TOKEN_HEADER = 'x-gateway-token';

/** A batch of messages may carry up to a few hundred payloads of up to 64 KiB each. */
const READINGS_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The internal endpoints the device gateway stores readings through. They sit in a scope of their
 * own whose first hook checks the gateway token, so nothing about them (not even validation
 * messages) answers a caller without it.
 */
const customerOf = (session: SessionContext | null) => (session as SessionContext).customerId;

export function deviceRoutes(app: FastifyInstance, config: Pick<AppConfig, 'gatewayToken'>) {
  const now = () => app.providers.clock();

  // The binding screens (spec 2 §2.17): every call acts on the session's customer only.
  app.operation('queryDeviceKindList', async () => deviceKindList());
  app.operation('queryDeviceList', async (request) => deviceList(app.em, customerOf(request.session)));
  app.operation('bindDevice', async (request) =>
    bindDeviceForCustomer(app.em, customerOf(request.session), request.body, now()),
  );
  app.operation('editDevice', async (request) => renameDevice(app.em, customerOf(request.session), request.body));
  app.operation('unbindDevice', async (request) =>
    unbindDeviceForCustomer(app.em, customerOf(request.session), request.body.id, now()),
  );

  void app.register(async (internal: FastifyInstance) => {
    internal.addHook('onRequest', async (request: FastifyRequest) => {
      const token = request.headers[GATEWAY_TOKEN_HEADER];
      if (typeof token !== 'string' || !tokensEqual(token, config.gatewayToken)) {
        throw unauthenticated('网关令牌无效');
      }
    });

    internal.operation('meterAuth', async (request) => authenticateMeter(app.em, request.body, now()));

    // EMQX's HTTP authenticator and authorizer (docs/device-protocol.md §9), answered in EMQX's shape.
    internal.operation('emqxAuthenticate', async (request) => emqxAuthenticate(app.em, request.body, now()));
    internal.operation('emqxAuthorize', async (request) => emqxAuthorize(request.body));

    internal.operation(
      'storeMeterReadings',
      async (request) => ({ results: await storeMeterMessages(app.em, request.body.messages, now()) }),
      {
        bodyLimit: READINGS_BODY_LIMIT,
      },
    );
  });
}
