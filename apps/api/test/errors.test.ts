import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { app as appPlugin, serverOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('error envelope', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await fetch(`${api.baseUrl}/nope/v1/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 40400, errMsg: '接口不存在：GET /api/nope/v1/missing', data: null });
  });

  it('echoes a well-formed request id and replaces a malformed one', async () => {
    const kept = await fetch(`${api.baseUrl}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${api.baseUrl}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps phone numbers and tokens out of the logs', async () => {
    await fetch(`${api.baseUrl}/config/v1/queryDicByTypeCode?typeCode=sex&phone=13800138000`, {
      headers: { authorization: 'Bearer secret-token-value' },
    });
    const text = api.logs.join('\n');
    expect(text).toContain('/api/config/v1/queryDicByTypeCode');
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain('secret-token-value');
  });
});

describe('unexpected failures', () => {
  let instance: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', WEB_DIST: '/nonexistent' });
    instance = Fastify(serverOptions(config));
    await instance.register(appPlugin, config);
    instance.get('/api/test/boom', () => {
      throw new Error('database password is hunter2');
    });
    // An error whose own properties throw when read: the error handler must still answer.
    instance.get('/api/test/trap', () => {
      throw Object.defineProperty(new Error('trap'), 'validation', {
        get() {
          throw new RangeError('Maximum call stack size exceeded');
        },
      });
    });
    instance.get('/api/test/string', () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless dependency might do
      throw 'not an error';
    });
    await instance.ready();
  });
  afterAll(() => instance.close());

  it('become a generic 500 envelope with the request id and no internals', async () => {
    const res = await instance.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-boom' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ code: number; errMsg: string }>();
    expect(body).toEqual({
      code: 50000,
      errMsg: '服务器开小差了，请稍后再试（请求编号 req-boom）',
      data: null,
      requestId: 'req-boom',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it.each(['/api/test/trap', '/api/test/string'])('even when the error itself cannot be read (%s)', async (url) => {
    const res = await instance.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-trap' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 50000,
      errMsg: '服务器开小差了，请稍后再试（请求编号 req-trap）',
      data: null,
      requestId: 'req-trap',
    });
  });
});
