/** Envelope codes the API itself raises; the spec's business codes live beside them. */
export const ErrorCodes = {
  reauthRequired: 10001,
  badRequest: 40000,
  unauthenticated: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  tooManyRequests: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;

/**
 * An expected failure with a Chinese message for the user. Services throw it; the error
 * handler turns it into the envelope with the matching HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly errMsg: string,
    readonly statusCode: number = 400,
    /** The envelope's `data` for the few codes that carry one (50006: the open consultation). */
    readonly data: unknown = null,
  ) {
    super(errMsg);
    this.name = 'AppError';
  }
}

export const notFound = (errMsg = '数据不存在') => new AppError(ErrorCodes.notFound, errMsg, 404);
export const forbidden = (errMsg = '无权访问该数据') => new AppError(ErrorCodes.forbidden, errMsg, 403);
export const unauthenticated = (errMsg = '请先登录') => new AppError(ErrorCodes.unauthenticated, errMsg, 401);
