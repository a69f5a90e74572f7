import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import { CLIENT_CREDENTIALS_ONLY_SCOPES, isOpenScope, OAUTH_RULES, scopeText } from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from '../../../lib/client-context';
import type { SuccessOf } from '../../../lib/contract';
import { hashSecret, takeClientCall } from './oauth.gate';
import { OAuthRepository } from './oauth.repository';
import { endGrant, newSecret, secretMatches } from './oauth.service';

/**
 * The token endpoint and RFC 7009 revocation (docs/adr/0217-oauth-authorization-server.md). The
 * grant types themselves (RFC 6749's checks of the code, the client, the redirect URI, the PKCE
 * verifier, scope narrowing on refresh) are @node-oauth/oauth2-server's; its model below keeps
 * everything in our tables and adds what the library leaves to the model: opaque prefixed tokens
 * stored hashed, our clock, confidential clients only, refresh-token families with reuse detection
 * (RFC 9700 §4.14.2), a second use of a code revoking what the first issued (RFC 6749 §4.1.2), and
 * the per-client limit.
 */

export type TokenAnswer = SuccessOf<'oauthToken'>;

/** The grant types the token endpoint offers. */
const GRANT_TYPES: readonly string[] = ['authorization_code', 'refresh_token', 'client_credentials'];

/** An RFC 6749 §5.2 refusal, with a Chinese `error_description` and its HTTP status. */
export class OAuthRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    /** Headers the refusal carries (WWW-Authenticate for Basic, Retry-After for the limit). */
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthRefusal';
  }
}

/** The library's user: a patient's grant and token family, or the client itself. */
interface TokenUser {
  customerId: string | null;
  grantId: string | null;
  familyId: string | null;
}

/** A uuid derived from a code's hash: the family of the tokens its exchange starts. */
function familyOfCode(codeHash: string): string {
  const h = codeHash.slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The library checks expiry against the machine's clock; we decide with ours (tests move it), so it
 * is given the time left as measured by ours.
 */
const remaining = (expiresAt: Date, now: Date) => new Date(Date.now() + (expiresAt.getTime() - now.getTime()));

function describe(error: OAuth2Server.OAuthError): string {
  const message = error.message;
  switch (error.name) {
    case 'invalid_client':
      return '应用身份验证失败：client_id 或 client_secret 不正确，或应用已停用';
    case 'invalid_grant':
      if (message.includes('code verifier') || message.includes('`code_verifier`')) {
        return message.includes('Missing')
          ? '缺少 code_verifier：必须使用 PKCE'
          : 'code_verifier 与授权时的 code_challenge 不匹配';
      }
      if (message.includes('redirect_uri')) {
        return 'redirect_uri 与申请授权时的不一致';
      }
      return '授权码或刷新令牌无效、已过期、已被使用或已被撤销';
    case 'invalid_request':
      if (message.includes('code_verifier')) {
        return 'code_verifier 格式不正确（43-128 位，仅限字母、数字和 -._~）';
      }
      if (message.includes('redirect_uri')) {
        return 'redirect_uri 与申请授权时的不一致';
      }
      if (message.includes('client_secret')) {
        return '缺少 client_secret：请用 HTTP Basic 或请求体提供';
      }
      if (message.includes('client_id')) {
        return '缺少或无效的 client_id';
      }
      return `请求缺少必要参数或参数无效（${message.replace(/^[^:]*:\s*/, '')}）`;
    case 'unauthorized_client':
      return '该应用未获准使用此授权方式';
    case 'unsupported_grant_type':
      return '不支持的授权方式（grant_type）';
    case 'invalid_scope':
      return '申请的权限超出了应用或授权的范围';
    default:
      return '服务器开小差了，请稍后再试';
  }
}

/** Answers a token request: form fields (or JSON) and headers as they arrived. */
export async function issueToken(
  db: Db,
  body: Record<string, string | undefined>,
  headers: Record<string, string | string[] | undefined>,
  clock: () => Date,
): Promise<TokenAnswer> {
  // The library also knows the password grant; we offer only these three (docs/adr/0217).
  if (!GRANT_TYPES.includes(body.grant_type ?? '')) {
    throw new OAuthRefusal(400, 'unsupported_grant_type', '不支持的授权方式（grant_type）');
  }
  const now = clock();
  const repository = new OAuthRepository(db);
  /** Seconds the client must wait when over its per-minute limit. */
  let limited = 0;

  const model = {
    async getClient(clientId: string, clientSecret: string | undefined) {
      const client = await repository.client(clientId);
      // Confidential clients only: a client always proves its secret (PKCE is on top, not instead).
      if (!client || client.disabled || !clientSecret || !secretMatches(clientSecret, client.secretHash)) {
        return null;
      }
      limited = await takeClientCall(db, client.id, client.rateLimitPerMinute, now);
      if (limited > 0) {
        throw new OAuthRefusal(429, 'slow_down', '请求过于频繁，请稍后再试', { 'Retry-After': String(limited) });
      }
      return {
        id: client.id,
        grants: client.grantTypes,
        redirectUris: client.redirectUris,
        allowedScopes: client.allowedScopes,
      };
    },

    async generateAccessToken() {
      return newSecret(ACCESS_TOKEN_PREFIX);
    },

    async generateRefreshToken() {
      return newSecret(REFRESH_TOKEN_PREFIX);
    },

    async getAuthorizationCode(code: string) {
      const codeHash = hashSecret(code);
      const row = await repository.code(codeHash);
      if (!row) {
        return null;
      }
      if (row.usedAt) {
        // A code used twice: what its first exchange issued is revoked too (RFC 6749 §4.1.2).
        await repository.revokeFamily(familyOfCode(codeHash), now);
        return null;
      }
      const grant = await repository.grant(row.grantId);
      if (row.expiresAt <= now || !grant || grant.revokedAt) {
        return null;
      }
      return {
        authorizationCode: code,
        expiresAt: remaining(row.expiresAt, now),
        redirectUri: row.redirectUri,
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user: {
          customerId: row.customerId,
          grantId: row.grantId,
          familyId: familyOfCode(codeHash),
        } satisfies TokenUser,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: 'S256',
      };
    },

    async revokeAuthorizationCode(code: { authorizationCode: string }) {
      return repository.useCode(hashSecret(code.authorizationCode), now);
    },

    async getRefreshToken(refreshToken: string) {
      if (!refreshToken.startsWith(REFRESH_TOKEN_PREFIX)) {
        return null;
      }
      const row = await repository.token(hashSecret(refreshToken));
      if (!row || row.kind !== 'refresh' || row.revokedAt || row.expiresAt <= now) {
        return null;
      }
      if (row.rotatedAt) {
        // An already-rotated refresh token again: someone holds a stolen copy. The family ends.
        if (row.familyId) {
          await repository.revokeFamily(row.familyId, now);
        }
        return null;
      }
      return {
        refreshToken,
        refreshTokenExpiresAt: remaining(row.expiresAt, now),
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user: {
          customerId: row.customerId ?? null,
          grantId: row.grantId ?? null,
          familyId: row.familyId ?? null,
        } satisfies TokenUser,
      };
    },

    /** Rotation: the presented refresh token is spent. Two refreshes at once: the loser is a reuse. */
    async revokeToken(token: { refreshToken: string; user: TokenUser }) {
      const rotated = await repository.rotate(hashSecret(token.refreshToken), now);
      if (!rotated && token.user.familyId) {
        await repository.revokeFamily(token.user.familyId, now);
      }
      return rotated;
    },

    async getUserFromClient(): Promise<TokenUser> {
      return { customerId: null, grantId: null, familyId: null };
    },

    async validateScope(user: TokenUser, client: { allowedScopes: string[] }, scope: string[] | undefined) {
      if (user.grantId) {
        // A patient's code: its scopes were checked against the client when the patient approved.
        return scope && scope.every((s) => client.allowedScopes.includes(s)) ? scope : false;
      }
      // Client credentials: only the client's own scopes, never a patient's.
      const own = client.allowedScopes.filter((s) => CLIENT_CREDENTIALS_ONLY_SCOPES.some((o) => o === s));
      const asked = scope ?? own;
      return asked.every((s) => isOpenScope(s) && own.includes(s)) ? asked : false;
    },

    async saveToken(
      token: { accessToken: string; refreshToken?: string; scope?: string[] },
      client: { id: string },
      user: TokenUser,
    ) {
      const scopes = token.scope ?? [];
      const access = new Date(now.getTime() + OAUTH_RULES.accessTokenSeconds * 1000);
      const refresh = new Date(now.getTime() + OAUTH_RULES.refreshTokenDays * 24 * 60 * 60 * 1000);
      // Client credentials carry no refresh token and no family.
      const familyId = user.grantId ? (user.familyId ?? randomUUID()) : null;
      await inTransaction(db, async (tx) => {
        const rows = new OAuthRepository(tx);
        const shared = {
          clientId: client.id,
          grantId: user.grantId,
          customerId: user.customerId,
          familyId,
          scopes,
          createdAt: now,
        };
        await rows.insertToken({
          ...shared,
          tokenHash: hashSecret(token.accessToken),
          kind: 'access',
          expiresAt: access,
        });
        if (token.refreshToken && user.grantId) {
          await rows.insertToken({
            ...shared,
            tokenHash: hashSecret(token.refreshToken),
            kind: 'refresh',
            expiresAt: refresh,
          });
        }
      });
      return {
        accessToken: token.accessToken,
        accessTokenExpiresAt: access,
        ...(token.refreshToken && user.grantId && { refreshToken: token.refreshToken, refreshTokenExpiresAt: refresh }),
        scope: scopes,
        client: { id: client.id, grants: [] },
        user,
      };
    },
  };

  const server = new OAuth2Server({
    model: model as unknown as OAuth2Server.ServerOptions['model'],
    accessTokenLifetime: OAUTH_RULES.accessTokenSeconds,
    refreshTokenLifetime: OAUTH_RULES.refreshTokenDays * 24 * 60 * 60,
    alwaysIssueNewRefreshToken: true,
    requireClientAuthentication: { authorization_code: true, refresh_token: true, client_credentials: true },
  });
  const request = new OAuth2Server.Request({
    method: 'POST',
    query: {},
    // The library reads form fields; a JSON body carries the same fields.
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '1' },
    body,
  });
  try {
    const token = await server.token(request, new OAuth2Server.Response());
    return {
      access_token: token.accessToken,
      token_type: 'Bearer',
      expires_in: OAUTH_RULES.accessTokenSeconds,
      ...(token.refreshToken && { refresh_token: token.refreshToken }),
      scope: scopeText(token.scope ?? []),
    };
  } catch (error) {
    throw toRefusal(error, headers);
  }
}

function toRefusal(error: unknown, headers: Record<string, string | string[] | undefined>): OAuthRefusal {
  if (error instanceof OAuthRefusal) {
    return error;
  }
  const cause = (error as { inner?: unknown }).inner;
  if (cause instanceof OAuthRefusal) {
    return cause;
  }
  if (error instanceof OAuth2Server.OAuthError && error.name !== 'server_error') {
    const basic = error.name === 'invalid_client' && typeof headers.authorization === 'string';
    return new OAuthRefusal(
      error.name === 'invalid_client' ? 401 : 400,
      error.name,
      describe(error),
      basic ? { 'WWW-Authenticate': 'Basic realm="glucoguard"' } : {},
    );
  }
  throw error;
}

/** The client a revocation request authenticates as (HTTP Basic or body), or the refusal. */
async function authenticateClient(
  repository: OAuthRepository,
  body: Record<string, string | undefined>,
  headers: Record<string, string | string[] | undefined>,
) {
  const authorization = typeof headers.authorization === 'string' ? headers.authorization : '';
  const refusal = () =>
    new OAuthRefusal(
      401,
      'invalid_client',
      '应用身份验证失败：client_id 或 client_secret 不正确，或应用已停用',
      authorization.startsWith('Basic ') ? { 'WWW-Authenticate': 'Basic realm="glucoguard"' } : {},
    );
  let clientId = body.client_id;
  let clientSecret = body.client_secret;
  if (authorization.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice('Basic '.length).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      clientId = colon < 0 ? decoded : decodeURIComponent(decoded.slice(0, colon));
      clientSecret = colon < 0 ? '' : decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      // Malformed percent-encoding (RFC 6749 §2.3.1) is a failed client authentication, not a fault.
      throw refusal();
    }
  }
  const client = clientId ? await repository.client(clientId) : null;
  if (!client || client.disabled || !clientSecret || !secretMatches(clientSecret, client.secretHash)) {
    throw refusal();
  }
  return client;
}

/**
 * RFC 7009: a client revokes one of its tokens. A patient's token ends its whole grant (every token
 * of it, GrantRevoked published); a client-credentials token ends alone. Anything unknown, expired,
 * already revoked or another client's changes nothing and answers the same.
 */
export async function revokeByClient(
  db: Db,
  body: Record<string, string | undefined>,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): Promise<void> {
  const repository = new OAuthRepository(db);
  const client = await authenticateClient(repository, body, headers);
  const token = body.token ? await repository.token(hashSecret(body.token)) : null;
  if (!token || token.clientId !== client.id || token.revokedAt) {
    return;
  }
  if (!token.grantId) {
    await repository.revokeToken(token.tokenHash, now);
    return;
  }
  const grant = await repository.grant(token.grantId);
  if (grant) {
    await endGrant(db, grant, 'client', now);
  }
}
