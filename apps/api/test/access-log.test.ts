// The access log: one line per request, sensitive values masked, through the server's logger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('access log', () => {
  it('writes one access-log line per request, with sensitive query values masked', async () => {
    await fetch(`${api.baseUrl}/config/v1/getServerTime?phone=13800138000`, {
      headers: { 'x-request-id': 'access-line-1', authorization: 'Bearer not-a-real-token' },
    });
    const lines = api.logs
      .filter((line) => line.includes('access-line-1'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: 'access-line-1',
      msg: 'request completed',
      req: { method: 'GET', url: '/api/config/v1/getServerTime?phone=%5BREDACTED%5D' },
      res: { statusCode: 200 },
    });
    // The time and the response time are JSON numbers; the response time is to the microsecond.
    const line = api.logs.find((l) => l.includes('access-line-1')) ?? '';
    expect(line).toMatch(/"time":\d{13},/);
    expect(line).toMatch(/"responseTime":\d+\.\d{3},/);
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
    expect(api.logs.join('')).not.toContain('13800138000');
    expect(api.logs.join('')).not.toContain('not-a-real-token');
  });

  it('masks sensitive body fields wherever a handler logs them, and logs a failing request once', async () => {
    api.app.log.info(
      { body: { phone: '13900139000', validCode: '654321' }, headers: { authorization: 'Bearer abc' } },
      'a handler logging its input',
    );
    const line = api.logs.find((l) => l.includes('a handler logging its input'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      body: { phone: '[REDACTED]', validCode: '[REDACTED]' },
      headers: { authorization: '[REDACTED]' },
    });
    await fetch(`${api.baseUrl}/nope/v1/missing`, { headers: { 'x-request-id': 'access-line-404' } });
    const lines = api.logs
      .filter((l) => l.includes('access-line-404'))
      .map((l) => JSON.parse(l) as { res: { statusCode: number } });
    expect(lines.map((l) => l.res.statusCode)).toEqual([404]);
  });
});
