import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { describeScopes, isS256Challenge, OAUTH_RULES, parseScopeText, patientMayGrant } from '@glucoguard/domain';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { inTransaction, withSubjectLock, type Db } from '../../../lib/db';
import { registeredCustomerId, type SessionContext } from '../../../lib/session-context';
import { OPEN_MESSAGES } from '../../../lib/client-context';
import type { BodyOf, OperationId, QueryOf, SuccessOf } from '../../../lib/contract';
import { recordAudit } from '../../platform';
import { openEvents, type GrantRevoked } from '../open.events';
import { hashSecret } from './oauth.gate';
import type { OAuthClient, OAuthGrant } from './oauth.entity';
import { OAuthRepository } from './oauth.repository';

/** The envelope's data of an operation's answer. */
type DataOf<Id extends OperationId> = SuccessOf<Id> extends { data: infer D } ? D : never;

const bad = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg, 400);

/** A random opaque secret: a prefix and 32 random bytes in base64url. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Whether `secret` hashes to `hash`, compared in constant time. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** An authorization request as the consent page forwards it (the query of /oauth/authorize). */
type AuthorizeRequest = QueryOf<'oauthAuthorizeRequest'>;

interface CheckedRequest {
  customerId: string;
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string;
}

/**
 * Checks an authorization request before anything is shown or decided: the caller's own registered
 * account only, an enabled client allowed the code flow, the exact registered redirect URI, known
 * scopes the client may ask and a patient may grant, PKCE with S256. Every refusal is the envelope
 * (the page shows it); nothing is ever sent to an unchecked redirect URI.
 */
async function checkRequest(db: Db, session: SessionContext, query: AuthorizeRequest): Promise<CheckedRequest> {
  const customerId = registeredCustomerId(session);
  for (const named of [query.login_hint, query.patient]) {
    if (named !== undefined && named !== '' && named !== customerId) {
      throw forbidden(OPEN_MESSAGES.consentForOthers);
    }
  }
  const client = await new OAuthRepository(db).client(query.client_id);
  if (!client || client.disabled) {
    throw bad('应用不存在或已停用，请联系该应用的提供方');
  }
  if (!client.grantTypes.includes('authorization_code')) {
    throw bad('该应用未开通患者授权');
  }
  if (!client.redirectUris.includes(query.redirect_uri)) {
    throw bad('回调地址与应用登记的不一致，已停止授权');
  }
  if (query.response_type !== 'code') {
    throw bad('仅支持授权码模式（response_type=code）');
  }
  if (query.code_challenge_method !== 'S256') {
    throw bad('必须使用 PKCE（code_challenge_method=S256），不支持 plain');
  }
  if (!isS256Challenge(query.code_challenge)) {
    throw bad('code_challenge 格式不正确（应为 43 位 BASE64URL）');
  }
  const parsed = parseScopeText(query.scope);
  if (!parsed.ok) {
    throw bad(`不支持的权限：${parsed.unknown.join('、')}`);
  }
  if (parsed.scopes.length === 0) {
    throw bad('请指定要申请的权限（scope）');
  }
  const refused = parsed.scopes.filter((s) => !patientMayGrant(s) || !client.allowedScopes.includes(s));
  if (refused.length > 0) {
    throw bad(`该应用未获准申请这些权限：${refused.join('、')}`);
  }
  return {
    customerId,
    client,
    redirectUri: query.redirect_uri,
    scopes: parsed.scopes,
    state: query.state ?? null,
    codeChallenge: query.code_challenge,
  };
}

const clientSummary = (client: Pick<OAuthClient, 'id' | 'name' | 'organisation'>) => ({
  clientId: client.id,
  name: client.name,
  organisation: client.organisation,
});

/** What the consent screen shows: the app, its organisation, and each scope in plain Chinese. */
export async function consentRequest(
  db: Db,
  session: SessionContext,
  query: AuthorizeRequest,
): Promise<DataOf<'oauthAuthorizeRequest'>> {
  const checked = await checkRequest(db, session, query);
  return {
    client: clientSummary(checked.client),
    scopes: describeScopes(checked.scopes),
    redirectUri: checked.redirectUri,
    state: checked.state,
  };
}

/**
 * The registered redirect URI exactly as registered (never re-serialised: `new URL()` would add a
 * `/` path, lower-case the host or drop `:443`, and the consent page, RFC 6749 §3.1.2 and the client
 * all expect their own text back) with the answer's parameters added to its query.
 */
function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const present = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null);
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${new URLSearchParams(present).toString()}`;
}

/** Where a patient's request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

/**
 * The patient's decision. Approval records (or widens) the patient's grant to the client and issues
 * a single-use code bound to the client, redirect URI and challenge, and writes the consent to the
 * audit trail (`app.grant`, with the scopes) in the same transaction; denial answers access_denied
 * and records nothing. (Revocation is audited as `app.revoke` through PATIENT_AUDIT.)
 */
export async function decide(
  db: Db,
  session: SessionContext,
  body: BodyOf<'oauthAuthorize'>,
  now: Date,
  origin: RequestOrigin,
): Promise<DataOf<'oauthAuthorize'>> {
  const { approve, ...query } = body;
  const checked = await checkRequest(db, session, query);
  if (!approve) {
    return { redirectTo: redirectWith(checked.redirectUri, { error: 'access_denied', state: checked.state }) };
  }
  const code = newSecret('');
  await withSubjectLock(db, `oauth-grant:${checked.client.id}:${checked.customerId}`, async (tx) => {
    const repository = new OAuthRepository(tx);
    const live = await repository.liveGrant(checked.client.id, checked.customerId);
    let grantId: string;
    if (live) {
      grantId = live.id;
      await repository.widenGrant(
        live.id,
        describeScopes([...live.scopes, ...checked.scopes]).map((s) => s.scope),
        now,
      );
    } else {
      grantId = randomUUID();
      await repository.insertGrant({
        id: grantId,
        clientId: checked.client.id,
        customerId: checked.customerId,
        scopes: checked.scopes,
        now,
      });
    }
    await repository.insertCode({
      codeHash: hashSecret(code),
      clientId: checked.client.id,
      grantId,
      customerId: checked.customerId,
      redirectUri: checked.redirectUri,
      scopes: checked.scopes,
      codeChallenge: checked.codeChallenge,
      expiresAt: new Date(now.getTime() + OAUTH_RULES.authorizationCodeSeconds * 1000),
      createdAt: now,
    });
    await recordAudit(
      tx,
      { kind: 'customer', id: session.customerId, ...origin },
      {
        action: 'app.grant',
        patientId: checked.customerId,
        target: `client:${checked.client.id}`,
        detail: { grantId, scopes: checked.scopes },
      },
      now,
    );
  });
  return { redirectTo: redirectWith(checked.redirectUri, { code, state: checked.state }) };
}

function grantView(grant: OAuthGrant, client: OAuthClient | undefined) {
  return {
    grantId: grant.id,
    client: client ? clientSummary(client) : { clientId: grant.clientId, name: grant.clientId, organisation: '' },
    scopes: describeScopes(grant.scopes),
    createdAt: grant.createdAt.toISOString(),
    updatedAt: grant.updatedAt.toISOString(),
    revokedAt: grant.revokedAt ? grant.revokedAt.toISOString() : null,
  };
}

/** 授权管理: the caller's live grants, newest first (a visitor has none). */
export async function grantsOf(db: Db, session: SessionContext): Promise<DataOf<'oauthGrants'>> {
  if (!session.registered) {
    return { items: [] };
  }
  const repository = new OAuthRepository(db);
  const grants = await repository.liveGrantsOf(session.customerId);
  const clients = new Map(
    (await repository.clientsByIds([...new Set(grants.map((g) => g.clientId))])).map((c) => [c.id, c]),
  );
  return { items: grants.map((g) => grantView(g, clients.get(g.clientId))) };
}

/**
 * Ends a grant and every token of it in one transaction, publishing GrantRevoked there; false when
 * it was not live. Shared by the patient's 取消授权 and the client's RFC 7009 revocation.
 */
export async function endGrant(db: Db, grant: OAuthGrant, by: GrantRevoked['by'], now: Date): Promise<boolean> {
  const after = await inTransaction(db, async (tx) => {
    if (!(await new OAuthRepository(tx).revokeGrant(grant.id, now))) {
      return null;
    }
    return openEvents.publish(tx, 'GrantRevoked', [
      {
        type: 'GrantRevoked',
        grantId: grant.id,
        clientId: grant.clientId,
        customerId: grant.customerId,
        scopes: grant.scopes,
        by,
        at: now,
      },
    ]);
  });
  for (const then of after ?? []) {
    then();
  }
  return after !== null;
}

/** 取消授权: the patient ends one of their own grants; another's or an unknown one is 40400. */
export async function revokeGrantOf(
  db: Db,
  session: SessionContext,
  grantId: string,
  now: Date,
): Promise<DataOf<'oauthRevokeGrant'>> {
  const repository = new OAuthRepository(db);
  const grant = await repository.grant(grantId);
  if (!grant || grant.customerId !== session.customerId) {
    throw notFound('该授权不存在');
  }
  await endGrant(db, grant, 'patient', now);
  const [client] = await repository.clientsByIds([grant.clientId]);
  const revoked = await repository.grant(grantId);
  return grantView(revoked ?? grant, client);
}
