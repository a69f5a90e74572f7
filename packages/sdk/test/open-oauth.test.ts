import { describe, expect, it } from 'vitest';
import {
  buildAuthorizeUrl,
  clientCredentials,
  createPkcePair,
  exchangeCode,
  isOAuthError,
  pkceChallenge,
  refreshTokens,
  revokeToken,
} from '../src/open/index';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function formObject(form: URLSearchParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  form?.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function recorder(handler: (request: Request) => Response | Promise<Response>) {
  const seen: { request: Request; form: URLSearchParams }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ request, form: new URLSearchParams(await request.clone().text()) });
    return handler(request);
  };
  return { fetch, seen };
}

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a 43-character base64url verifier whose challenge is its SHA-256, fresh every time', async () => {
    const first = await createPkcePair();
    const second = await createPkcePair();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.method).toBe('S256');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(first.verifier)));
    const base64url = btoa(String.fromCharCode(...digest))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(first.challenge).toBe(base64url);
    expect(second.verifier).not.toBe(first.verifier);
  });

  it('builds the authorization request with the challenge, S256, the state and the scopes', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: 'https://gg.example/oauth/authorize',
        clientId: 'gg_client_abc',
        redirectUri: 'https://app.example/callback?x=1',
        scope: ['readings.read', 'profile.read'],
        state: 'st&te',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://gg.example/oauth/authorize');
    expect(formObject(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'gg_client_abc',
      redirect_uri: 'https://app.example/callback?x=1',
      scope: 'readings.read profile.read',
      state: 'st&te',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });
});

describe('the token endpoint', () => {
  const answer = {
    access_token: 'oat_1',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'ort_1',
    scope: 'readings.read profile.read',
  };

  it('exchanges a code with its verifier, authenticating the client with HTTP Basic', async () => {
    const { fetch, seen } = recorder(() => json(answer));
    const tokens = await exchangeCode({
      baseUrl: 'https://gg.example/api/',
      clientId: 'gg_client_abc',
      clientSecret: 'gg_secret_x y',
      code: 'the-code',
      redirectUri: 'https://app.example/callback',
      codeVerifier: 'verifier',
      fetch,
      now: () => 1_000_000,
    });
    expect(tokens).toEqual({
      accessToken: 'oat_1',
      refreshToken: 'ort_1',
      expiresAt: 1_000_000 + 3_600_000,
      scope: ['readings.read', 'profile.read'],
      tokenType: 'Bearer',
    });
    const [{ request, form }] = seen as [(typeof seen)[0]];
    expect(request.url).toBe('https://gg.example/api/oauth/v1/token');
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    // RFC 6749 §2.3.1: the space of the secret is form-encoded (+) before base64.
    expect(request.headers.get('authorization')).toBe(`Basic ${btoa('gg_client_abc:gg_secret_x+y')}`);
    expect(formObject(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://app.example/callback',
      code_verifier: 'verifier',
    });
  });

  it('rejects with the RFC 6749 error and its Chinese description', async () => {
    const { fetch } = recorder(() => json({ error: 'invalid_grant', error_description: '授权码无效或已使用' }, 400));
    const error: unknown = await refreshTokens({
      tokenUrl: 'https://gg.example/api/oauth/v1/token',
      clientId: 'gg_client_abc',
      clientSecret: 's',
      refreshToken: 'ort_old',
      fetch,
    }).catch((e: unknown) => e);
    expect(isOAuthError(error, 'invalid_grant')).toBe(true);
    expect(error).toMatchObject({ errorDescription: '授权码无效或已使用', status: 400 });
  });

  it('sends the refresh token once, and never again after a network failure (it may have been rotated)', async () => {
    const { fetch, seen } = recorder(() => Promise.reject(new TypeError('fetch failed')));
    const error: unknown = await refreshTokens({
      baseUrl: 'https://gg.example/api',
      clientId: 'c',
      clientSecret: 's',
      refreshToken: 'ort_old',
      fetch,
    }).catch((e: unknown) => e);
    expect(isOAuthError(error, 'network')).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.form.get('refresh_token')).toBe('ort_old');
  });

  it('tries again after a 429, which the server refused before reading the request', async () => {
    let calls = 0;
    const { fetch, seen } = recorder(() => {
      calls += 1;
      return calls === 1
        ? json({ error: 'slow_down', error_description: '请求过于频繁' }, 429, { 'retry-after': '0' })
        : json(answer);
    });
    const tokens = await clientCredentials({
      baseUrl: 'https://gg.example/api',
      clientId: 'c',
      clientSecret: 's',
      scope: ['devices.provision'],
      fetch,
    });
    expect(tokens.accessToken).toBe('oat_1');
    expect(seen.map((s) => formObject(s.form))).toEqual([
      { grant_type: 'client_credentials', scope: 'devices.provision' },
      { grant_type: 'client_credentials', scope: 'devices.provision' },
    ]);
  });

  it('revokes a token at the revocation endpoint', async () => {
    const { fetch, seen } = recorder(() => new Response(null, { status: 200 }));
    await revokeToken({
      tokenUrl: 'https://gg.example/api/oauth/v1/token',
      clientId: 'c',
      clientSecret: 's',
      token: 'ort_1',
      tokenTypeHint: 'refresh_token',
      fetch,
    });
    expect(seen[0]?.request.url).toBe('https://gg.example/api/oauth/v1/revoke');
    expect(formObject(seen[0]?.form)).toEqual({ token: 'ort_1', token_type_hint: 'refresh_token' });
  });

  it('sends the client id in the body for a client without a secret', async () => {
    const { fetch, seen } = recorder(() => json(answer));
    await exchangeCode({
      baseUrl: 'https://gg.example/api',
      clientId: 'gg_client_pub',
      code: 'c',
      redirectUri: 'r',
      codeVerifier: 'v',
      fetch,
    });
    expect(seen[0]?.request.headers.has('authorization')).toBe(false);
    expect(seen[0]?.form.get('client_id')).toBe('gg_client_pub');
  });
});
