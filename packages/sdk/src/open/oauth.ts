import type { components } from '../generated/schema';
import { OAuthError } from './errors';
import { parseRetryAfter, sleepFor } from './retry';

type TokenAnswer = components['schemas']['OAuthTokenAnswer'];
/** A scope of the open platform, e.g. `readings.read`. */
export type OpenScope = components['schemas']['OAuthScope'];

/** Tokens of one grant (or of the client itself, for client credentials). */
export interface TokenSet {
  /** `oat_…`, sent as `Authorization: Bearer`. */
  accessToken: string;
  /** `ort_…`; rotated on every refresh (store the new one). Absent for client credentials. */
  refreshToken?: string | undefined;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
  /** The granted scopes. */
  scope: string[];
  tokenType: 'Bearer';
}

/** How the SDK reaches the token endpoint and authenticates the client. */
export interface TokenEndpointOptions {
  /** The token endpoint, e.g. `https://your-host/api/oauth/v1/token`; or give `baseUrl`. */
  tokenUrl?: string;
  /** The API's base URL (e.g. `https://your-host/api`); the token endpoint is `/oauth/v1/token` under it. */
  baseUrl?: string;
  clientId: string;
  /** Sent with HTTP Basic. Keep it on your server, never in a browser. */
  clientSecret?: string | undefined;
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: (() => number) | undefined;
}

function endpoint(options: TokenEndpointOptions, path: string): string {
  if (options.tokenUrl !== undefined) {
    return path === '/oauth/v1/token' ? options.tokenUrl : options.tokenUrl.replace(/\/token$/, '/revoke');
  }
  if (options.baseUrl === undefined) {
    throw new TypeError('give tokenUrl or baseUrl');
  }
  return `${options.baseUrl.replace(/\/+$/, '')}${path}`;
}

function basicAuth(clientId: string, clientSecret: string): string {
  // RFC 6749 §2.3.1: each part form-urlencoded before base64.
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  const bytes = new TextEncoder().encode(`${encode(clientId)}:${encode(clientSecret)}`);
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return `Basic ${btoa(binary)}`;
}

/** At most this many extra tries when the token endpoint answers 429 (it did not process the request). */
const TOKEN_429_RETRIES = 2;
/** Never wait longer than this for a token endpoint's Retry-After. */
const TOKEN_MAX_RETRY_AFTER_MS = 30_000;

async function postForm(options: TokenEndpointOptions, path: string, form: Record<string, string>): Promise<Response> {
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const params = new URLSearchParams(form);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (options.clientSecret !== undefined) {
    headers.authorization = basicAuth(options.clientId, options.clientSecret);
  } else {
    params.set('client_id', options.clientId);
  }
  // Only a 429 is retried: the server refused before looking at the request. A network failure is
  // not: a refresh token may have been rotated by a request whose answer was lost, and presenting
  // it again would revoke the whole grant.
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetchImpl(new Request(endpoint(options, path), { method: 'POST', headers, body: params }));
    } catch (cause) {
      throw new OAuthError({ error: 'network', errorDescription: '网络连接异常，请检查网络', cause });
    }
    const wait = response.status === 429 ? parseRetryAfter(response.headers.get('retry-after'), Date.now()) : null;
    if (wait === null || attempt >= TOKEN_429_RETRIES || wait > TOKEN_MAX_RETRY_AFTER_MS) {
      return response;
    }
    await response.body?.cancel();
    await sleepFor(wait);
  }
}

async function readTokens(options: TokenEndpointOptions, response: Response): Promise<TokenSet> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== 'object' || body === null || !('access_token' in body)) {
    const failure = (body ?? {}) as { error?: unknown; error_description?: unknown };
    throw new OAuthError({
      error: typeof failure.error === 'string' ? failure.error : 'server_error',
      errorDescription:
        typeof failure.error_description === 'string' ? failure.error_description : '授权服务暂时不可用',
      status: response.status,
    });
  }
  const answer = body as TokenAnswer;
  const now = (options.now ?? Date.now)();
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: now + answer.expires_in * 1000,
    scope: answer.scope.split(' ').filter((s) => s !== ''),
    tokenType: 'Bearer',
  };
}

export interface ExchangeCodeOptions extends TokenEndpointOptions {
  /** The `code` of the callback. */
  code: string;
  /** The same redirect URI the authorize URL carried. */
  redirectUri: string;
  /** The `verifier` of {@link createPkcePair}. */
  codeVerifier: string;
}

/** Exchanges an authorization code (with its PKCE verifier) for tokens. Rejects with an {@link OAuthError}. */
export async function exchangeCode(options: ExchangeCodeOptions): Promise<TokenSet> {
  const response = await postForm(options, '/oauth/v1/token', {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    code_verifier: options.codeVerifier,
  });
  return readTokens(options, response);
}

/**
 * Trades a refresh token for new tokens. The refresh token is rotated: store the answer's
 * `refreshToken`, the old one is dead (presenting it again revokes the whole grant).
 */
export async function refreshTokens(options: TokenEndpointOptions & { refreshToken: string }): Promise<TokenSet> {
  const response = await postForm(options, '/oauth/v1/token', {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
  });
  return readTokens(options, response);
}

/** Gets a token for the client's own resources (client credentials, e.g. `devices.provision`). */
export async function clientCredentials(
  options: TokenEndpointOptions & { scope?: string | readonly string[] | undefined },
): Promise<TokenSet> {
  const form: Record<string, string> = { grant_type: 'client_credentials' };
  if (options.scope !== undefined) {
    form.scope = typeof options.scope === 'string' ? options.scope : options.scope.join(' ');
  }
  const response = await postForm(options, '/oauth/v1/token', form);
  return readTokens(options, response);
}

/**
 * Revokes a token (RFC 7009). Revoking a patient grant's refresh token ends the grant: every token
 * of it stops working at once. Unknown or already revoked tokens succeed too.
 */
export async function revokeToken(
  options: TokenEndpointOptions & { token: string; tokenTypeHint?: 'access_token' | 'refresh_token' },
): Promise<void> {
  const form: Record<string, string> = { token: options.token };
  if (options.tokenTypeHint !== undefined) {
    form.token_type_hint = options.tokenTypeHint;
  }
  const response = await postForm(options, '/oauth/v1/revoke', form);
  if (!response.ok) {
    await readTokens(options, response);
  }
  await response.body?.cancel();
}
