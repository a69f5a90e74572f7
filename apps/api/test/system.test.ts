import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /healthz', () => {
  it('answers without a session and names the database engine it checked', async () => {
    const health = await api.client().GET('/healthz');
    expect(health).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      version: expect.any(String) as string,
    });
  });
});

describe('GET /config/v1/getServerTime', () => {
  it('returns the server clock and the China time zone', async () => {
    const before = Date.now();
    const time = await api.client().GET('/config/v1/getServerTime');
    expect(time.timeZone).toBe('Asia/Shanghai');
    expect(time.timestamp).toBeGreaterThanOrEqual(before);
    expect(new Date(time.iso).getTime()).toBe(time.timestamp);
  });
});
