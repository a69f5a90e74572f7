// The one mapping from a failed request to its answer (status, the envelope's code, the sentence a
// user reads), shared by the envelope's error handler and routes that answer in another protocol.
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes } from './errors';
import { describeValidationError } from './validation-message';

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

export const internalMessage = (request: FastifyRequest) =>
  `服务器开小差了，请稍后再试（请求编号 ${String(request.id)}）`;

/** What a failure answers: its HTTP status, the envelope's code and the sentence a user reads. */
export interface ErrorAnswer {
  status: number;
  code: number;
  errMsg: string;
  /** The envelope's `data` (null but for the codes that carry one). */
  data?: unknown;
}

/**
 * The one mapping from whatever a request failed with to its answer (logging what is not the
 * client's fault). The envelope's handler below sends it; a route that speaks another system's
 * protocol (the payment notify) sends the same answer in that protocol's shape.
 */
export function describeError(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, errMsg: error.errMsg, data: error.data };
  }
  if (error.validation) {
    const context = error.validationContext;
    const schemas = request.routeOptions.schema as Record<string, Record<string, unknown> | undefined> | undefined;
    const errMsg = describeValidationError(error.validation, context, context ? schemas?.[context] : undefined);
    return { status: 400, code: ErrorCodes.badRequest, errMsg };
  }
  const known = FRAMEWORK_MESSAGES[error.code];
  if (known) {
    return { status: known.status, code: ErrorCodes.badRequest, errMsg: known.errMsg };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, code: ErrorCodes.badRequest, errMsg: '请求体不是有效的 JSON' };
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    const mapped = CLIENT_STATUS[status] ?? { code: ErrorCodes.badRequest, errMsg: '请求有误' };
    return { status, ...mapped };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, code: ErrorCodes.internal, errMsg: internalMessage(request) };
}
