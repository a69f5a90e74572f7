import { AppError, ErrorCodes } from './errors';

/**
 * What a request knows about its caller once the token checked out. A shared-kernel type: the
 * identity context issues and resolves sessions, every context reads them (`request.session`).
 */
export interface SessionContext {
  sessionId: string;
  customerId: string;
  openid: string;
  registered: boolean;
}

/** The caller's customer id when the caller has registered; visitors are asked to register first. */
export function registeredCustomerId(session: SessionContext): string {
  if (!session.registered) {
    throw new AppError(ErrorCodes.forbidden, '请先注册', 403);
  }
  return session.customerId;
}
