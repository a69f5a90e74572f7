import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GATEWAY_TOKEN_HEADER, tokensEqual } from '@glucoguard/ingestion';
import type { AppConfig } from '../../../config';
import { unauthenticated } from '../../../lib/errors';
import { authenticateMeter, emqxAuthenticate, emqxAuthorize, storeMeterMessages } from './ingestion.service';

/** A batch of messages may carry up to a few hundred payloads of up to 64 KiB each. */
const READINGS_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The internal endpoints the device gateway (or an ingestion worker) checks meters and stores
 * readings through, with @glucoguard/ingestion's HttpMeterStore. They sit in a scope of their own
 * whose first hook checks the gateway token, so nothing about them (not even validation messages)
 * answers a caller without it.
 */
export function ingestionRoutes(app: FastifyInstance, config: Pick<AppConfig, 'gatewayToken'>) {
  const now = () => app.providers.clock();

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
