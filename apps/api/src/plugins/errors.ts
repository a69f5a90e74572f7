import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes } from '../lib/errors';
import { describeError, internalMessage } from '../lib/error-answer';
import { MAX_JSON_DEPTH, MAX_URL_LENGTH, badRequest, checkNoNul, jsonDepthExceeds } from '../lib/request-policy';

function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, code, errMsg, data } = describeError(error, request);
  return reply.status(status).send({ code, errMsg, data: data ?? null, requestId: String(request.id) });
}

/**
 * Maps every failure to the envelope: never a stack trace, never a bare 500, and the handler
 * itself never throws (whatever was thrown, even a non-Error, still gets an envelope).
 */
export default fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      try {
        const safe = (typeof error === 'object' && error !== null ? error : new Error(String(error))) as FastifyError;
        return handle(safe, request, reply);
      } catch (failure) {
        try {
          request.log.error({ err: failure }, 'the error handler failed');
        } catch {
          // Logging is best effort here.
        }
        return reply
          .status(500)
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify({
              code: ErrorCodes.internal,
              errMsg: internalMessage(request),
              data: null,
              requestId: String(request.id),
            }),
          );
      }
    });

    // A request target longer than the API reads answers 414 before anything else runs.
    app.addHook('onRequest', (request, _reply, done) => {
      done(request.url.length > MAX_URL_LENGTH ? new AppError(ErrorCodes.badRequest, '请求地址过长', 414) : undefined);
    });

    // JSON bodies: nesting is capped before parsing (one pass over the text, no recursion),
    // then Fastify's own parser (with its prototype-poisoning checks) reads them.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
        done(badRequest(`请求体嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`), undefined);
        return;
      }
      void parseJson(request, body as string, done);
    });

    // NUL characters are refused in the path, the query and the body, before validation.
    // Synchronous and iterative: a bodiless GET only looks at its few parameters.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        checkNoNul(request);
        done();
      } catch (refusal) {
        done(refusal as Error);
      }
    });
  },
  { name: 'errors' },
);
