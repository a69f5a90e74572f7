// Issue 17 §1: the built web app's brotli and gzip copies are served by Accept-Encoding, with
// `Vary: Accept-Encoding`, a year of immutable caching for hashed bundles and no-cache for
// index.html and the client-side routes that answer it; the start-up skeleton's inline style is
// allowed by its hash.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStyleHashes } from '../src/plugins/web';
import { startTestApi, type TestApi } from './harness';

const SKELETON_CSS = '#root .skeleton{background:#fff}';
const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><style>${SKELETON_CSS}</style></head><body><div id="root"><div class="skeleton">糖护医疗</div></div><script defer src="/assets/main.0123456789.js"></script></body></html>`;
const BUNDLE = `console.log(${JSON.stringify('糖护医疗 '.repeat(400))});`;
const BUNDLE_PATH = '/assets/main.0123456789.js';

let api: TestApi;
let origin: string;
let webDist: string;

/** Writes a file with its .br and .gz copies, as the web build does. */
async function writeWithCopies(path: string, text: string) {
  await writeFile(path, text);
  await writeFile(`${path}.br`, brotliCompressSync(Buffer.from(text)));
  await writeFile(`${path}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'gg-web-static-'));
  await mkdir(join(webDist, 'assets'));
  await writeWithCopies(join(webDist, 'index.html'), INDEX_HTML);
  await writeWithCopies(join(webDist, BUNDLE_PATH), BUNDLE);
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  api = await startTestApi({ WEB_DIST: webDist });
  origin = new URL(api.baseUrl).origin;
});
afterAll(async () => {
  await api.close();
  await rm(webDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over real HTTP that sends exactly the Accept-Encoding given (fetch would add its own and decode). */
function get(path: string, acceptEncoding: string | null): Promise<RawAnswer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') {
    return brotliDecompressSync(answer.body).toString('utf8');
  }
  return encoding === 'gzip' ? gunzipSync(answer.body).toString('utf8') : answer.body.toString('utf8');
}

describe('the web app’s static files', () => {
  it.each([
    ['br', 'gzip, deflate, br', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
    ['gzip for the any-encoding wildcard', '*', 'gzip'],
  ])('send a hashed bundle as %s when the browser accepts it, cached for a year', async (_what, accept, encoding) => {
    const answer = await get(BUNDLE_PATH, accept);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 4);
    expect(decoded(answer)).toBe(BUNDLE);
  });

  it.each([
    ['without Accept-Encoding', null],
    ['for identity only', 'identity'],
  ])('send the plain bundle %s, still varying on Accept-Encoding', async (_what, accept) => {
    const answer = await get(BUNDLE_PATH, accept);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.toString('utf8')).toBe(BUNDLE);
  });

  it('send a file without copies plainly, and a file without a hash in its name is not immutable', async () => {
    const answer = await get('/favicon.svg', 'gzip, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['the root', '/'],
    ['index.html itself', '/index.html'],
    ['a client-side route (the SPA fallback)', '/reportCenter/reportCenter?tab=sugar'],
  ])('answer %s with index.html compressed and never cached without revalidation', async (_what, path) => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [null, undefined],
    ] as const) {
      const answer = await get(path, accept);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(decoded(answer)).toBe(INDEX_HTML);
    }
  });

  it('allow the skeleton’s inline style by its hash in the page’s Content-Security-Policy, and nothing inline besides', async () => {
    const hash = `'sha256-${createHash('sha256').update(SKELETON_CSS).digest('base64')}'`;
    expect(inlineStyleHashes(INDEX_HTML)).toEqual([hash]);
    for (const path of ['/', '/reportCenter/reportCenter']) {
      const policy = String((await get(path, 'br')).headers['content-security-policy']);
      expect(policy).toContain(`style-src 'self' ${hash}`);
      expect(policy).not.toContain('unsafe-inline');
    }
    const bundlePolicy = String((await get(BUNDLE_PATH, 'br')).headers['content-security-policy']);
    expect(bundlePolicy).not.toContain('sha256-');
  });

  it('answer a missing bundle and an unknown API path with the 404 envelope, not index.html', async () => {
    for (const path of ['/assets/gone.0123456789.js', '/api/nothing/here']) {
      const answer = await get(path, 'br, gzip');
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ code: 40400 });
    }
  });
});
