import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { staffActor } from '../../identity';
import {
  clientWebhookDeliveries,
  consoleWebhookDeliveries,
  consoleWebhooks,
  createWebhook,
  deleteWebhook,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookRules,
} from './webhook.service';
import { setWebhookTargetPolicy } from './webhook.targets';

/**
 * Webhook subscriptions: a client's own (tag `openWebhooks`, its client-credentials token) and the
 * console's view of every client's with replay (tag `consoleOpenWebhooks`, permission open.clients).
 */
export function webhookRoutes(app: FastifyInstance, config: Pick<AppConfig, 'env'>) {
  const now = () => app.providers.clock();
  const rules: WebhookRules = { allowLoopbackHttp: config.env !== 'production' };
  // Deliveries follow the same rule: loopback receivers only outside production (webhook.targets.ts).
  setWebhookTargetPolicy({ allowLoopback: rules.allowLoopbackHttp });

  app.operation('openListWebhooks', async (request) => listWebhooks(app.em, request.client, now()));
  app.operation('openCreateWebhook', async (request) =>
    createWebhook(app.em, request.client, request.body, rules, now()),
  );
  app.operation('openUpdateWebhook', async (request) =>
    updateWebhook(app.em, request.client, request.params.subscriptionId, request.body, rules, now()),
  );
  app.operation('openDeleteWebhook', async (request) =>
    deleteWebhook(app.em, request.client, request.params.subscriptionId),
  );
  app.operation('openRotateWebhookSecret', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header.join(',') : header;
    const { answer, replayed } = await rotateWebhookSecret(
      app.em,
      request.client,
      request.params.subscriptionId,
      now(),
      key,
    );
    if (replayed) {
      void reply.header('Idempotency-Replayed', 'true');
    }
    return answer;
  });
  app.operation('openWebhookDeliveries', async (request) => {
    const { status, page = 1, pageSize = 20 } = request.query;
    return clientWebhookDeliveries(app.em, request.client, request.params.subscriptionId, { status, page, pageSize });
  });

  app.operation('consoleOpenWebhooks', async (request) => {
    const { clientId, pageNo = 1, pageSize = 20 } = request.query;
    return consoleWebhooks(app.em, { clientId, pageNo, pageSize }, now());
  });
  app.operation('consoleOpenWebhookDeliveries', async (request) => {
    const { status, pageNo = 1, pageSize = 20 } = request.query;
    return consoleWebhookDeliveries(
      app.em,
      staffActor(request, request.staff),
      request.params.subscriptionId,
      { status, pageNo, pageSize },
      now(),
    );
  });
  app.operation('consoleReplayOpenDelivery', async (request) =>
    replayDelivery(app.em, staffActor(request, request.staff), request.params.deliveryId, now()),
  );
}
