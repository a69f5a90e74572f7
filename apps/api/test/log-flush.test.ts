// The log is written asynchronously: what is buffered still reaches stdout when the API shuts
// down on a signal and when it crashes, and a crash is itself logged.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Starts src/server.ts in one Node process, collecting its stdout. */
async function startApi(): Promise<{
  child: ChildProcess;
  baseUrl: string;
  stdout: () => string;
  exited: Promise<number | null>;
}> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@glucoguard/source',
      '--import',
      join(ROOT, 'apps/api/test/fixtures/crash-on-signal.mjs'),
      join(ROOT, 'apps/api/src/server.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: 'memory://',
        WEB_DIST: '/nonexistent',
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the API exited with ${child.exitCode}`);
    }
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the API did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, baseUrl, stdout: () => out, exited };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('log flushing', () => {
  it('writes every buffered line when the API shuts down on SIGTERM', async () => {
    const api = await startApi();
    await fetch(`${api.baseUrl}/config/v1/getServerTime`, { headers: { 'x-request-id': 'before-sigterm' } });
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    const lines = linesOf(api.stdout());
    expect(lines.filter((l) => l.reqId === 'before-sigterm')).toMatchObject([
      { msg: 'request completed', res: { statusCode: 200 } },
    ]);
    expect(lines.at(-1)).toMatchObject({ msg: 'shutting down', signal: 'SIGTERM' });
  }, 120_000);

  it('logs an uncaught exception as fatal, after the lines buffered before it, and exits with 1', async () => {
    const api = await startApi();
    await fetch(`${api.baseUrl}/config/v1/getServerTime`, { headers: { 'x-request-id': 'before-crash' } });
    api.child.kill('SIGUSR2');
    expect(await api.exited).toBe(1);
    const lines = linesOf(api.stdout());
    expect(lines.filter((l) => l.reqId === 'before-crash')).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({
      level: 60,
      msg: 'the API stopped: uncaughtException',
      err: { message: 'crash requested by the test' },
    });
  }, 120_000);
});
