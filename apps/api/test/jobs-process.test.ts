// Durable jobs across processes (docs/adr/0046): the API, in a process of its own
// (test/jobs-process.ts), schedules a job due in a few seconds and is SIGKILLed before it is due;
// the job falls due while nothing runs; after the restart it runs, and exactly once, also across a
// second kill. On PGlite (a data directory on disk) or, when DATABASE_URL is set, on a copy of the
// tests' PostgreSQL template — where two API processes on one database also run each of 51 jobs once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import pg from 'pg';
import { databaseUrlFor } from './global-setup';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRY = join(ROOT, 'apps/api/test/jobs-process.ts');
const onPostgres = Boolean(process.env.DATABASE_URL);

interface ApiProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves when the process reports `event` (a test job's handler started). */
  next(event: string): Promise<unknown>;
  call<T>(op: string, args?: Record<string, unknown>): Promise<T>;
}

const children: ChildProcess[] = [];
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** Starts the API process on `env`'s database; resolves once its job worker runs. */
function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const child = fork(ENTRY, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--conditions=@glucoguard/source'],
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const waiting = new Map<string, (message: unknown) => void>();
  const next = (event: string) => new Promise((resolve) => waiting.set(event, resolve));
  let nextId = 0;
  child.on('exit', (code, signal) => {
    for (const p of pending.values()) {
      p.reject(new Error(`the API process exited (${code ?? signal})`));
    }
    pending.clear();
  });
  const call = <T>(op: string, args: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      child.send({ id: nextId, op, args });
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before it was ready`)));
    child.on(
      'message',
      (reply: { id?: number; ready?: boolean; pid?: number; result?: unknown; error?: string; event?: string }) => {
        if (reply.event !== undefined) {
          waiting.get(reply.event)?.(reply);
          waiting.delete(reply.event);
          return;
        }
        if (reply.ready !== undefined) {
          if (reply.ready) {
            resolve({ child, pid: reply.pid!, call, next });
          } else {
            reject(new Error(reply.error));
          }
          return;
        }
        const p = pending.get(reply.id!);
        pending.delete(reply.id!);
        if (reply.error !== undefined) {
          p?.reject(new Error(reply.error));
        } else {
          p?.resolve(reply.result);
        }
      },
    );
  });
}

async function kill(api: ApiProcess): Promise<void> {
  api.child.kill('SIGKILL');
  await exited(api.child);
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting until ${what}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many times each key ran, and in which processes. */
async function runs(api: ApiProcess): Promise<Map<string, number[]>> {
  const rows = await api.call<{ job_key: string; pid: number }[]>('rows', {
    query: 'select job_key, pid from job_test_run order by id',
  });
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    byKey.set(row.job_key, [...(byKey.get(row.job_key) ?? []), row.pid]);
  }
  return byKey;
}

/** Schedules a job due now and waits for it: every job due before it has had its chance to run (twice, were that possible). */
async function drain(api: ApiProcess, key: string): Promise<Map<string, number[]>> {
  await api.call('schedule', { keys: [key], dueAt: Date.now() });
  await until(async () => (await runs(api)).has(key), `${key} ran`);
  return runs(api);
}

let env: Record<string, string>;
let cleanUp = async () => {};
beforeAll(async () => {
  const template = inject('pgTemplate');
  const base = process.env.DATABASE_URL;
  if (template && base) {
    const name = `gg_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    env = { DATABASE_URL: databaseUrlFor(base, name) };
    cleanUp = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'gg-jobs-kill-'));
    env = { DATA_DIR: dir };
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  await Promise.all(children.map(exited));
  await cleanUp();
});

describe('a job scheduled before the API is killed', () => {
  it('runs once after the restart, when it fell due while the API was down', { timeout: 240_000 }, async () => {
    let api = await startApi(env);
    const dueAt = Date.now() + 4000;
    expect(await api.call('schedule', { keys: ['before-kill'], dueAt })).toBe(1);
    expect((await runs(api)).has('before-kill')).toBe(false);
    await kill(api);

    // Down until well past its due time.
    await new Promise((r) => setTimeout(r, Math.max(0, dueAt - Date.now()) + 1000));
    api = await startApi(env);
    await until(async () => (await runs(api)).has('before-kill'), 'the job ran after the restart');
    const [run] = await api.call<{ ran_at: string }[]>('rows', {
      query: "select ran_at::text as ran_at from job_test_run where job_key = 'before-kill'",
    });
    expect(new Date(run!.ran_at).getTime()).toBeGreaterThanOrEqual(dueAt);
    expect((await drain(api, 'sentinel-1')).get('before-kill')).toHaveLength(1);

    // Killed again and restarted: the completed job does not come back.
    await kill(api);
    api = await startApi(env);
    expect((await drain(api, 'sentinel-2')).get('before-kill')).toHaveLength(1);
    // Scheduling its key again is still the same (completed) job.
    expect(await api.call('schedule', { keys: ['before-kill'], dueAt: Date.now() })).toBe(0);
    await api.call('close');
  });
});

describe('a job whose process died while running it', () => {
  it('is retried once its lease runs out, and its effect is there once', { timeout: 240_000 }, async () => {
    let api = await startApi(env);
    const started = api.next('started');
    await api.call('schedule', { job: 'test.stuck-once', keys: ['stuck'], dueAt: Date.now() });
    await started;
    // Killed in the middle of the first attempt: nothing of it committed.
    await kill(api);
    api = await startApi(env);
    await until(async () => (await runs(api)).has('stuck#2'), 'the second attempt ran');
    const byKey = await drain(api, 'sentinel-stuck');
    expect([...byKey.keys()].filter((key) => key.startsWith('stuck'))).toEqual(['stuck#2']);
    expect(byKey.get('stuck#2')).toHaveLength(1);
    await api.call('close');
  });
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it('run each job once: one job, then 50 scheduled through both', { timeout: 240_000 }, async () => {
    const first = await startApi(env);
    const second = await startApi(env);
    expect(await first.call('schedule', { keys: ['pair-one'], dueAt: Date.now() + 1000 })).toBe(1);
    const keys = Array.from({ length: 50 }, (_, i) => `pair-${i}`);
    const dueAt = Date.now() + 1500;
    // Both processes schedule all 50: the keys make them 50 jobs, not 100.
    const created = await Promise.all([
      first.call<number>('schedule', { keys, dueAt }),
      second.call<number>('schedule', { keys, dueAt }),
    ]);
    expect(created[0] + created[1]).toBe(50);
    await until(async () => (await runs(first)).size >= 51, 'all 51 jobs ran');
    await drain(second, 'pair-sentinel-a');
    const byKey = await drain(first, 'pair-sentinel-b');
    for (const key of ['pair-one', ...keys]) {
      expect(byKey.get(key), key).toHaveLength(1);
    }
    const byProcess = new Map<number, number>();
    for (const key of ['pair-one', ...keys]) {
      const pid = byKey.get(key)![0]!;
      byProcess.set(pid, (byProcess.get(pid) ?? 0) + 1);
    }
    expect([...byProcess.keys()].every((pid) => pid === first.pid || pid === second.pid)).toBe(true);
    console.log(
      `two API processes: 51 jobs, each run once; process ${first.pid} ran ${byProcess.get(first.pid) ?? 0}, process ${second.pid} ran ${byProcess.get(second.pid) ?? 0}`,
    );
    await Promise.all([first.call('close'), second.call('close')]);
  });
});
