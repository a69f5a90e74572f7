import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes } from '../lib/errors';
import { describeValidationError } from '../lib/validation-message';

const FRAMEWORK_MESSAGES: Record<string, { status: number; errMsg: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, errMsg: '请求体必须是 JSON 格式（Content-Type: application/json）' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, errMsg: '请求体不是有效的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, errMsg: '请求体不能为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, errMsg: '请求体过大' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, errMsg: '请求体长度与 Content-Length 不符' },
};

function send(reply: FastifyReply, status: number, code: number, errMsg: string) {
  return reply.status(status).send({ code, errMsg, data: null, requestId: String(reply.request.id) });
}

/** Maps every failure to the envelope: never a stack trace, never a bare 500. */
export default fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        return send(reply, error.statusCode, error.code, error.errMsg);
      }
      if (error.validation) {
        const errMsg = describeValidationError(error.validation, error.validationContext);
        return send(reply, 400, ErrorCodes.badRequest, errMsg);
      }
      const known = FRAMEWORK_MESSAGES[error.code];
      if (known) {
        return send(reply, known.status, ErrorCodes.badRequest, known.errMsg);
      }
      if (error instanceof SyntaxError && error.statusCode === 400) {
        return send(reply, 400, ErrorCodes.badRequest, '请求体不是有效的 JSON');
      }
      if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, error.statusCode, ErrorCodes.badRequest, '请求有误');
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, ErrorCodes.internal, `服务器开小差了，请稍后再试（请求编号 ${String(request.id)}）`);
    });
  },
  { name: 'errors' },
);
