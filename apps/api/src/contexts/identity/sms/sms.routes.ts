import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { notFound } from '../../../lib/errors';
import { isLocalOutbox } from '../../../providers/sms/config';
import { requestCode, verifyCode } from './smsCode.service';

export function smsRoutes(app: FastifyInstance, config: AppConfig) {
  const deps = () => ({ sender: app.providers.sms, secret: app.providers.sessionSecret });

  app.operation('getSmsCode', async (request) =>
    requestCode(app.em, deps(), {
      phone: request.body.phone.trim(),
      purpose: request.body.purpose ?? 'register',
      clientIp: request.ip,
      now: app.providers.clock(),
    }),
  );

  app.operation('checkCaptcha', async (request) => {
    const { phone, validCode, purpose } = request.body;
    await verifyCode(app.em, deps(), {
      phone: phone.trim(),
      purpose: purpose ?? 'register',
      code: validCode.trim(),
      now: app.providers.clock(),
      consume: false,
    });
    return { ok: true as const };
  });

  // The outbox exists only with the local provider, and never in a production configuration.
  app.operation('getSmsOutbox', async (request) => {
    const sender = app.providers.sms;
    if (config.env === 'production' || !isLocalOutbox(sender)) {
      throw notFound(`接口不存在：GET /api/dev/v1/smsOutbox`);
    }
    return sender
      .list(request.query.phone.trim())
      .map((m) => ({ phone: m.phone, code: m.code, text: m.text, sentAt: m.sentAt.toISOString() }));
  });
}
