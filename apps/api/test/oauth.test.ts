// The OAuth 2.0 authorization server (issue 23; docs/adr/0217–0219): PKCE S256 required and
// verified, exact redirect URIs, scopes enforced per open operation, refresh rotation with reuse
// revoking the family, a relative never consenting for the patient, revocation stopping tokens at
// once, client credentials, and the per-client limit's 429 with Retry-After. Real server, real
// database; the integrator's side is plain fetch, as any integrator's would be.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { acceptedFollow } from './follow-fixtures';
import { DEMO_OPEN_CLIENT } from '../src/seed/demoOpenClient';
import { OAuthClient, OAuthGrant, OAuthToken } from '../src/contexts/open/oauth/oauth.entity';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { hashSecret, openEvents, pruneOAuthRows, type GrantRevoked } from '../src/contexts/open';

type Person = Awaited<ReturnType<typeof registeredCustomer>>;

const REDIRECT = 'https://app.example.com/callback';
let api: TestApi;
let clientCount = 0;

// A clock that stands still half-way through a minute: the per-client limit's window never turns.
const clock = testClock(new Date('2026-11-20T02:00:30Z'));

beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

/** Registers a client straight in its table (the console's registration is lane CLIENTS'). */
async function newClient(overrides: Partial<OAuthClient> = {}) {
  clientCount += 1;
  const clientId = `gg_client_test_${clientCount}_${randomBytes(4).toString('hex')}`;
  const clientSecret = `gg_secret_${randomBytes(24).toString('base64url')}`;
  const now = new Date();
  await api.app.orm.em.fork().insert(OAuthClient, {
    id: clientId,
    name: '测试健康应用',
    organisation: '测试医院',
    contactPhone: '',
    contactEmail: '',
    secretHash: hashSecret(clientSecret),
    redirectUris: [REDIRECT],
    allowedScopes: ['readings.read', 'readings.write', 'profile.read', 'reports.read', 'devices.provision'],
    grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
    rateLimitPerMinute: 600,
    disabled: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
  return { clientId, clientSecret };
}
type TestClient = Awaited<ReturnType<typeof newClient>>;

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeQuery(client: TestClient, challenge: string, extra: Record<string, string> = {}) {
  return {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    scope: 'readings.read profile.read',
    state: 'xyz-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

/** The patient approves on the consent page; answers the code from the redirect. */
async function approve(person: Person, client: TestClient, challenge: string, extra: Record<string, string> = {}) {
  const { redirectTo } = await person.client.POST('/oauth/v1/authorize', {
    body: { ...authorizeQuery(client, challenge, extra), approve: true },
  });
  const url = new URL(redirectTo);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
  expect(url.searchParams.get('state')).toBe('xyz-state');
  return url.searchParams.get('code') ?? '';
}

async function tokenCall(fields: Record<string, string>, client?: TestClient, json = false) {
  const headers: Record<string, string> = {
    'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
  };
  if (client) {
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  }
  const response = await fetch(`${api.baseUrl}/oauth/v1/token`, {
    method: 'POST',
    headers,
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, string>,
  };
}

async function exchange(client: TestClient, code: string, verifier: string) {
  return tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, client);
}

/** A patient's fresh tokens for `client` (readings.read profile.read unless `scope` says). */
async function patientTokens(person: Person, client: TestClient, scope?: string) {
  const { verifier, challenge } = pkce();
  const code = await approve(person, client, challenge, scope ? { scope } : {});
  const answer = await exchange(client, code, verifier);
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string; scope: string };
}

async function openCall(path: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${api.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as { code: number; errMsg: string } | null,
  };
}

describe('PKCE', () => {
  it('refuses a request without S256: no challenge, plain, or a malformed challenge', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const { challenge } = pkce();
    const plain = await failure(
      patient.client.GET('/oauth/v1/authorize/request', {
        params: { query: authorizeQuery(client, challenge, { code_challenge_method: 'plain' }) },
      }),
    );
    expect(plain).toMatchObject({ code: 40000, errMsg: '必须使用 PKCE（code_challenge_method=S256），不支持 plain' });
    const malformed = await failure(
      patient.client.POST('/oauth/v1/authorize', {
        body: { ...authorizeQuery(client, 'short'), approve: true },
      }),
    );
    expect(malformed.code).toBe(40000);
    const { code_challenge: _c, ...withoutChallenge } = authorizeQuery(client, challenge);
    const missing = await failure(
      patient.client.GET('/oauth/v1/authorize/request', {
        params: { query: withoutChallenge as ReturnType<typeof authorizeQuery> },
      }),
    );
    expect(missing.code).toBe(40000);
  });

  it('verifies the verifier: a missing or wrong one is refused and spends the code', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const { verifier, challenge } = pkce();

    const first = await approve(patient, client, challenge);
    const noVerifier = await tokenCall(
      { grant_type: 'authorization_code', code: first, redirect_uri: REDIRECT },
      client,
    );
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.body).toEqual({ error: 'invalid_grant', error_description: '缺少 code_verifier：必须使用 PKCE' });
    expect(noVerifier.headers.get('cache-control')).toBe('no-store');

    const second = await approve(patient, client, challenge);
    const wrong = await exchange(client, second, pkce().verifier);
    expect(wrong.body).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier 与授权时的 code_challenge 不匹配',
    });
    // The failed attempt spent the code: the right verifier no longer helps.
    expect((await exchange(client, second, verifier)).body.error).toBe('invalid_grant');

    const third = await approve(patient, client, challenge);
    const ok = await exchange(client, third, verifier);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'readings.read profile.read' });
    expect(ok.body.access_token).toMatch(/^oat_[A-Za-z0-9_-]{43}$/);
    expect(ok.body.refresh_token).toMatch(/^ort_[A-Za-z0-9_-]{43}$/);
    // A code is single use; its second use also revokes what the first issued (RFC 6749 §4.1.2).
    expect((await exchange(client, third, verifier)).body.error).toBe('invalid_grant');
    expect((await openCall('/open/v1/profile', ok.body.access_token ?? '')).status).toBe(401);
  });

  it('stores tokens and codes only as hashes', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const tokens = await patientTokens(patient, client);
    const em = api.app.orm.em.fork();
    expect(await em.findOne(OAuthToken, { tokenHash: tokens.access_token })).toBeNull();
    expect(await em.findOne(OAuthToken, { tokenHash: hashSecret(tokens.access_token) })).not.toBeNull();
  });
});

describe('redirect URIs', () => {
  it('match exactly: no trailing slash, extra query, other path, case or scheme', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const { challenge } = pkce();
    for (const redirect of [
      `${REDIRECT}/`,
      `${REDIRECT}?next=1`,
      `${REDIRECT}2`,
      'https://APP.example.com/callback',
      'http://app.example.com/callback',
      'https://app.example.com.evil.test/callback',
    ]) {
      const refused = await failure(
        patient.client.GET('/oauth/v1/authorize/request', {
          params: { query: authorizeQuery(client, challenge, { redirect_uri: redirect }) },
        }),
      );
      expect(refused, redirect).toMatchObject({ code: 40000, errMsg: '回调地址与应用登记的不一致，已停止授权' });
    }
    const shown = await patient.client.GET('/oauth/v1/authorize/request', {
      params: { query: authorizeQuery(client, challenge) },
    });
    expect(shown).toEqual({
      client: { clientId: client.clientId, name: '测试健康应用', organisation: '测试医院' },
      scopes: [
        { scope: 'readings.read', text: '读取您的血糖、血压、体重等测量记录' },
        { scope: 'profile.read', text: '读取您的基本资料（昵称、性别、出生年份、身高、糖尿病类型等）' },
      ],
      redirectUri: REDIRECT,
      state: 'xyz-state',
    });
  });

  it("the token request must repeat the code's redirect URI", async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient({ redirectUris: [REDIRECT, 'https://app.example.com/other'] });
    const { verifier, challenge } = pkce();
    const code = await approve(patient, client, challenge);
    const other = await tokenCall(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example.com/other',
        code_verifier: verifier,
      },
      client,
    );
    // The library answers invalid_request here (RFC 6749 §4.1.3 leaves the code to the server).
    expect(other.body).toEqual({ error: 'invalid_request', error_description: 'redirect_uri 与申请授权时的不一致' });
  });

  it('answers the registered URI exactly as registered, never re-serialised', async () => {
    const patient = await registeredCustomer(api);
    // new URL() would answer https://partner.example.com/?…, …partner.example.com/cb?… and drop :443.
    for (const registered of [
      'https://partner.example.com',
      'https://Partner.example.com/cb',
      'https://x.example.com:443/cb',
      'https://app.example.com/cb?tenant=a%20b',
    ]) {
      const client = await newClient({ redirectUris: [registered] });
      const { verifier, challenge } = pkce();
      const { redirectTo } = await patient.client.POST('/oauth/v1/authorize', {
        body: { ...authorizeQuery(client, challenge, { redirect_uri: registered }), approve: true },
      });
      const joiner = registered.includes('?') ? '&' : '?';
      expect(redirectTo.startsWith(`${registered}${joiner}code=`), redirectTo).toBe(true);
      const code = new URL(redirectTo).searchParams.get('code') ?? '';
      expect(redirectTo).toBe(`${registered}${joiner}code=${code}&state=xyz-state`);
      const tokens = await tokenCall(
        { grant_type: 'authorization_code', code, redirect_uri: registered, code_verifier: verifier },
        client,
      );
      expect(tokens.status, registered).toBe(200);
      const { redirectTo: denied } = await patient.client.POST('/oauth/v1/authorize', {
        body: { ...authorizeQuery(client, challenge, { redirect_uri: registered }), approve: false },
      });
      expect(denied).toBe(`${registered}${joiner}error=access_denied&state=xyz-state`);
    }
  });

  it('a denial goes back to the registered URI with access_denied', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const { redirectTo } = await patient.client.POST('/oauth/v1/authorize', {
      body: { ...authorizeQuery(client, pkce().challenge), approve: false },
    });
    expect(redirectTo).toBe(`${REDIRECT}?error=access_denied&state=xyz-state`);
    expect(await api.app.orm.em.fork().count(OAuthGrant, { clientId: client.clientId })).toBe(0);
  });
});

describe('scopes', () => {
  it('are enforced per open operation', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const { access_token: token } = await patientTokens(patient, client, 'readings.read');

    const readings = await openCall('/open/v1/readings?kind=glucose', token);
    expect(readings.status).toBe(200);
    const profile = await openCall('/open/v1/profile', token);
    expect(profile.status).toBe(403);
    expect(profile.body).toMatchObject({ code: 40300, errMsg: '该应用没有此项权限' });
    expect(profile.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="profile.read"');
    const write = await openCall('/open/v1/readings', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: JSON.stringify({}),
    });
    expect(write.status).toBe(403);
    const fhir = await openCall(`/fhir/R4/Observation?patient=${patient.cid}`, token);
    expect(fhir.status).toBe(403);
  });

  it('a client asks only for scopes it was allowed, and never devices.provision of a patient', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient({ allowedScopes: ['readings.read', 'devices.provision'] });
    const { challenge } = pkce();
    for (const [scope, errMsg] of [
      ['readings.read profile.read', '该应用未获准申请这些权限：profile.read'],
      ['readings.read devices.provision', '该应用未获准申请这些权限：devices.provision'],
      ['readings.read openid', '不支持的权限：openid'],
    ] as const) {
      const refused = await failure(
        patient.client.GET('/oauth/v1/authorize/request', {
          params: { query: authorizeQuery(client, challenge, { scope }) },
        }),
      );
      expect(refused).toMatchObject({ code: 40000, errMsg });
    }
  });

  it("a patient session is not accepted on open operations, nor an access token on the patient's", async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const withSession = await openCall('/open/v1/profile', patient.signIn.token);
    expect(withSession.status).toBe(401);
    expect(withSession.body).toMatchObject({ code: 40100, errMsg: '授权已失效，请重新授权' });
    expect(withSession.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await openCall('/open/v1/profile', 'oat_unknown')).status).toBe(401);
    const { access_token: token } = await patientTokens(patient, client);
    const asSession = await openCall('/oauth/v1/grants', token);
    expect(asSession.status).toBe(401);
    expect(asSession.body?.code).toBe(40100);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; an already-rotated one revokes the whole family', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const first = await patientTokens(patient, client);
    const refresh = (token: string) => tokenCall({ grant_type: 'refresh_token', refresh_token: token }, client);

    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.scope).toBe('readings.read profile.read');
    expect((await openCall('/open/v1/profile', second.body.access_token!)).status).toBe(200);

    // The first refresh token again: a stolen copy. Every token of the family stops.
    const reused = await refresh(first.refresh_token);
    expect(reused.body.error).toBe('invalid_grant');
    expect((await openCall('/open/v1/profile', second.body.access_token!)).status).toBe(401);
    expect((await openCall('/open/v1/profile', first.access_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token!)).body.error).toBe('invalid_grant');
  });

  it('may narrow the scope, never widen it', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const tokens = await patientTokens(patient, client, 'readings.read');
    const wider = await tokenCall(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: 'readings.read profile.read' },
      client,
    );
    expect(wider.body.error).toBe('invalid_scope');
  });

  it('belong to their client', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const other = await newClient();
    const tokens = await patientTokens(patient, client);
    const stolen = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, other);
    expect(stolen.body.error).toBe('invalid_grant');
  });
});

describe('consent', () => {
  it('a relative cannot consent for the patient: naming another account is refused', async () => {
    const patient = await registeredCustomer(api, '患者本人');
    const relative = await registeredCustomer(api, '家属');
    await acceptedFollow(relative, patient);
    const client = await newClient();
    const { challenge } = pkce();
    for (const extra of [{ login_hint: String(patient.cid) }, { patient: String(patient.cid) }] as Record<
      string,
      string
    >[]) {
      const refused = await failure(
        relative.client.POST('/oauth/v1/authorize', {
          body: { ...authorizeQuery(client, challenge, extra), approve: true },
        }),
      );
      expect(refused).toMatchObject({ code: 40300, errMsg: '无权为他人授权' });
    }
    // What the relative can approve is only their own account's data.
    const tokens = await patientTokens(relative, client);
    const em = api.app.orm.em.fork();
    const grants = await em.find(OAuthGrant, { clientId: client.clientId });
    expect(grants.map((g) => g.customerId)).toEqual([String(relative.cid)]);
    const token = await em.findOneOrFail(OAuthToken, { tokenHash: hashSecret(tokens.access_token) });
    expect(token.customerId).toBe(String(relative.cid));
  });

  it('a visitor registers first', async () => {
    const visitor = await signInNewVisitor(api);
    const client = await newClient();
    const refused = await failure(
      visitor.client.GET('/oauth/v1/authorize/request', {
        params: { query: authorizeQuery(client, pkce().challenge) },
      }),
    );
    expect(refused).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });
});

describe('revocation', () => {
  it('the patient revokes in 授权管理: tokens stop at once and GrantRevoked is published', async () => {
    const heard: GrantRevoked[] = [];
    openEvents.subscribe('GrantRevoked', 'test.oauth', async (_tx, events) => {
      heard.push(...events);
    });
    try {
      const patient = await registeredCustomer(api);
      const client = await newClient();
      const tokens = await patientTokens(patient, client);
      const { items } = await patient.client.GET('/oauth/v1/grants');
      expect(items).toHaveLength(1);
      const grant = items[0]!;
      expect(grant).toMatchObject({ client: { clientId: client.clientId, name: '测试健康应用' }, revokedAt: null });
      expect(grant.scopes.map((s) => s.scope)).toEqual(['readings.read', 'profile.read']);

      const revoked = await patient.client.POST('/oauth/v1/grants/{grantId}/revoke', {
        params: { path: { grantId: grant.grantId } },
        body: {},
      });
      expect(revoked.revokedAt).not.toBeNull();
      expect((await openCall('/open/v1/profile', tokens.access_token)).status).toBe(401);
      expect(
        (await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, client)).body.error,
      ).toBe('invalid_grant');
      expect((await patient.client.GET('/oauth/v1/grants')).items).toEqual([]);
      expect(heard.filter((e) => e.grantId === grant.grantId)).toMatchObject([
        { type: 'GrantRevoked', clientId: client.clientId, customerId: String(patient.cid), by: 'patient' },
      ]);

      // Another patient cannot see or revoke it.
      const other = await registeredCustomer(api);
      const notTheirs = await failure(
        other.client.POST('/oauth/v1/grants/{grantId}/revoke', {
          params: { path: { grantId: grant.grantId } },
          body: {},
        }),
      );
      expect(notTheirs.code).toBe(40400);
    } finally {
      openEvents.unsubscribe('GrantRevoked', 'test.oauth');
    }
  });

  it("consent and 取消授权 are in the patient's audit trail; a denial is not", async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    await patient.client.POST('/oauth/v1/authorize', {
      body: { ...authorizeQuery(client, pkce().challenge), approve: false },
    });
    await patientTokens(patient, client);
    const [grant] = (await patient.client.GET('/oauth/v1/grants')).items;
    await patient.client.POST('/oauth/v1/grants/{grantId}/revoke', {
      params: { path: { grantId: grant!.grantId } },
      body: {},
    });
    const events = await api.app.orm.em
      .fork()
      .find(AuditEvent, { patientId: String(patient.cid) }, { orderBy: { id: 'asc' } });
    expect(
      events.map((e) => ({
        actorKind: e.actorKind,
        actorId: e.actorId,
        action: e.action,
        target: e.target,
        detail: e.detail ?? null,
        hasRequestId: typeof e.requestId === 'string' && e.requestId !== '',
      })),
    ).toEqual([
      {
        actorKind: 'customer',
        actorId: String(patient.cid),
        action: 'app.grant',
        target: `client:${client.clientId}`,
        detail: { grantId: grant!.grantId, scopes: ['readings.read', 'profile.read'] },
        hasRequestId: true,
      },
      {
        actorKind: 'customer',
        actorId: String(patient.cid),
        action: 'app.revoke',
        target: `client:${client.clientId}`,
        detail: null,
        hasRequestId: true,
      },
    ]);
  });

  it('the client revokes its refresh token (RFC 7009): the grant ends; unknown tokens answer 200', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const tokens = await patientTokens(patient, client);
    const revoke = (fields: Record<string, string>) =>
      fetch(`${api.baseUrl}/oauth/v1/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          ...fields,
        }).toString(),
      });
    expect((await revoke({ token: 'ort_nobody' })).status).toBe(200);
    expect((await openCall('/open/v1/profile', tokens.access_token)).status).toBe(200);
    const done = await revoke({ token: tokens.refresh_token, token_type_hint: 'refresh_token' });
    expect(done.status).toBe(200);
    expect((await openCall('/open/v1/profile', tokens.access_token)).status).toBe(401);
    expect((await patient.client.GET('/oauth/v1/grants')).items).toEqual([]);
    const badClient = await revoke({ token: tokens.refresh_token, client_secret: 'gg_secret_wrong' });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('malformed percent-encoding in HTTP Basic is a failed client authentication, not a fault', async () => {
    const client = await newClient();
    for (const path of ['/oauth/v1/revoke', '/oauth/v1/token']) {
      for (const credentials of [`${client.clientId}:%zz`, `%E0%A4%A:${client.clientSecret}`]) {
        const answer = await fetch(`${api.baseUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
          },
          body: new URLSearchParams(
            path === '/oauth/v1/revoke' ? { token: 'ort_nobody' } : { grant_type: 'client_credentials' },
          ).toString(),
        });
        expect(answer.status, `${path} ${credentials}`).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe('Basic realm="glucoguard"');
        expect(await answer.json()).toMatchObject({ error: 'invalid_client' });
      }
    }
  });
});

describe('the token endpoint', () => {
  it("answers a malformed request in RFC 6749's shape, never the envelope", async () => {
    const client = await newClient();
    const missing = await tokenCall({ code: 'x' }, client);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect(typeof missing.body.error_description).toBe('string');
    expect(missing.body).not.toHaveProperty('code');
  });
});

describe('client credentials', () => {
  it('give the client its own scopes only, without a refresh token', async () => {
    const client = await newClient();
    const token = await tokenCall({ grant_type: 'client_credentials', scope: 'devices.provision' }, client);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'devices.provision', expires_in: 3600 });
    expect(token.body.refresh_token).toBeUndefined();
    // JSON bodies with the credentials in the body work the same.
    const json = await tokenCall(
      { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
      undefined,
      true,
    );
    expect(json.body.scope).toBe('devices.provision');

    const patientData = await tokenCall({ grant_type: 'client_credentials', scope: 'readings.read' }, client);
    expect(patientData.body.error).toBe('invalid_scope');
    // A client-credentials token reaches no patient's data.
    expect((await openCall('/open/v1/profile', token.body.access_token!)).status).toBe(403);
  });

  it('refuse a wrong secret, a disabled client and a grant type the client lacks', async () => {
    const client = await newClient();
    const wrong = await tokenCall({ grant_type: 'client_credentials' }, { ...client, clientSecret: 'gg_secret_wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    const disabled = await newClient({ disabled: true });
    expect((await tokenCall({ grant_type: 'client_credentials' }, disabled)).status).toBe(401);
    const codeOnly = await newClient({ grantTypes: ['authorization_code', 'refresh_token'] });
    expect((await tokenCall({ grant_type: 'client_credentials' }, codeOnly)).body.error).toBe('unauthorized_client');
    expect((await tokenCall({ grant_type: 'password' }, client)).body.error).toBe('unsupported_grant_type');
  });
});

describe('the demo client', () => {
  it('is seeded with the demo data and takes its published secret', async () => {
    const demo = { clientId: DEMO_OPEN_CLIENT.clientId, clientSecret: DEMO_OPEN_CLIENT.clientSecret };
    const token = await tokenCall({ grant_type: 'client_credentials' }, demo);
    expect(token.status).toBe(200);
    expect(token.body.scope).toBe('devices.provision');
    const patient = await registeredCustomer(api);
    const shown = await patient.client.GET('/oauth/v1/authorize/request', {
      params: {
        query: {
          ...authorizeQuery(demo, pkce().challenge),
          redirect_uri: DEMO_OPEN_CLIENT.redirectUris[0],
        },
      },
    });
    expect(shown.client).toEqual({
      clientId: demo.clientId,
      name: '示例健康助手',
      organisation: '糖护示例科技（演示）',
    });
  });
});

describe('pruning', () => {
  it('deletes codes and tokens a day after they expired, and keeps the rest', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient();
    const live = await patientTokens(patient, client);
    const em = api.app.orm.em.fork();
    const now = clock();
    const old = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const base = {
      kind: 'access' as const,
      clientId: client.clientId,
      grantId: null,
      customerId: null,
      familyId: null,
      scopes: [],
    };
    await em.insert(OAuthToken, {
      ...base,
      tokenHash: hashSecret('oat_long_gone'),
      expiresAt: old(25),
      rotatedAt: null,
      revokedAt: null,
      createdAt: old(26),
    });
    await em.insert(OAuthToken, {
      ...base,
      tokenHash: hashSecret('oat_just_expired'),
      expiresAt: old(23),
      rotatedAt: null,
      revokedAt: null,
      createdAt: old(24),
    });
    expect(await pruneOAuthRows(api.app.orm.em.fork(), now)).toBeGreaterThanOrEqual(1);
    const left = async (token: string) => (await em.fork().count(OAuthToken, { tokenHash: hashSecret(token) })) > 0;
    expect(await left('oat_long_gone')).toBe(false);
    expect(await left('oat_just_expired')).toBe(true);
    expect(await left(live.access_token)).toBe(true);
    expect(await left(live.refresh_token)).toBe(true);
  });
});

describe('per-client rate limit', () => {
  it('answers 429 with Retry-After once the client used its minute', async () => {
    const patient = await registeredCustomer(api);
    const client = await newClient({ rateLimitPerMinute: 3 });
    const { access_token: token } = await patientTokens(patient, client);
    // The token request counted as the first call of the minute: two more get through.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await openCall('/open/v1/profile', token)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await openCall('/open/v1/profile', token);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 42900, errMsg: '请求过于频繁，请稍后再试' });
    // Half a minute to the next one.
    expect(limited.headers.get('retry-after')).toBe('30');
    // The token endpoint counts in the same minute and answers in RFC 6749's shape.
    const slowDown = await tokenCall({ grant_type: 'client_credentials' }, client);
    expect(slowDown.status).toBe(429);
    expect(slowDown.body).toEqual({ error: 'slow_down', error_description: '请求过于频繁，请稍后再试' });
    expect(slowDown.headers.get('retry-after')).toBe('30');
    // The next minute the client is let through again.
    clock.advance(30_000);
    expect((await openCall('/open/v1/profile', token)).status).toBe(200);
    // Another client is not held up.
    const other = await newClient();
    const otherToken = await patientTokens(patient, other);
    expect((await openCall('/open/v1/profile', otherToken.access_token)).status).toBe(200);
  });
});
