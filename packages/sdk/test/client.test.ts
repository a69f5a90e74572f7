import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, createApiClient, isApiError } from '../src/index';

type Handler = (request: Request) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request.clone());
    return handler(request);
  };
  return { fetch, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createApiClient', () => {
  it('returns the envelope data of a successful call', async () => {
    const { fetch } = fakeFetch(() =>
      json({ code: 0, errMsg: '', data: { status: 'ok', database: 'pglite', version: '1' } }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch });
    const health = await client.GET('/healthz');
    expectTypeOf(health.status).toEqualTypeOf<'ok'>();
    expect(health).toEqual({ status: 'ok', database: 'pglite', version: '1' });
  });

  it('sends the bearer token, source id, app code and a request id with every call', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 0, errMsg: '', data: { id: '1' } }));
    let token = 'first';
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      fetch,
      token: () => token,
      sourceId: 3,
      requestId: () => 'req-1',
    });
    await client.POST('/front/v1/log', { body: { url: '/', errName: 'TypeError', errMessage: 'x' } });
    token = 'second';
    await client.GET('/config/v1/getServerTime');
    const [post, get] = seen;
    expect(post?.url).toBe('http://api.test/api/front/v1/log');
    expect(post?.headers.get('authorization')).toBe('Bearer first');
    expect(post?.headers.get('x-source-id')).toBe('3');
    expect(post?.headers.get('x-app-code')).toBe('wechat_aicare');
    expect(post?.headers.get('x-request-id')).toBe('req-1');
    expect(await post?.json()).toEqual({ url: '/', errName: 'TypeError', errMessage: 'x' });
    expect(get?.headers.get('authorization')).toBe('Bearer second');
  });

  it('sends no authorization header when signed out and uses the medical brand by default', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ code: 0, errMsg: '', data: { timestamp: 1, iso: '', timeZone: 'Asia/Shanghai' } }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch, token: null });
    await client.GET('/config/v1/getServerTime');
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(seen[0]?.headers.get('x-source-id')).toBe('4');
    expect(seen[0]?.headers.get('x-app-code')).toBe('wechat_xty');
    expect(seen[0]?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('throws an ApiError with the code and errMsg of a non-zero envelope', async () => {
    const { fetch } = fakeFetch(() => json({ code: 90001, errMsg: '请输入正确的验证码', data: null }, 400));
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch });
    const error: unknown = await client.GET('/healthz').catch((e: unknown) => e);
    expect(isApiError(error, 90001)).toBe(true);
    expect(error).toMatchObject({ code: 90001, errMsg: '请输入正确的验证码', kind: 'server', status: 400 });
  });

  it('falls back to the spec message when the server sends an empty errMsg', async () => {
    const { fetch } = fakeFetch(() => json({ code: 50000, errMsg: '', data: null }, 500));
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch });
    await expect(client.GET('/healthz')).rejects.toMatchObject({ code: 50000, errMsg: '请求错误' });
  });

  it('reports a network failure with the spec message', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error: unknown = await client.GET('/healthz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: CLIENT_ERROR_CODES.network,
      errMsg: '网络连接异常，请检查网络',
      kind: 'network',
    });
  });

  it('treats a body that is not an envelope as a failure, not as data', async () => {
    const { fetch } = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch });
    await expect(client.GET('/healthz')).rejects.toMatchObject({ kind: 'network', status: 502, errMsg: '请求错误' });
  });

  it('times out after the configured time with the spec message', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch: hang, timeoutMs: 30 });
    await expect(client.GET('/healthz')).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.timeout,
      errMsg: '请求超时，请稍后重试',
      kind: 'timeout',
    });
  });

  it('reports a caller abort as a network failure, not a time-out', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const client = createApiClient({ baseUrl: 'http://api.test/api', fetch: hang });
    const controller = new AbortController();
    const pending = client.GET('/healthz', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'network' });
  });
});
