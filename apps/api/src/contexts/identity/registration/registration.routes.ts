import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { bind, checkInvitation, doctorInviteCode, registerFull, registrationConfig } from './registration.service';

export function registrationRoutes(app: FastifyInstance, config: AppConfig) {
  const sms = () => ({ secret: app.providers.sessionSecret });
  const trimmed = <T extends { phone: string; validCode: string }>(body: T): T => ({
    ...body,
    phone: body.phone.trim(),
    validCode: body.validCode.trim(),
  });

  app.operation('getRegisterConfig', async (request) => registrationConfig(config, request.query.sourceId ?? 4));

  app.operation('registerBind', async (request) =>
    bind(app.em, sms(), request.session, trimmed(request.body), app.providers.clock(), 'bind'),
  );

  app.operation('registerSkip', async (request) =>
    bind(app.em, sms(), request.session, trimmed(request.body), app.providers.clock(), 'skip'),
  );

  app.operation('registerFull', async (request) =>
    registerFull(app.em, sms(), request.session, config, trimmed(request.body), app.providers.clock()),
  );

  app.operation('checkInvitation', async (request) => ({
    isChecked: await checkInvitation(app.em, request.session, request.body.inviteCode.trim()),
  }));

  app.operation('doctorByOpenid', async (request) => ({
    inviteCode: await doctorInviteCode(app.em, request.body.openid),
  }));
}
