import { ACCOUNT_RECOVERY_MESSAGES, validateAccountRecovery } from '@glucoguard/domain';
import type { BodyOf } from '../../../lib/contract';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import { withSubjectLock, type Db } from '../../../lib/db';
import { CustomerRepository } from '../customer/customer.repository';
import { takeRateLimit } from '../../platform';
import { SessionRepository } from '../session/session.repository';
import { issueSession, type SessionContext } from '../session/session.service';
import type { SessionCache } from '../session/session.cache';
import { verifyCode, type SmsCodeDeps } from '../sms/smsCode.service';
import { AccountRecoveryRepository } from './accountRecovery.repository';

const DAY_MS = 24 * 3600 * 1000;

/** How often an account may be got back; attempts count whether or not the code was right. */
export const RECOVERY_POLICY = {
  attemptsPerAddressPerDay: 10,
  attemptsPerCallerPerDay: 5,
  movesPerAccountPerDay: 3,
} as const;

export interface RecoveryContext {
  ip: string;
  userAgent: string | undefined;
  ttlMs: number;
  imgDomain: string;
}

/** The openid a retired visitor account is left with: unique, and never one a provider issues. */
const retiredOpenid = (customerId: string) => `retired_${customerId.replaceAll('-', '')}`;

/**
 * Moves the account registered with a phone to the caller's sign-in (spec: none; issue 15 D).
 *
 * The caller is a visitor (no phone of its own) who signed in on a new phone, browser or
 * messaging-app account. The code sent to the phone proves control of it, which is what
 * registration already trusts. Then, in one transaction: the caller's visitor account gives up its
 * openid (retired, kept for the record), the phone's account takes it (with its unionid), every
 * session of both is revoked — the old device is signed out — and the move is recorded. A new
 * session of the recovered account is the answer. Sessions cached by API processes are dropped by
 * the revocation's notifications, and this process's own cache at once.
 */
export async function recoverAccount(
  em: Db,
  sms: Pick<SmsCodeDeps, 'secret'>,
  session: SessionContext,
  input: BodyOf<'recoverAccount'>,
  context: RecoveryContext,
  now: Date,
  cache?: SessionCache,
) {
  assertValid(validateAccountRecovery(input));
  const limit = (max: number) => [{ max, windowMs: DAY_MS, message: ACCOUNT_RECOVERY_MESSAGES.tooManyAttempts }];
  await takeRateLimit(em, 'recover', `ip:${context.ip}`, limit(RECOVERY_POLICY.attemptsPerAddressPerDay), now);
  await takeRateLimit(
    em,
    'recover',
    `customer:${session.customerId}`,
    limit(RECOVERY_POLICY.attemptsPerCallerPerDay),
    now,
  );

  const repo = new CustomerRepository(em);
  const caller = await repo.get(session.customerId);
  if (caller.registeredAt !== null) {
    // Moving another account onto a registered sign-in would leave this account without one.
    throw new AppError(ErrorCodes.conflict, ACCOUNT_RECOVERY_MESSAGES.callerRegistered, 409);
  }
  // The code first: without it the answer must not tell whether the phone is registered.
  await verifyCode(em, sms, { phone: input.phone, purpose: 'register', code: input.validCode, now, consume: true });
  const owner = await repo.findByPhone(input.phone);
  if (!owner) {
    throw new AppError(ErrorCodes.notFound, ACCOUNT_RECOVERY_MESSAGES.notRegistered, 404);
  }

  const moved = await withSubjectLock(em, `recover:${owner.id}`, async (tx) => {
    const since = new Date(now.getTime() - DAY_MS);
    if ((await new AccountRecoveryRepository(tx).countFor(owner.id, since)) >= RECOVERY_POLICY.movesPerAccountPerDay) {
      throw new AppError(ErrorCodes.tooManyRequests, ACCOUNT_RECOVERY_MESSAGES.movedTooOften, 429);
    }
    const fromOpenid = owner.openid;
    const toOpenid = caller.openid;
    // Two statements in this order: openid is unique, so the visitor lets go of it first.
    const customers = new CustomerRepository(tx);
    await customers.setVisitorSignIn(caller.id, retiredOpenid(caller.id), null);
    await customers.setSignIn(owner.id, toOpenid, caller.unionid ?? null);
    await new SessionRepository(tx).revokeAllOf([owner.id, caller.id], now);
    new AccountRecoveryRepository(tx).add({
      customerId: owner.id,
      fromOpenid,
      toOpenid,
      retiredCustomerId: caller.id,
      ip: context.ip.slice(0, 64),
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
    });
    const issued = await issueSession(tx, owner.id, {
      now,
      ttlMs: context.ttlMs,
      userAgent: context.userAgent,
      ip: context.ip,
    });
    return { issued, openid: toOpenid, unionid: caller.unionid ?? null };
  });
  // Other processes hear of it from the triggers; this one forgets both accounts' sessions now.
  cache?.changed(`c:${owner.id}`);
  cache?.changed(`c:${caller.id}`);
  return {
    token: moved.issued.token,
    expiresAt: moved.issued.expiresAt.toISOString(),
    openid: moved.openid,
    nickname: owner.nickname,
    headimgurl: owner.headimgurl,
    sex: owner.sex as 0 | 1 | 2,
    unionid: moved.unionid,
    imgDomain: context.imgDomain,
  };
}
