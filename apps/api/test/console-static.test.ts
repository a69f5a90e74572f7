// The staff console served at /console (docs/adr/0120-console-app.md): index.html for the console's
// own client-side routes, revalidated; hashed bundles a year and immutable, brotli when accepted;
// a missing file a 404 envelope; the console's own Content-Security-Policy on all of it; the API
// and the web app's answers unchanged beside it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

const INDEX_HTML =
  '<!doctype html><html lang="zh-CN"><head><title>糖护医疗 · 工作台</title></head><body><div id="root"></div><script defer src="/console/assets/main.0123456789.js"></script></body></html>';
const BUNDLE = `console.log(${JSON.stringify('工作台 '.repeat(400))});`;

let api: TestApi;
let origin: string;
let consoleDist: string;

async function writeWithCopies(path: string, text: string) {
  await writeFile(path, text);
  await writeFile(`${path}.br`, brotliCompressSync(Buffer.from(text)));
  await writeFile(`${path}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  consoleDist = await mkdtemp(join(tmpdir(), 'gg-console-static-'));
  await mkdir(join(consoleDist, 'assets'));
  await writeWithCopies(join(consoleDist, 'index.html'), INDEX_HTML);
  await writeWithCopies(join(consoleDist, 'assets/main.0123456789.js'), BUNDLE);
  api = await startTestApi({ CONSOLE_DIST: consoleDist });
  origin = new URL(api.baseUrl).origin;
});
afterAll(async () => {
  await api.close();
  await rm(consoleDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over real HTTP with exactly the Accept-Encoding given. */
function get(path: string, acceptEncoding: string | null = null): Promise<RawAnswer> {
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
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const csp = (answer: RawAnswer) => String(answer.headers['content-security-policy']);

describe('the staff console at /console', () => {
  it('answers index.html at /console, /console/ and its client-side routes, revalidated, under its own policy', async () => {
    for (const path of ['/console', '/console/', '/console/staff', '/console/audit?actorId=x']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.toString()).toBe(INDEX_HTML);
      expect(csp(answer)).toContain("script-src 'self';");
      expect(csp(answer)).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp(answer)).toContain("frame-ancestors 'none'");
    }
  });

  it('sends a hashed bundle for a year, brotli when accepted, under the same policy', async () => {
    const answer = await get('/console/assets/main.0123456789.js', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(BUNDLE);
    expect(csp(answer)).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('answers a missing file with a 404 envelope, not index.html', async () => {
    const answer = await get('/console/assets/missing.0123456789.js');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toMatchObject({
      code: 40400,
      errMsg: '页面不存在：/console/assets/missing.0123456789.js',
    });
  });

  it('leaves the API and the web app their own answers and policy', async () => {
    const health = await get('/api/healthz');
    expect(health.status).toBe(200);
    expect(csp(health)).not.toContain("'unsafe-inline'");
  });
});
