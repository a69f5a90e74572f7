// One request policy for every route (issue 15 A): bodies are not coerced, NUL characters and
// deep nesting are refused, every answer under /api is the envelope, and sign-in comes first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { registeredCustomer, startTestApi, type TestApi } from './harness';

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  ({
    signIn: { token },
  } = await registeredCustomer(api));
});
afterAll(() => api.close());

interface Answer {
  status: number;
  text: string;
  json: { code?: number; errMsg?: string; data?: unknown; requestId?: string } | undefined;
}

/** A raw HTTP exchange, so methods, headers and bodies fetch would refuse can be sent. */
function raw(
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Answer> {
  const url = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
          ...(options.auth && { authorization: `Bearer ${token}` }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Answer['json'];
          try {
            json = JSON.parse(text) as Answer['json'];
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function expectEnvelope(answer: Answer, status: number) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(typeof answer.json?.code).toBe('number');
  expect(answer.json?.code).not.toBe(0);
  expect(typeof answer.json?.errMsg).toBe('string');
  expect(answer.json?.errMsg).not.toBe('');
  expect(answer.json?.data).toBeNull();
  expect(typeof answer.json?.requestId).toBe('string');
}

const reading = { sugar: 6.5, createTime: '2026-11-20 08:00:00', remark: 'ok' };

describe('bodies are not coerced', () => {
  it.each([
    ['sugar', { ...reading, sugar: [6.5] }],
    ['sugar', { ...reading, sugar: '6.5' }],
    ['createTime', { ...reading, createTime: ['2026-11-20 08:00:00'] }],
    ['remark', { ...reading, remark: 12345 }],
    ['timeType', { ...reading, timeType: '3' }],
  ])('refuses a wrong type in %s with 400 naming the field', async (field, body) => {
    const answer = await raw('POST', '/api/sugarTest/v1/add', { body: JSON.stringify(body), auth: true });
    expectEnvelope(answer, 400);
    expect(answer.json?.errMsg).toContain(field);
  });

  it('refuses an infinite number in the body (1e400) and in the query (1e999)', async () => {
    const body = JSON.stringify({ ...reading, sugar: 0 }).replace('"sugar":0', '"sugar":1e400');
    const inBody = await raw('POST', '/api/sugarTest/v1/add', { body, auth: true });
    expectEnvelope(inBody, 400);
    expect(inBody.json?.errMsg).toContain('sugar');
    const inQuery = await raw('GET', '/api/weight/v1/queryList?pageNo=1&pageSize=1e999', { auth: true });
    expectEnvelope(inQuery, 400);
    expect(inQuery.json?.errMsg).toContain('pageSize');
  });

  it('still stores the same reading with the declared types', async () => {
    const answer = await raw('POST', '/api/sugarTest/v1/add', { body: JSON.stringify(reading), auth: true });
    expect(answer.status, answer.text).toBe(200);
  });

  it('still converts query parameters as their schema declares', async () => {
    const answer = await raw('GET', '/api/sugarTest/v1/queryDayData?dateTime=2026-11-20&timeType=3', { auth: true });
    expect(answer.status, answer.text).toBe(200);
  });

  it('keeps the spec messages of the schema (x-errMsg) and the Chinese wording', async () => {
    const answer = await raw('POST', '/api/sugarTest/v1/add', { body: JSON.stringify({ sugar: 6.5 }), auth: true });
    expectEnvelope(answer, 400);
    expect(answer.json?.errMsg).toBe('请求体缺少必填字段：createTime');
  });
});

describe('NUL characters', () => {
  it('are refused in a body string with 400, not stored or failed with 500', async () => {
    const answer = await raw('POST', '/api/sugarTest/v1/add', {
      body: JSON.stringify({ ...reading, remark: 'a\u0000b' }),
      auth: true,
    });
    expectEnvelope(answer, 400);
    expect(answer.json?.errMsg).toContain('remark');
  });

  it('are refused in a body key and deep inside arrays', async () => {
    expectEnvelope(
      await raw('POST', '/api/sugarTest/v1/add', { body: JSON.stringify({ ...reading, 'x\u0000': 1 }), auth: true }),
      400,
    );
    const tagged = await raw('POST', '/api/sugarTest/v1/add', {
      body: JSON.stringify({ ...reading, tags: ['a\u0000'] }),
      auth: true,
    });
    expectEnvelope(tagged, 400);
  });

  it('are refused in the query', async () => {
    expectEnvelope(await raw('GET', '/api/config/v1/queryDicByTypeCode?typeCode=se%00x'), 400);
    const search = await raw('GET', '/api/doctor/v1/list?keyWord=%E7%8E%8B%00', { auth: true });
    expectEnvelope(search, 400);
    expect(search.json?.errMsg).toContain('keyWord');
  });

  it('are refused in the path', async () => {
    const answer = await raw('GET', '/api/article/v1/image/a%00b.png');
    expectEnvelope(answer, 400);
  });
});

describe('deep or huge bodies', () => {
  const deep = (levels: number) => `{"url":${'['.repeat(levels)}${']'.repeat(levels)},"errName":"e","errMessage":"m"}`;

  it('answers 400 in the envelope for JSON nested thousands of levels deep, anonymously', async () => {
    for (const levels of [5_000, 15_000]) {
      const answer = await raw('POST', '/api/front/v1/log', { body: deep(levels) });
      expectEnvelope(answer, 400);
      expect(answer.json?.errMsg).toContain('嵌套');
    }
  });

  it('never echoes request data in the error', async () => {
    const secret = `s${'x'.repeat(5000)}-needle`;
    const answer = await raw('POST', '/api/front/v1/log', {
      body: JSON.stringify({ url: 'u', errName: 'e', errMessage: 'm', [secret]: 1 }),
    });
    expectEnvelope(answer, 400);
    expect(answer.text).not.toContain('needle');
    expect(answer.text.length).toBeLessThan(1000);
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const answer = await raw('POST', '/api/front/v1/log', {
      body: JSON.stringify({ url: 'u', errName: 'e', errMessage: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expectEnvelope(answer, 413);
  });
});

describe('every answer under /api is the envelope', () => {
  it('404 for an unknown path, whatever the method', async () => {
    expectEnvelope(await raw('GET', '/api/nope'), 404);
    expectEnvelope(await raw('POST', '/api/nope/v1/missing', { body: '{}' }), 404);
    expectEnvelope(await raw('PROPFIND', '/api/nope'), 404);
  });

  it.each(['GET', 'DELETE', 'PUT', 'PROPFIND', 'LINK'])(
    '405 naming the allowed method for %s on a POST operation',
    async (method) => {
      const answer = await raw(method, '/api/sugarTest/v1/add');
      expectEnvelope(answer, 405);
      expect(answer.json?.errMsg).toContain('POST');
    },
  );

  it('414 for a URL that is too long, 431 for headers that are too large', async () => {
    expectEnvelope(await raw('GET', `/api/config/v1/queryDicByTypeCode?typeCode=${'a'.repeat(10_000)}`), 414);
    expectEnvelope(await raw('GET', `/api/config/v1/queryDicByTypeCode?typeCode=${'a'.repeat(20_000)}`), 431);
    expectEnvelope(
      await raw('GET', '/api/config/v1/getServerTime', { headers: { 'x-filler': 'a'.repeat(20_000) } }),
      431,
    );
  });

  it('400 for a request the HTTP parser cannot read', async () => {
    const answer = await raw('GET', '/api/config/v1/getServerTime', {
      headers: { 'transfer-encoding': 'chunked', 'content-length': '3' },
    });
    expectEnvelope(answer, 400);
  });

  it('414 for a path parameter over the router limit', async () => {
    expectEnvelope(await raw('GET', `/api/article/v1/image/${'a'.repeat(300)}.png`), 414);
  });

  it('415 for a body that is not JSON', async () => {
    expectEnvelope(
      await raw('POST', '/api/front/v1/log', {
        body: 'url=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
    expectEnvelope(
      await raw('POST', '/api/front/v1/log', { body: 'hello', headers: { 'content-type': 'text/plain' } }),
      415,
    );
  });

  it('400 for malformed JSON and for a malformed URL encoding', async () => {
    expectEnvelope(await raw('POST', '/api/front/v1/log', { body: '{"url":' }), 400);
    expectEnvelope(await raw('GET', '/api/article/v1/image/%E0%A4%A.png'), 400);
  });

  it('429 keeps the envelope with its own code', async () => {
    const phone = '13900000429';
    const first = await raw('POST', '/api/shortMsg/v1/getCode', { body: JSON.stringify({ phone }), auth: true });
    expect(first.status, first.text).toBe(200);
    const again = await raw('POST', '/api/shortMsg/v1/getCode', { body: JSON.stringify({ phone }), auth: true });
    expectEnvelope(again, 429);
    expect(again.json?.code).toBe(42900);
  });
});

describe('sign-in is checked before the body', () => {
  it.each([
    ['POST', '/api/sugarTest/v1/add', '{"sugar":"x"}'],
    ['POST', '/api/sugarTest/v1/add', '{'],
    ['POST', '/api/sugarTest/v1/add', JSON.stringify({ remark: 'a\u0000' })],
    ['GET', '/api/sugarTest/v1/queryDayData?timeType=x', undefined],
  ])('an anonymous %s %s answers 401', async (method, path, body) => {
    const answer = await raw(method, path, { ...(body !== undefined && { body }) });
    expectEnvelope(answer, 401);
    expect(answer.json?.code).toBe(40100);
  });

  it('a rejected token answers 401 with the expiry message, before the body', async () => {
    const answer = await raw('POST', '/api/sugarTest/v1/add', {
      body: '{}',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expectEnvelope(answer, 401);
    expect(answer.json?.errMsg).toBe('登录已过期，请重新登录');
  });
});
