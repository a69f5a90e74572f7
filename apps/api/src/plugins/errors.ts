import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes } from '../lib/errors';
import { describeValidationError } from '../lib/validation-message';
import { MAX_JSON_DEPTH, MAX_URL_LENGTH, badRequest, checkNoNul, jsonDepthExceeds } from '../lib/request-policy';

const FRAMEWORK_MESSAGES: Record<string, { status: number; errMsg: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, errMsg: '请求体必须是 JSON 格式（Content-Type: application/json）' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, errMsg: '请求体不是有效的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, errMsg: '请求体不能为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, errMsg: '请求体过大' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, errMsg: '请求体长度与 Content-Length 不符' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, errMsg: '请求的 Content-Type 无效' },
  FST_ERR_CTP_INVALID_HEADER: { status: 415, errMsg: '请求的 Content-Type 无效' },
  FST_ERR_PROTO_POISONING: { status: 400, errMsg: '请求体包含不允许的字段' },
  FST_ERR_CONSTRUCTOR_POISONING: { status: 400, errMsg: '请求体包含不允许的字段' },
};

/** Other client errors by their HTTP status: the envelope's code and a plain sentence. */
const CLIENT_STATUS: Record<number, { code: number; errMsg: string }> = {
  401: { code: ErrorCodes.unauthenticated, errMsg: '请先登录' },
  403: { code: ErrorCodes.forbidden, errMsg: '无权访问该数据' },
  404: { code: ErrorCodes.notFound, errMsg: '数据不存在' },
  413: { code: ErrorCodes.badRequest, errMsg: '请求体过大' },
  414: { code: ErrorCodes.badRequest, errMsg: '请求地址过长' },
  415: { code: ErrorCodes.badRequest, errMsg: '请求的 Content-Type 不受支持' },
  429: { code: ErrorCodes.tooManyRequests, errMsg: '操作太频繁，请稍后再试' },
};

function send(reply: FastifyReply, status: number, code: number, errMsg: string) {
  return reply.status(status).send({ code, errMsg, data: null, requestId: String(reply.request.id) });
}

const internalMessage = (request: FastifyRequest) => `服务器开小差了，请稍后再试（请求编号 ${String(request.id)}）`;

function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return send(reply, error.statusCode, error.code, error.errMsg);
  }
  if (error.validation) {
    const context = error.validationContext;
    const schemas = request.routeOptions.schema as Record<string, Record<string, unknown> | undefined> | undefined;
    const errMsg = describeValidationError(error.validation, context, context ? schemas?.[context] : undefined);
    return send(reply, 400, ErrorCodes.badRequest, errMsg);
  }
  const known = FRAMEWORK_MESSAGES[error.code];
  if (known) {
    return send(reply, known.status, ErrorCodes.badRequest, known.errMsg);
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return send(reply, 400, ErrorCodes.badRequest, '请求体不是有效的 JSON');
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    const mapped = CLIENT_STATUS[status] ?? { code: ErrorCodes.badRequest, errMsg: '请求有误' };
    return send(reply, status, mapped.code, mapped.errMsg);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, ErrorCodes.internal, internalMessage(request));
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
