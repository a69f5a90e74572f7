import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { operations } from '../src/index';
import {
  AUTO_IDEMPOTENCY_KEY,
  backoffDelay,
  createOpenClient,
  isOpenApiError,
  parseRetryAfter,
  type OpenClientOptions,
  type TokenSet,
} from '../src/open/index';

const BASE = 'https://gg.example/api';
const envelope = (data: unknown) => ({ code: 0, errMsg: '', data });
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const expired401 = () =>
  json({ code: 40100, errMsg: '授权已失效，请重新授权' }, 401, { 'www-authenticate': 'Bearer error="invalid_token"' });
const tokenAnswer = (n: number) => ({
  access_token: `oat_${n}`,
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: `ort_${n}`,
  scope: 'readings.read',
});
const NOW = 1_800_000_000_000;
const grant = (n = 0): TokenSet => ({
  accessToken: `oat_${n}`,
  refreshToken: `ort_${n}`,
  expiresAt: NOW + 3_600_000,
  scope: ['readings.read'],
  tokenType: 'Bearer',
});
const page = (items: unknown[], pageNo: number, totalPage: number) =>
  envelope({ items, page: pageNo, pageSize: 2, totalPage, total: totalPage * 2 });

type Handler = (request: Request, body: string) => Response | Promise<Response>;

/** The network, faked: records every request (with its body) and answers with the handler. */
function network(handler: Handler) {
  const seen: { method: string; url: URL; headers: Headers; body: string }[] = [];
  const fetch = async (request: Request) => {
    const body = await request.text();
    seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body });
    return handler(request, body);
  };
  return { fetch, seen };
}

/** Sleeps that return at once and remember how long they were asked to wait. */
function sleeps() {
  const waited: number[] = [];
  const sleep = (ms: number) => {
    waited.push(ms);
    return Promise.resolve();
  };
  return { waited, sleep };
}

// Refreshes are shared by every client of the process, keyed by API, client id and refresh token:
// each test is its own client, so one test's rotated ort_0 is not another's.
let clientNo = 0;
beforeEach(() => {
  clientNo += 1;
});

function client(fetch: OpenClientOptions['fetch'], extra: Partial<OpenClientOptions> = {}) {
  return createOpenClient({
    baseUrl: BASE,
    clientId: `gg_client_abc_${clientNo}`,
    clientSecret: 'gg_secret_abc',
    tokens: grant(),
    fetch,
    now: () => NOW,
    ...extra,
  });
}

describe('createOpenClient: tokens', () => {
  it('sends the access token and resolves with the envelope data, typed from the contract', async () => {
    const { fetch, seen } = network(() => json(page([{ id: 'glucose-1' }], 1, 1)));
    const readings = await client(fetch).GET('/open/v1/readings', { params: { query: { kind: 'glucose' } } });
    expectTypeOf(readings.items[0]!.id).toEqualTypeOf<string>();
    expect(readings.items).toEqual([{ id: 'glucose-1' }]);
    expect(seen[0]?.url.href).toBe(`${BASE}/open/v1/readings?kind=glucose`);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer oat_0');
  });

  it('refreshes once on a 401, stores the rotated tokens and sends the call again', async () => {
    const stored: TokenSet[] = [];
    let current: TokenSet = grant(0);
    const { fetch, seen } = network((request) => {
      if (request.url.endsWith('/oauth/v1/token')) {
        return json(tokenAnswer(1));
      }
      return request.headers.get('authorization') === 'Bearer oat_1'
        ? json(envelope({ patientId: 'p' }))
        : expired401();
    });
    const api = client(fetch, {
      tokens: {
        get: () => current,
        set: (next) => {
          current = next;
          stored.push(next);
        },
      },
    });
    await expect(api.GET('/open/v1/profile')).resolves.toEqual({ patientId: 'p' });
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/api/open/v1/profile',
      '/api/oauth/v1/token',
      '/api/open/v1/profile',
    ]);
    expect(new URLSearchParams(seen[1]?.body)).toEqual(
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'ort_0' }),
    );
    expect(stored).toEqual([{ ...grant(1), expiresAt: NOW + 3_600_000 }]);
  });

  it('lets concurrent 401s share one refresh: a rotated refresh token is sent once', async () => {
    let current: TokenSet = grant(0);
    let refreshes = 0;
    const { fetch } = network(async (request) => {
      if (request.url.endsWith('/oauth/v1/token')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return json(tokenAnswer(refreshes));
      }
      return request.headers.get('authorization') === 'Bearer oat_1'
        ? json(envelope({ patientId: 'p' }))
        : expired401();
    });
    const api = client(fetch, { tokens: { get: () => current, set: (next) => void (current = next) } });
    const answers = await Promise.all([
      api.GET('/open/v1/profile'),
      api.GET('/open/v1/profile'),
      api.GET('/open/v1/profile'),
    ]);
    expect(answers).toEqual([{ patientId: 'p' }, { patientId: 'p' }, { patientId: 'p' }]);
    expect(refreshes).toBe(1);
    expect(current.refreshToken).toBe('ort_1');
  });

  it('lets two clients of one grant (one per request, one store) refresh it once, never presenting a rotated token', async () => {
    // The server, faked: a refresh token works once; presenting a rotated one revokes the grant.
    let current: TokenSet = { ...grant(0), expiresAt: NOW - 1 };
    let live = new Set(['ort_0']);
    let issued = 0;
    const refreshBodies: string[] = [];
    const { fetch } = network(async (request, body) => {
      if (request.url.endsWith('/oauth/v1/token')) {
        refreshBodies.push(body);
        const presented = new URLSearchParams(body).get('refresh_token') ?? '';
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (!live.has(presented)) {
          live = new Set();
          return json({ error: 'invalid_grant', error_description: '授权已失效' }, 400);
        }
        issued += 1;
        live = new Set([`ort_${issued}`]);
        return json(tokenAnswer(issued));
      }
      return request.headers.get('authorization') === `Bearer oat_${issued}` && live.size > 0
        ? json(envelope({ patientId: 'p' }))
        : expired401();
    });
    const store = { get: () => current, set: (next: TokenSet) => void (current = next) };
    const first = client(fetch, { tokens: store });
    const second = client(fetch, { tokens: store });
    expect(await Promise.all([first.GET('/open/v1/profile'), second.GET('/open/v1/profile')])).toEqual([
      { patientId: 'p' },
      { patientId: 'p' },
    ]);
    expect(refreshBodies.map((b) => new URLSearchParams(b).get('grant_type'))).toEqual(['refresh_token']);
    expect(current.refreshToken).toBe('ort_1');

    // A third client whose store is a copy taken before the rotation (ort_0, expired) gets the
    // successor instead of sending the rotated token, which would end the grant.
    const copy = client(fetch, { tokens: { ...grant(0), expiresAt: NOW - 1 } });
    expect(await copy.GET('/open/v1/profile')).toEqual({ patientId: 'p' });
    expect(refreshBodies).toHaveLength(1);
    expect(live).toEqual(new Set(['ort_1']));
  });

  it('answers the 401 when the grant is gone (the refresh token is refused), without a loop', async () => {
    const { fetch, seen } = network((request) =>
      request.url.endsWith('/oauth/v1/token')
        ? json({ error: 'invalid_grant', error_description: '授权已被撤销' }, 400)
        : expired401(),
    );
    const error: unknown = await client(fetch)
      .GET('/open/v1/profile')
      .catch((e: unknown) => e);
    expect(isOpenApiError(error, 401)).toBe(true);
    expect(error).toMatchObject({ code: 40100, errMsg: '授权已失效，请重新授权', kind: 'server' });
    expect(seen).toHaveLength(2);
  });

  it('refreshes before the call when the access token is about to expire', async () => {
    const { fetch, seen } = network((request) =>
      request.url.endsWith('/oauth/v1/token') ? json(tokenAnswer(1)) : json(envelope({ patientId: 'p' })),
    );
    await client(fetch, { tokens: { ...grant(0), expiresAt: NOW + 10_000 } }).GET('/open/v1/profile');
    expect(seen.map((s) => s.url.pathname)).toEqual(['/api/oauth/v1/token', '/api/open/v1/profile']);
    expect(seen[1]?.headers.get('authorization')).toBe('Bearer oat_1');
  });

  it('gets a client-credentials token by itself when no grant is given', async () => {
    const onTokens: TokenSet[] = [];
    const { fetch, seen } = network((request) =>
      request.url.endsWith('/oauth/v1/token')
        ? json({ ...tokenAnswer(7), refresh_token: undefined, scope: 'devices.provision' })
        : json(envelope({ devices: [] })),
    );
    const api = createOpenClient({
      baseUrl: BASE,
      clientId: 'gg_client_maker',
      clientSecret: 'gg_secret_maker',
      scope: 'devices.provision',
      fetch,
      now: () => NOW,
      onTokens: (t) => void onTokens.push(t),
    });
    await api.POST('/open/v1/devices', { body: { devices: [{ imei: '860000000000001', kind: 'glucose' }] } as never });
    await api.POST('/open/v1/devices', { body: { devices: [{ imei: '860000000000002', kind: 'glucose' }] } as never });
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/api/oauth/v1/token',
      '/api/open/v1/devices',
      '/api/open/v1/devices',
    ]);
    expect(new URLSearchParams(seen[0]?.body).get('grant_type')).toBe('client_credentials');
    expect(seen[2]?.headers.get('authorization')).toBe('Bearer oat_7');
    expect(onTokens).toHaveLength(1);
  });
});

describe('createOpenClient: retries', () => {
  it('retries a GET on 503 with full-jitter back-off, then resolves', async () => {
    const { waited, sleep } = sleeps();
    let calls = 0;
    const { fetch } = network(() => {
      calls += 1;
      return calls < 3 ? json({ code: 50300, errMsg: '服务暂不可用' }, 503) : json(envelope({ patientId: 'p' }));
    });
    const api = client(fetch, { retry: { sleep, random: () => 0.5, baseDelayMs: 100 } });
    await expect(api.GET('/open/v1/profile')).resolves.toEqual({ patientId: 'p' });
    expect(waited).toEqual([50, 100]); // half of 100 · 2^0, half of 100 · 2^1
  });

  it('waits the Retry-After of a 429 instead of its own back-off', async () => {
    const { waited, sleep } = sleeps();
    let calls = 0;
    const { fetch } = network(() => {
      calls += 1;
      return calls === 1
        ? json({ code: 42900, errMsg: '请求过于频繁，请稍后再试' }, 429, { 'retry-after': '7' })
        : json(envelope({ patientId: 'p' }));
    });
    await client(fetch, { retry: { sleep } }).GET('/open/v1/profile');
    expect(waited).toEqual([7000]);
  });

  it('returns the 429 when its Retry-After is longer than it is willing to wait', async () => {
    const { waited, sleep } = sleeps();
    const { fetch, seen } = network(() =>
      json({ code: 42900, errMsg: '请求过于频繁，请稍后再试' }, 429, { 'retry-after': '3600' }),
    );
    const error: unknown = await client(fetch, { retry: { sleep } })
      .GET('/open/v1/profile')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 42900, errMsg: '请求过于频繁，请稍后再试' });
    expect(seen).toHaveLength(1);
    expect(waited).toEqual([]);
  });

  it('gives up after the configured number of retries with the last answer', async () => {
    const { waited, sleep } = sleeps();
    const { fetch, seen } = network(() => json({ code: 50200, errMsg: '网关错误' }, 502));
    const error: unknown = await client(fetch, { retry: { sleep, retries: 2 } })
      .GET('/open/v1/profile')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 50200 });
    expect(seen).toHaveLength(3);
    expect(waited).toHaveLength(2);
  });

  it('retries a network failure of a GET and reports one that lasts', async () => {
    const { sleep } = sleeps();
    const { fetch, seen } = network(() => Promise.reject(new TypeError('fetch failed')));
    const error: unknown = await client(fetch, { retry: { sleep, retries: 1 } })
      .GET('/open/v1/profile')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', code: -1, errMsg: '网络连接异常，请检查网络' });
    expect(seen).toHaveLength(2);
  });

  it('stops at once when the caller aborts: no retry, the abort itself rejects', async () => {
    const { sleep, waited } = sleeps();
    const controller = new AbortController();
    const { fetch, seen } = network(() => {
      controller.abort(new Error('the user left'));
      return Promise.reject(new TypeError('aborted'));
    });
    const error: unknown = await client(fetch, { retry: { sleep } })
      .GET('/open/v1/profile', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(seen).toHaveLength(1);
    expect(waited).toEqual([]);
  });

  it('answers a time-out of each attempt as kind timeout after the retries', async () => {
    const { sleep } = sleeps();
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const { fetch, seen } = network(hang);
    const error: unknown = await client(fetch, { retry: { sleep, retries: 1 }, timeoutMs: 20 })
      .GET('/open/v1/profile')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', code: -2, errMsg: '请求超时，请稍后重试' });
    expect(seen).toHaveLength(2);
  });

  it('sends POST /open/v1/readings with a fresh Idempotency-Key and keeps it across retries', async () => {
    const { sleep } = sleeps();
    let calls = 0;
    const { fetch, seen } = network(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('socket hang up')) : json(envelope({ id: 'glucose-9' }));
    });
    const api = client(fetch, { retry: { sleep } });
    const body = {
      kind: 'glucose',
      measuredAt: '2026-11-20T08:00:00+08:00',
      glucose: { mmolL: 6.1, timeType: 1 },
    } as never;
    await api.POST('/open/v1/readings', { body });
    await api.POST('/open/v1/readings', { body });
    const keys = seen.map((s) => s.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(seen[1]?.body).toBe(seen[0]?.body);
  });

  it('keeps the Idempotency-Key the caller gives, and retries a 409 (the first request still running)', async () => {
    const { sleep } = sleeps();
    let calls = 0;
    const { fetch, seen } = network(() => {
      calls += 1;
      return calls === 1
        ? json({ code: 40900, errMsg: '请求正在处理，请稍后重试' }, 409)
        : json(envelope({ id: 'glucose-9' }));
    });
    await client(fetch, { retry: { sleep } }).POST('/open/v1/readings', {
      body: { kind: 'weight', measuredAt: '2026-11-20T08:00:00+08:00', weight: { kg: 70 } } as never,
      params: { header: { 'Idempotency-Key': 'order-42' } },
    });
    expect(seen.map((s) => s.headers.get('idempotency-key'))).toEqual(['order-42', 'order-42']);
  });

  it('never retries a write without an Idempotency-Key', async () => {
    const { sleep, waited } = sleeps();
    const { fetch, seen } = network(() => json({ code: 50300, errMsg: '服务暂不可用' }, 503));
    const api = client(fetch, { retry: { sleep } });
    await expect(api.POST('/open/v1/devices', { body: { devices: [] } as never })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.has('idempotency-key')).toBe(false);
    expect(waited).toEqual([]);
  });

  it('sends a rotation of a webhook secret with a fresh Idempotency-Key and the same key when it retries', async () => {
    const { sleep } = sleeps();
    let calls = 0;
    const { fetch, seen } = network(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('socket hang up')) : json(envelope({ secret: 'whsec_x' }));
    });
    const api = client(fetch, { retry: { sleep } });
    const rotate = (subscriptionId: string) =>
      api.POST('/open/v1/webhooks/{subscriptionId}/secret', { params: { path: { subscriptionId } } });
    await rotate('4b0c1f7e-2a57-4d5c-9a43-1c2d3e4f5a6b');
    await rotate('4b0c1f7e-2a57-4d5c-9a43-1c2d3e4f5a6b');
    // Other writes under /open/v1/webhooks get none (no retry without a key).
    await api.POST('/open/v1/webhooks', { body: { url: 'https://insurer.example/hooks', events: [] } as never });
    const keys = seen.map((s) => s.headers.get('idempotency-key'));
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/api/open/v1/webhooks/4b0c1f7e-2a57-4d5c-9a43-1c2d3e4f5a6b/secret',
      '/api/open/v1/webhooks/4b0c1f7e-2a57-4d5c-9a43-1c2d3e4f5a6b/secret',
      '/api/open/v1/webhooks/4b0c1f7e-2a57-4d5c-9a43-1c2d3e4f5a6b/secret',
      '/api/open/v1/webhooks',
    ]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeNull();
  });

  it('names the writes that get a key, and the contract gives them the header', () => {
    expect(AUTO_IDEMPOTENCY_KEY).toEqual([
      { method: 'POST', path: '/open/v1/readings' },
      { method: 'POST', path: '/open/v1/webhooks/{subscriptionId}/secret' },
    ]);
    expectTypeOf<NonNullable<operations['openCreateReading']['parameters']['header']>>().toHaveProperty(
      'Idempotency-Key',
    );
    expectTypeOf<NonNullable<operations['openRotateWebhookSecret']['parameters']['header']>>().toHaveProperty(
      'Idempotency-Key',
    );
  });
});

describe('back-off and Retry-After', () => {
  it('draws each wait uniformly below a ceiling that doubles up to the cap', () => {
    const policy = { baseDelayMs: 500, maxDelayMs: 20_000 };
    expect(backoffDelay(0, { ...policy, random: () => 0.999 })).toBe(499);
    expect(backoffDelay(3, { ...policy, random: () => 0.5 })).toBe(2000);
    expect(backoffDelay(10, { ...policy, random: () => 0.5 })).toBe(10_000);
    expect(backoffDelay(4, { ...policy, random: () => 0 })).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter('Fri, 20 Nov 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 19 Nov 2026 00:00:30 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('createOpenClient: paging', () => {
  it('walks a page-number list to its last page', async () => {
    const { fetch, seen } = network((request) => {
      const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
      return json(page([{ id: `glucose-${2 * n - 1}` }, { id: `glucose-${2 * n}` }], n, 3));
    });
    const ids: string[] = [];
    for await (const reading of client(fetch).paginate('/open/v1/readings', {
      params: { query: { kind: 'glucose', pageSize: 2 } },
    })) {
      expectTypeOf(reading.measuredAt).toEqualTypeOf<string>();
      ids.push(reading.id);
    }
    expect(ids).toEqual(['glucose-1', 'glucose-2', 'glucose-3', 'glucose-4', 'glucose-5', 'glucose-6']);
    expect(seen.map((s) => s.url.search)).toEqual([
      '?kind=glucose&pageSize=2',
      '?kind=glucose&pageSize=2&page=2',
      '?kind=glucose&pageSize=2&page=3',
    ]);
  });

  it('stops at an empty page', async () => {
    const { fetch, seen } = network(() => json(envelope({ items: [], page: 1, pageSize: 20, totalPage: 0, total: 0 })));
    const all = [];
    for await (const reading of client(fetch).paginate('/open/v1/readings', {
      params: { query: { kind: 'weight' } },
    })) {
      all.push(reading);
    }
    expect(all).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('follows a cursor list while hasMore, giving each page its nextCursor to store', async () => {
    const feed: Record<string, { changes: { cursor: string }[]; nextCursor: string; hasMore: boolean }> = {
      start: { changes: [{ cursor: 'c1' }, { cursor: 'c2' }], nextCursor: 'k2', hasMore: true },
      k2: { changes: [{ cursor: 'c3' }], nextCursor: 'k3', hasMore: false },
    };
    const { fetch, seen } = network((request) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? 'start';
      return json(envelope(feed[cursor]));
    });
    const cursors: (string | null)[] = [];
    const ids: string[] = [];
    for await (const changes of client(fetch).pages('/open/v1/changes', { params: { query: { limit: 2 } } })) {
      ids.push(...changes.items.map((c) => c.cursor));
      cursors.push(changes.nextCursor);
    }
    expect(ids).toEqual(['c1', 'c2', 'c3']);
    expect(cursors).toEqual(['k2', 'k3']);
    expect(seen.map((s) => s.url.search)).toEqual(['?limit=2', '?limit=2&cursor=k2']);
  });

  it('rejects with the 410 of an expired cursor after the pages before it, without asking again', async () => {
    const { fetch, seen } = network((request) =>
      new URL(request.url).searchParams.get('cursor') === 'old'
        ? json({ code: 41000, errMsg: '同步游标已过期，请从头同步', data: null }, 410)
        : json(envelope({ changes: [{ cursor: 'c1' }], nextCursor: 'old', hasMore: true })),
    );
    const ids: string[] = [];
    const walk = async () => {
      for await (const change of client(fetch).paginate('/open/v1/changes')) {
        ids.push(change.cursor);
      }
    };
    const error = await walk().catch((e: unknown) => e);
    expect(isOpenApiError(error, 410)).toBe(true);
    expect(error).toMatchObject({ code: 41000, errMsg: '同步游标已过期，请从头同步', kind: 'server' });
    expect(ids).toEqual(['c1']);
    expect(seen.map((s) => s.url.search)).toEqual(['', '?cursor=old']);
  });

  it('never follows a next link to another server (the token would go with it)', async () => {
    const { fetch, seen } = network(
      () =>
        new Response(
          JSON.stringify({
            resourceType: 'Bundle',
            type: 'searchset',
            link: [{ relation: 'next', url: 'https://elsewhere.example/fhir/R4/Observation?_page=2' }],
            entry: [{ resource: { resourceType: 'Observation', id: 'o1' } }],
          }),
          { headers: { 'content-type': 'application/fhir+json' } },
        ),
    );
    const walk = (client(fetch).paginate as unknown as (url: string) => AsyncIterable<{ id: string }>)(
      '/fhir/R4/Observation',
    );
    const ids: string[] = [];
    const error: unknown = await (async () => {
      for await (const resource of walk) {
        ids.push(resource.id);
      }
    })().catch((e: unknown) => e);
    expect(ids).toEqual(['o1']);
    expect(isOpenApiError(error)).toBe(true);
    expect(seen.map((s) => s.url.origin)).toEqual(['https://gg.example']);
  });

  it('follows a FHIR Bundle by its next link with the same token', async () => {
    const bundle = (ids: string[], next?: string) => ({
      resourceType: 'Bundle',
      type: 'searchset',
      link: next ? [{ relation: 'next', url: next }] : [],
      entry: ids.map((id) => ({ resource: { resourceType: 'Observation', id } })),
    });
    const { fetch, seen } = network(
      (request) =>
        new Response(
          JSON.stringify(
            new URL(request.url).searchParams.has('_page')
              ? bundle(['o3'])
              : bundle(['o1', 'o2'], `${BASE}/fhir/R4/Observation?_page=2`),
          ),
          { headers: { 'content-type': 'application/fhir+json' } },
        ),
    );
    const api = client(fetch);
    const ids: string[] = [];
    // The walk is untyped here when the FHIR paths are not in the contract; the runtime is what this checks.
    const walk = (api.paginate as unknown as (url: string) => AsyncIterable<{ id: string }>)('/fhir/R4/Observation');
    for await (const resource of walk) {
      ids.push(resource.id);
    }
    expect(ids).toEqual(['o1', 'o2', 'o3']);
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer oat_0', 'Bearer oat_0']);
  });
});
