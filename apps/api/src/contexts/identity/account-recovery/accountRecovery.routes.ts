import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { recoverAccount } from './accountRecovery.service';
import { deviceKeyAccount } from './deviceKeyAccount.service';

/** Getting an account back by SMS, and naming the account behind a device-key link (issue 15 B, D). */
export function accountRecoveryRoutes(app: FastifyInstance, config: AppConfig) {
  app.operation('recoverAccount', async (request) =>
    recoverAccount(
      app.em,
      { secret: app.providers.sessionSecret },
      request.session,
      { phone: request.body.phone.trim(), validCode: request.body.validCode.trim() },
      {
        ip: request.ip,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
        ttlMs: config.sessionTtlMs,
        imgDomain: config.imgDomain,
      },
      app.providers.clock(),
      app.sessionCache,
    ),
  );

  app.operation('deviceKeyAccount', async (request) =>
    deviceKeyAccount(app.em, app.providers, request.body.deviceKey, request.ip),
  );
}
