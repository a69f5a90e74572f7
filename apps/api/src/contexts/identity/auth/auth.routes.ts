import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { assertSameOriginRedirect } from '../../../lib/public-origin';
import { CustomerRepository } from '../customer/customer.repository';
import { customerRatio, customerVo } from '../customer/customer.view';
import { revokeSession } from '../session/session.service';
import { authStatus, authorizeUrl, jsSdkConfig, renewSession, signIn } from './auth.service';

export function authRoutes(app: FastifyInstance, config: AppConfig) {
  const context = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    ttlMs: config.sessionTtlMs,
    imgDomain: config.imgDomain,
  });

  app.operation('getAuthorizeUrl', async (request) =>
    authorizeUrl(
      app.providers,
      assertSameOriginRedirect(request.query.redirectUri, config, `${request.protocol}://${request.host}`),
    ),
  );

  app.operation('getHtmlAccessToken', async (request) =>
    signIn(
      app.em,
      app.providers,
      { code: request.query.code, state: request.query.state, sourceId: request.query.sourceId ?? 4 },
      context(request),
    ),
  );

  app.operation('loginAuth', async (request) =>
    authStatus(request.session, request.body.openid, request.body.isGetCid ?? true),
  );

  app.operation('getCurrent', async (request) => {
    const customer = await new CustomerRepository(app.em).get(request.session.customerId);
    return {
      customerVo: customerVo(customer),
      imgDomain: config.imgDomain,
      ratio: request.query.ratio === 'yes' ? customerRatio(customer) : null,
      thirdAuthCode: customer.thirdAuthCode,
    };
  });

  app.operation('getByOpenid', async (request) => {
    const session = request.session;
    const registered = session.registered ? (1 as const) : (0 as const);
    return { customerId: session.customerId, isAuth: registered, userType: registered };
  });

  app.operation('renewSession', async (request) =>
    renewSession(app.em, app.providers, request.session, context(request), app.sessionCache),
  );

  app.operation('logout', async (request) => {
    await revokeSession(app.em, request.session.sessionId, app.providers.clock(), app.sessionCache);
    return { ok: true as const };
  });

  app.operation('getWxJsConfig', async (request) => jsSdkConfig(app.providers, request.query.currentUrl));
}
