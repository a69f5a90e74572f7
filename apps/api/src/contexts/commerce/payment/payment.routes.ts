import type { FastifyError, FastifyInstance } from 'fastify';
import { describeError } from '../../../lib/error-answer';
import { LocalPaymentProvider } from '../../../providers/payment/local';
import { PAYMENT_NOTIFY_PATH } from '../../../providers/payment/config';
import { NotifyRefused } from '../../../providers/payment/payment';
import { recordAudit } from '../../platform';
import { staffActor } from '../../identity';
import {
  createDemoIntent,
  handlePaymentNotify,
  intentDetail,
  payLocally,
  PaymentRefused,
  paymentIntentOf,
  prepayIntent,
  requestRefund,
} from './payment.service';

const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The payment operations; the notify keeps its body as the raw text its signature covers. */
export function paymentRoutes(app: FastifyInstance) {
  const { payment: provider, clock } = app.providers;

  app.register((raw, _options, done) => {
    // Only in this scope: the notify's JSON stays a string until its signature holds.
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_req, body, next) => {
        next(null, body);
      },
    );
    // Whatever else refuses a notify (the request policy, a body over the limit, a failure) answers
    // in WeChat Pay's shape too, with the same status and sentence the envelope would carry.
    raw.setErrorHandler((error, request, reply) => {
      const { status, errMsg } = describeError(error as FastifyError, request);
      return reply.code(status).send({ code: 'FAIL', message: errMsg });
    });
    raw.operation('paymentNotify', async (request, reply) => {
      try {
        const result = await handlePaymentNotify(app.em, provider, request.headers, String(request.body), clock());
        request.log.info({ result }, 'payment notify applied');
        return reply.code(204).send();
      } catch (error) {
        if (error instanceof NotifyRefused) {
          request.log.warn({ reason: error.reason }, 'payment notify refused');
          return reply.code(401).send({ code: 'FAIL', message: error.reason });
        }
        if (error instanceof PaymentRefused) {
          request.log.warn({ reason: error.reason }, 'payment notify not applied');
          return reply.code(400).send({ code: 'FAIL', message: error.message });
        }
        throw error;
      }
    });
    done();
  });

  app.operation('paymentPrepay', async (request) =>
    prepayIntent(app.em, provider, request.session, request.body.intentId, clock()),
  );
  app.operation('paymentIntent', async (request) => paymentIntentOf(app.em, request.session, request.query.intentId));
  app.operation('createDemoPaymentIntent', async (request) =>
    createDemoIntent(app.em, provider, request.session, request.body, clock()),
  );
  app.operation('paymentLocalPay', async (request) =>
    payLocally(app.em, provider, request.session, request.body.intentId, request.body.action),
  );

  // The operator's console (tag consolePayment): every read and refund is audited with the payer as the patient.
  app.operation('consolePaymentIntent', async (request) => {
    const { intentId, outTradeNo } = request.query;
    const detail = await intentDetail(app.em, { intentId, outTradeNo });
    await recordAudit(
      app.em,
      staffActor(request, request.staff),
      { action: 'payment.read', patientId: detail.customerId, target: `payment:${detail.intentId}` },
      clock(),
    );
    return detail;
  });
  app.operation('consoleRefundPayment', async (request) => {
    const { intentId, refundCents, reason, requestKey } = request.body;
    const actor = staffActor(request, request.staff);
    const before = await intentDetail(app.em, { intentId });
    let refund;
    try {
      refund = await requestRefund(
        app.em,
        provider,
        { intentId, refundCents, reason, requestKey, requestedBy: `staff:${actor.id}` },
        clock(),
      );
    } finally {
      // The attempt is recorded whether it was refused or not.
      await recordAudit(
        app.em,
        actor,
        {
          action: 'payment.refund',
          patientId: before.customerId,
          target: `payment:${intentId}`,
          detail: { refundCents, requestKey, refundId: refund?.refundId ?? null, state: refund?.state ?? 'refused' },
        },
        clock(),
      );
    }
    return { refund, intent: await intentDetail(app.em, { intentId }) };
  });

  if (provider instanceof LocalPaymentProvider) {
    // The local provider's notifies take the road WeChat Pay's take: HTTP into the notify route.
    provider.deliverNotifiesTo(async (notify) => {
      const answer = await app.inject({
        method: 'POST',
        url: PAYMENT_NOTIFY_PATH,
        headers: notify.headers,
        payload: notify.body,
      });
      if (answer.statusCode !== 204) {
        throw new Error(`local payment notify answered ${answer.statusCode}: ${answer.body}`);
      }
    });
  }
}
