import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { IdentityError, createState, verifyState, type MessagingIdentity } from '../../../providers/wechat/identity';
import type { Providers } from '../../../providers/providers';
import { WechatApiError } from '../../../providers/wechat/wechat-http';
import type { Customer } from '../customer/customer.entity';
import { CustomerRepository } from '../customer/customer.repository';
import { issueSession, revokeSession, type SessionContext } from '../session/session.service';
import type { SessionCache } from '../session/session.cache';

/** An OAuth state is good for ten minutes: long enough to approve, short enough not to be replayed later. */
const STATE_TTL_MS = 10 * 60 * 1000;

export interface SignInContext {
  ip: string;
  userAgent: string | undefined;
  ttlMs: number;
  imgDomain: string;
}

/** Where the browser goes for a login code, with a signed state to check on the way back. */
export function authorizeUrl(providers: Providers, redirectUri: string) {
  const state = createState(providers.sessionSecret, providers.clock().getTime(), STATE_TTL_MS);
  return { provider: providers.identity.name, url: providers.identity.authorizeUrl(redirectUri, state), state };
}

async function exchange(providers: Providers, code: string): Promise<MessagingIdentity> {
  try {
    return await providers.identity.exchangeCode(code);
  } catch (error) {
    if (error instanceof IdentityError) {
      if (error.reason === 'invalid_code' || error.reason === 'code_used') {
        throw new AppError(ErrorCodes.badRequest, '登录凭证已失效，请重新进入');
      }
      throw new AppError(ErrorCodes.unavailable, '登录服务暂不可用，请稍后再试', 503);
    }
    throw error;
  }
}

/** Finds the customer of an identity, creating a visitor at first sign-in. */
async function customerFor(em: Db, identity: MessagingIdentity, sourceId: number): Promise<Customer> {
  const repo = new CustomerRepository(em);
  const existing = await repo.findByOpenid(identity.openid);
  if (existing) {
    existing.unionid ??= identity.unionid;
    if (existing.registeredAt === null) {
      // A visitor's profile still mirrors the messaging app; a registered one is the user's own.
      existing.nickname = identity.nickname.slice(0, 32);
      existing.headimgurl = identity.headimgurl.slice(0, 512);
      existing.sex = identity.sex;
    }
    await repo.save();
    return existing;
  }
  // Two first sign-ins at once: the repository answers the row the other request created.
  return repo.createOnce({
    openid: identity.openid,
    unionid: identity.unionid,
    sourceId,
    nickname: identity.nickname.slice(0, 32),
    headimgurl: identity.headimgurl.slice(0, 512),
    sex: identity.sex,
    inviteCode: await repo.newInviteCode(),
  });
}

/** Exchanges a login code for a session (spec: GET /wechat/v1/getHtmlAccessToken); CLIENT_RATE_LIMITS caps sign-ins per client. */
export async function signIn(
  em: Db,
  providers: Providers,
  input: { code: string; state?: string; sourceId: number },
  context: SignInContext,
) {
  const now = providers.clock();
  // The messaging app redirects back with our state; the local provider has no round trip to forge.
  if (
    providers.identity.name === 'wechat' &&
    !(input.state && verifyState(providers.sessionSecret, input.state, now.getTime()))
  ) {
    throw new AppError(ErrorCodes.badRequest, '登录状态已失效，请重新进入');
  }
  const identity = await exchange(providers, input.code);
  const customer = await customerFor(em, identity, input.sourceId);
  const session = await issueSession(em, customer.id, {
    now,
    ttlMs: context.ttlMs,
    userAgent: context.userAgent,
    ip: context.ip,
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    openid: customer.openid,
    nickname: customer.nickname,
    headimgurl: customer.headimgurl,
    sex: customer.sex as 0 | 1 | 2,
    unionid: customer.unionid ?? null,
    imgDomain: context.imgDomain,
  };
}

/** The user-auth call after sign-in (spec: POST /login/v1/auth). */
export function authStatus(session: SessionContext, claimedOpenid: string | undefined, wantCid: boolean) {
  if (claimedOpenid !== undefined && claimedOpenid !== session.openid) {
    throw new AppError(ErrorCodes.forbidden, '登录信息不一致，请重新进入', 403);
  }
  return {
    // Following the official account cannot be checked without its server API; see
    // docs/adr/0008-sign-in-providers-visitors-and-sessions.md.
    subscribe: '1' as const,
    customerId: wantCid ? session.customerId : null,
    isAuth: session.registered ? ('1' as const) : ('0' as const),
  };
}

/** Replaces the current token with a fresh one (spec: silent re-auth). */
export async function renewSession(
  em: Db,
  providers: Providers,
  session: SessionContext,
  context: Omit<SignInContext, 'imgDomain'>,
  cache?: SessionCache,
) {
  const now = providers.clock();
  await revokeSession(em, session.sessionId, now, cache);
  const fresh = await issueSession(em, session.customerId, {
    now,
    ttlMs: context.ttlMs,
    userAgent: context.userAgent,
    ip: context.ip,
  });
  return { token: fresh.token, expiresAt: fresh.expiresAt.toISOString() };
}

/**
 * The messaging app's JS-SDK permission for one page address (spec: getWxJsConfig). Outside the
 * messaging app (local provider) there is nothing to sign and the answer says so.
 */
export async function jsSdkConfig(providers: Providers, currentUrl: string) {
  if (!providers.jsSdk) {
    return { enabled: false, appId: null, timestamp: null, nonceStr: null, signature: null };
  }
  try {
    return { enabled: true, ...(await providers.jsSdk.getConfig(currentUrl)) };
  } catch (error) {
    if (error instanceof TypeError) {
      throw new AppError(ErrorCodes.badRequest, '页面地址不正确');
    }
    if (error instanceof WechatApiError) {
      throw new AppError(ErrorCodes.unavailable, '微信服务暂不可用，请稍后再试', 503);
    }
    throw error;
  }
}
