// A schema-driven fuzz run over every operation of openapi.yaml (issue 15 A): malformed requests
// built from each operation's own parameters and body schema — wrong types, extra and missing
// fields, NUL characters, huge and deep values, bad dates, wrong content types, malformed path
// parameters — sent signed in (as a registered user) and anonymously. Every answer must be the
// envelope, never a 500; an anonymous call to an operation that needs sign-in must be 401.
// The generator is deterministic (seeded); set FUZZ_SEED to try another run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request as httpRequest } from 'node:http';
import type { Operation } from '../src/lib/openapi-document';
import { CLIENT_RATE_LIMITS } from '../src/contexts/platform/rate-limit/clientLimits';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

type Schema = Record<string, unknown>;

interface FuzzRequest {
  operationId: string;
  what: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  auth: boolean;
  /** Refused by the router or the HTTP layer before any route runs (so not necessarily 401). */
  beforeRoute?: boolean;
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Requests of one operation in flight together. */
const CONCURRENCY = 6;
/** At most this many requests per operation and sign-in state, picked at random from all variants. */
const PER_OPERATION = 34;

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(SEED);
function sampleOf<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) {
    return schema.type as string[];
  }
  if (typeof schema.type === 'string') {
    return [schema.type];
  }
  const alternative = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternative) {
    return alternative.flatMap(typesOf);
  }
  if (schema.properties) {
    return ['object'];
  }
  return [];
}

const looksLikeDate = (name: string) => /time|date|day|birth|month|year/i.test(name);
const looksLikePhone = (name: string) => /phone|mobile/i.test(name);

/** A plausible valid value for a schema, so a single mutation reaches past the other fields. */
function plausible(schema: Schema, name: string, depth = 0): unknown {
  if (Array.isArray(schema.enum)) {
    return schema.enum[0];
  }
  if ('const' in schema) {
    return schema.const;
  }
  const alternative = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternative?.length) {
    return plausible(alternative.find((s) => s.type !== 'null') ?? alternative[0] ?? {}, name, depth);
  }
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'string': {
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
      if (looksLikePhone(name)) {
        return '13800138000';
      }
      if (looksLikeDate(name)) {
        return max >= 19
          ? '2026-11-20 08:00:00'
          : max >= 16
            ? '2026-11-20 08:00'
            : max >= 10
              ? '2026-11-20'
              : '2026-11'.slice(0, max);
      }
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      return '1'.repeat(Math.max(1, Math.min(min, max)));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return depth > 6
        ? []
        : Array.from({ length: count }, () => plausible((schema.items as Schema | undefined) ?? {}, name, depth + 1));
    }
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      return depth > 6
        ? {}
        : Object.fromEntries(required.map((key) => [key, plausible(properties[key] ?? {}, key, depth + 1)]));
    }
    default:
      return null;
  }
}

const OTHER_TYPES: Array<[string, unknown]> = [
  ['integer', 0],
  ['integer', -1],
  ['number', 1.5],
  ['string', 'x'],
  ['string', ''],
  ['string', '6.5'],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['array', ['x']],
  ['array', [6.5]],
  ['object', {}],
  ['object', { a: 1 }],
];
/** Values of a JSON type the schema does not allow. */
function wrongTypes(schema: Schema): unknown[] {
  const allowed = new Set(typesOf(schema));
  if (allowed.size === 0) {
    return [];
  }
  return OTHER_TYPES.filter(([type]) => !allowed.has(type) && !(type === 'integer' && allowed.has('number'))).map(
    ([, value]) => value,
  );
}

const BAD_DATES = [
  '1800-01-01 00:00:00',
  '9999-12-31 23:59:59',
  '2026-13-45 25:61:61',
  '2026-02-30',
  '0000-00-00',
  'not a date',
  '2026-11-20T08:00:00Z',
  '-0001-01-01',
  '20261120',
  '2026/11/20',
  '1970-01-01 00:00:00',
];

/** A JSON text nested `levels` deep. */
const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
const HUGE = 'x'.repeat(100_000);
/** A marker replaced by raw JSON text (numbers JSON.stringify cannot write, deep nesting). */
const RAW = (text: string) => `__RAW_${Buffer.from(text).toString('base64url')}__`;
const withRaw = (json: string) =>
  json.replace(/"__RAW_([A-Za-z0-9_-]+)__"/g, (_m, b64: string) => Buffer.from(b64, 'base64url').toString());

/** Mutations of one property's value, from its schema. */
function valueMutations(schema: Schema, name: string): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = sampleOf(wrongTypes(schema), 3).map((v) => [
    `wrong type ${JSON.stringify(v)}`,
    v,
  ]);
  const types = typesOf(schema);
  const base = plausible(schema, name);
  out.push(['wrapped in an array', [base]]);
  out.push(['deep', RAW(nested(20))]);
  out.push(['over the depth cap', RAW(nested(200))]);
  if (types.includes('string') || types.length === 0) {
    out.push(
      ['NUL', `a\u0000b`],
      ['only NUL', '\u0000'],
      ['huge', HUGE],
      ['lone surrogate', RAW('"\\ud800x"')],
      ['emoji and RTL', '😀\u202e'],
      ['SQL', "x' or 1=1 --"],
    );
    if (looksLikeDate(name) || schema.format === 'date' || schema.format === 'date-time') {
      out.push(...sampleOf(BAD_DATES, 4).map((d): [string, unknown] => [`bad date ${d}`, d]));
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    out.push(
      ['1e400', RAW('1e400')],
      ['-1e308', -1e308],
      ['2^63', RAW('9223372036854775808')],
      ['fraction', 0.123456789],
      ['negative', -7],
    );
  }
  if (types.includes('array')) {
    out.push([
      '10,000 items',
      Array.from({ length: 10_000 }, () => plausible((schema.items as Schema | undefined) ?? {}, name)),
    ]);
  }
  if (types.includes('object')) {
    out.push(
      ['extra nested field', { ...(base as object), zzExtra: 1 }],
      ['__proto__ key', RAW('{"__proto__":{"polluted":1}}')],
    );
  }
  return out;
}

function bodyVariants(schema: Schema): Array<{ what: string; body: string; contentType?: string }> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  const base = plausible(schema, 'body') as Record<string, unknown>;
  const json = (value: unknown) => withRaw(JSON.stringify(value));
  const out: Array<{ what: string; body: string; contentType?: string }> = [];
  for (const [key, property] of Object.entries(properties)) {
    for (const [what, value] of valueMutations(property, key)) {
      out.push({ what: `${key}: ${what}`, body: json({ ...base, [key]: value }) });
    }
  }
  for (const key of required) {
    const { [key]: _dropped, ...rest } = base;
    out.push({ what: `missing ${key}`, body: json(rest) });
  }
  out.push(
    { what: 'extra field', body: json({ ...base, zzExtra: 'x' }) },
    { what: 'NUL in a key', body: json({ ...base, 'a\u0000': 'x' }) },
    {
      what: 'NUL in a known key',
      body: json(Object.fromEntries(Object.entries(base).map(([k, v]) => [`${k}\u0000`, v]))),
    },
    { what: '__proto__', body: '{"__proto__":{"polluted":true}}' },
    { what: 'constructor.prototype', body: '{"constructor":{"prototype":{"polluted":true}}}' },
    { what: 'array body', body: json([base]) },
    { what: 'string body', body: '"x"' },
    { what: 'number body', body: '1' },
    { what: 'null body', body: 'null' },
    { what: 'empty object', body: '{}' },
    { what: 'empty body', body: '' },
    { what: 'malformed JSON', body: '{"a":' },
    { what: 'JSON with a BOM', body: `\ufeff${json(base)}` },
    {
      what: 'duplicate keys',
      body: `{${Object.keys(base)
        .map((k) => `"${k}":1,"${k}":"x"`)
        .join(',')}}`,
    },
    { what: 'nested 5,000 deep', body: `{"a":${nested(5_000)}}` },
    { what: 'nested 100,000 deep', body: nested(100_000) },
    { what: 'huge padding', body: json({ ...base, zzPadding: 'x'.repeat(400_000) }) },
    { what: 'text/plain', body: json(base), contentType: 'text/plain' },
    { what: 'form', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    {
      what: 'multipart',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
    },
    { what: 'xml', body: '<a>1</a>', contentType: 'application/xml' },
    { what: 'no content type', body: json(base), contentType: '' },
    { what: 'json in latin1', body: json(base), contentType: 'application/json; charset=latin1' },
    { what: 'malformed content type', body: json(base), contentType: 'application/json;;; =' },
    { what: 'vendor json', body: json(base), contentType: 'application/vnd.api+json' },
  );
  return out;
}

function queryVariants(schema: Schema | undefined): Array<{ what: string; query: string }> {
  const properties = (schema?.properties as Record<string, Schema> | undefined) ?? {};
  const required = (schema?.required as string[] | undefined) ?? [];
  const base = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, String(plausible(s, k))]));
  const qs = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
  const out: Array<{ what: string; query: string }> = [];
  for (const [key, property] of Object.entries(properties)) {
    const types = typesOf(property);
    const values = [
      'abc',
      '',
      '-1',
      '1.5',
      '1e999',
      '99999999999999999999',
      'true',
      'null',
      '[]',
      '{"a":1}',
      'a\u0000b',
      'x'.repeat(5_000),
      '😀',
    ];
    if (looksLikeDate(key) || types.includes('string')) {
      values.push(...sampleOf(BAD_DATES, 3));
    }
    for (const value of sampleOf(values, 7)) {
      out.push({ what: `${key}=${JSON.stringify(value.slice(0, 20))}`, query: qs({ ...base, [key]: value }) });
    }
    out.push({
      what: `${key} repeated`,
      query: `${qs(base)}&${encodeURIComponent(key)}=2&${encodeURIComponent(key)}=3`,
    });
    out.push({
      what: `${key} malformed escape`,
      query: `${qs({ ...base, [key]: 'x' }).replace(`${encodeURIComponent(key)}=x`, `${encodeURIComponent(key)}=%zz%E0%A4%A`)}`,
    });
  }
  for (const key of required) {
    const { [key]: _dropped, ...rest } = base;
    out.push({ what: `missing ${key}`, query: qs(rest) });
  }
  out.push(
    { what: 'extra parameter', query: `${qs(base)}&zzExtra=1` },
    { what: 'NUL in a parameter name', query: `${qs(base)}&a%00b=1` },
    { what: '__proto__ parameter', query: `${qs(base)}&__proto__=1&constructor=2` },
    { what: 'bracket parameters', query: `${qs(base)}&a[b]=1&a[]=2` },
    { what: 'only separators', query: '&&&==&' },
    { what: 'semicolons', query: `${qs(base).replaceAll('&', ';')}` },
  );
  return out;
}

function pathVariants(op: Operation): Array<{ what: string; path: string; beforeRoute?: boolean }> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const fill = (value: string) => names.reduce((path, name) => path.replace(`{${name}}`, value), op.path);
  return [
    { what: 'NUL', path: fill('a%00b.png') },
    { what: 'only NUL', path: fill('%00') },
    { what: 'malformed escape', path: fill('%zz'), beforeRoute: true },
    { what: 'truncated UTF-8', path: fill('%E0%A4%A'), beforeRoute: true },
    { what: 'overlong UTF-8 slash', path: fill('%C0%AF') },
    { what: 'traversal', path: fill('..%2F..%2Fetc%2Fpasswd') },
    { what: 'dot segments', path: fill('../../etc/passwd') },
    { what: 'long', path: fill('a'.repeat(300)), beforeRoute: true },
    { what: 'Chinese', path: fill(encodeURIComponent('血糖.png')) },
    { what: 'empty', path: fill(''), beforeRoute: true },
    { what: 'dot file', path: fill('.env') },
    { what: 'backslashes', path: fill('a%5C..%5Cb') },
    { what: 'query in name', path: fill('a%3Fb%3Dc') },
    { what: 'upper case', path: fill('A.PNG') },
  ];
}

/** Every malformed request of one operation. */
function requestsOf(op: Operation): FuzzRequest[] {
  const prefix = '/api';
  const basePath = op.path.replace(/\{([^}]+)\}/g, 'x');
  const baseQuery = queryVariants(op.schema.querystring);
  const validQuery = op.schema.querystring
    ? Object.entries((op.schema.querystring.properties as Record<string, Schema> | undefined) ?? {})
        .map(([k, s]) => `${k}=${encodeURIComponent(String(plausible(s, k)))}`)
        .join('&')
    : '';
  const at = (path: string, query = validQuery) => `${prefix}${path}${query ? `?${query}` : ''}`;
  const variants: Array<Omit<FuzzRequest, 'operationId' | 'auth'>> = [];
  const jsonHeaders = { 'content-type': 'application/json' };
  const validBody = op.schema.body ? withRaw(JSON.stringify(plausible(op.schema.body, 'body'))) : undefined;
  for (const q of baseQuery) {
    variants.push({
      what: `query ${q.what}`,
      method: op.method,
      path: at(basePath, q.query),
      headers: validBody ? jsonHeaders : {},
      ...(validBody !== undefined && { body: validBody }),
    });
  }
  if (op.schema.body) {
    for (const b of bodyVariants(op.schema.body)) {
      const headers: Record<string, string> =
        b.contentType === '' ? {} : { 'content-type': b.contentType ?? 'application/json' };
      variants.push({ what: `body ${b.what}`, method: op.method, path: at(basePath), headers, body: b.body });
    }
  } else {
    variants.push(
      { what: 'unexpected JSON body', method: op.method, path: at(basePath), headers: jsonHeaders, body: '{"a":1}' },
      {
        what: 'unexpected deep body',
        method: op.method,
        path: at(basePath),
        headers: jsonHeaders,
        body: nested(10_000),
      },
      {
        what: 'unexpected text body',
        method: op.method,
        path: at(basePath),
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      },
    );
  }
  if (op.schema.params) {
    for (const p of pathVariants(op)) {
      variants.push({
        what: `path ${p.what}`,
        method: op.method,
        path: at(p.path),
        headers: {},
        ...(p.beforeRoute && { beforeRoute: true }),
      });
    }
  }
  variants.push(
    {
      what: 'wrong method',
      method: op.method === 'GET' ? 'POST' : 'GET',
      path: at(basePath),
      headers: {},
      beforeRoute: true,
    },
    { what: 'unknown method', method: 'PROPFIND', path: at(basePath), headers: {}, beforeRoute: true },
    { what: 'trailing slash', method: op.method, path: at(`${basePath}/`), headers: {}, beforeRoute: true },
    {
      what: 'over-long URL',
      method: op.method,
      path: at(basePath, `zz=${'y'.repeat(9_000)}`),
      headers: {},
      beforeRoute: true,
    },
    {
      what: 'NUL in an extra query parameter',
      method: op.method,
      path: at(basePath, `${validQuery}&zz=%00`),
      headers: {},
    },
  );
  const signedIn = sampleOf(variants, PER_OPERATION).map((v) => ({ ...v, operationId: op.operationId, auth: true }));
  // Anonymous: a smaller share where sign-in is needed (they must all be 401), as many where it is not.
  const anonymous = sampleOf(variants, op.requiresAuth ? 8 : PER_OPERATION / 2).map((v) => ({
    ...v,
    operationId: op.operationId,
    auth: false,
  }));
  return [...signedIn, ...anonymous];
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

let api: TestApi;
let token: string;
let agent: Agent;
/** Moved on between operations, so the per-client limits of one operation do not starve the next. */
const clock = testClock();
const base = () => new URL(api.baseUrl);

function send(req: FuzzRequest): Promise<Answer> {
  const url = base();
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: {
          ...req.headers,
          ...(req.auth && { authorization: `Bearer ${token}` }),
          ...(req.body !== undefined && { 'content-length': String(Buffer.byteLength(req.body)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.on('error', (error) => resolve({ status: -1, text: String(error), contentType: '' }));
      },
    );
    outgoing.on('error', (error) => resolve({ status: -1, text: `connection: ${String(error)}`, contentType: '' }));
    outgoing.end(req.body);
  });
}

/** Whether a declared answer is our envelope (it has `errMsg`), not another protocol's shape. */
function isEnvelopeSchema(schema: Record<string, unknown>): boolean {
  return typeof schema.properties === 'object' && schema.properties !== null && 'errMsg' in schema.properties;
}

/** Why an answer breaks the policy, or undefined when it keeps it. */
function problemWith(req: FuzzRequest, op: Operation, answer: Answer): string | undefined {
  // 503 is the envelope's answer for a service that is not set up (e.g. the urine partner), by design.
  if (answer.status < 100 || (answer.status >= 500 && answer.status !== 503)) {
    return `status ${answer.status}`;
  }
  if (answer.status < 300 && op.rawResponse) {
    return undefined;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return `not JSON (${answer.contentType})`;
  }
  // The FHIR export refuses as FHIR does, with an OperationOutcome in application/fhir+json (its
  // declared `default`; only application/json schemas reach op.schema, so it is checked here):
  // one issue whose details.text says why in Chinese and whose diagnostics is the envelope code.
  if (op.rawResponse && answer.contentType.startsWith('application/fhir+json')) {
    const issue = Array.isArray(body.issue) ? (body.issue[0] as Record<string, unknown> | undefined) : undefined;
    const details = issue?.details as Record<string, unknown> | undefined;
    return body.resourceType === 'OperationOutcome' &&
      answer.status >= 400 &&
      typeof details?.text === 'string' &&
      details.text !== '' &&
      /^\d{5}$/.test(String(issue?.diagnostics))
      ? undefined
      : 'not an OperationOutcome that says why';
  }
  // An operation in another system's protocol (`x-envelope: false`) may declare its refusals in
  // that protocol's shape (the payment notify's {code: FAIL, message}): they must carry its fields.
  const declared = op.schema.response[String(answer.status)] ?? op.schema.response.default;
  // A request refused before it reaches the route (no such method or path) gets our envelope.
  if (op.rawResponse && declared && !isEnvelopeSchema(declared)) {
    const missing = ((declared.required as string[] | undefined) ?? []).filter((field) => !(field in body));
    if (missing.length === 0) {
      return undefined;
    }
    if (!req.beforeRoute) {
      return `not the declared shape (missing ${missing.join(', ')})`;
    }
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof body.code !== 'number' ||
    typeof body.errMsg !== 'string' ||
    !('data' in body)
  ) {
    return 'not the envelope';
  }
  if (
    answer.status >= 300 &&
    (body.code === 0 || body.errMsg === '' || body.data !== null || typeof body.requestId !== 'string')
  ) {
    return 'an error outside the envelope';
  }
  // An operation limited per client address counts its calls before the sign-in check
  // (plugins/client-rate-limit.ts), so thousands of anonymous calls from one address meet its 429.
  const limitedPerAddress = answer.status === 429 && op.operationId in CLIENT_RATE_LIMITS && body.code === 42900;
  if (
    !req.auth &&
    op.requiresAuth &&
    !req.beforeRoute &&
    answer.status !== 401 &&
    answer.status !== 414 &&
    !limitedPerAddress
  ) {
    return `anonymous call answered ${answer.status}, not 401`;
  }
  return undefined;
}

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  ({
    signIn: { token },
  } = await registeredCustomer(api, '模糊测试'));
});
afterAll(async () => {
  agent.destroy();
  await api.close();
});

describe('schema-driven fuzz over every operation of openapi.yaml', () => {
  it('answers thousands of malformed requests in the envelope, never with a 500', { timeout: 300_000 }, async () => {
    const started = Date.now();
    const operations = [...api.app.openapi.operations.values()];
    const byStatus = new Map<number, number>();
    const problems: string[] = [];
    let sent = 0;
    let renewed = 0;
    for (const op of operations) {
      const queue = requestsOf(op);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let req = queue.shift(); req; req = queue.shift()) {
            const answer = await send(req);
            sent += 1;
            byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
            const problem = problemWith(req, op, answer);
            if (problem) {
              problems.push(
                `${op.operationId} [${req.auth ? 'signed in' : 'anonymous'}] ${req.method} ${req.path.slice(0, 120)} — ${req.what}: ${problem}: ${answer.text.slice(0, 200)}`,
              );
            }
          }
        }),
      );
      clock.advance(11 * 60 * 1000);
      // A variant may have ended the session (sign-out, account moves): carry on as a new user.
      const check = await send({
        operationId: 'getCurrent',
        what: 'session check',
        method: 'GET',
        path: '/api/login/v1/getCurrent',
        headers: {},
        auth: true,
      });
      if (check.status !== 200) {
        renewed += 1;
        ({
          signIn: { token },
        } = await registeredCustomer(api, '模糊测试'));
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const summary = [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `fuzz: ${sent} malformed requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED}); ` +
        `answers ${summary}; sessions renewed ${renewed}; problems ${problems.length}`,
    );
    expect(problems.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(5_000);
  });
});
