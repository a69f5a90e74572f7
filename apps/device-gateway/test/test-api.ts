// The real API for the gateway's tests, in a process of its own (apps/api/test/test-api-process.ts),
// so these tests reach the API only as the gateway does — over HTTP — plus a control channel for
// set-up and checks: provisioning and binding meters, reading rows. Nothing here imports the API.
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createApiClient, type ApiClient, type ApiClientOptions } from '@glucoguard/sdk';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL template of the run (apps/api/test/global-setup.ts), or null on PGlite. */
    pgTemplate: string | null;
  }
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRY = join(ROOT, 'apps/api/test/test-api-process.ts');

export interface TestApiProcess {
  /** The API's base URL (`http://127.0.0.1:port/api`); null in database mode. */
  baseUrl: string;
  /** The API's PostgreSQL database, or null on PGlite. */
  databaseUrl: string | null;
  /** A client of the published SDK for this API. */
  client(options?: Omit<ApiClientOptions, 'baseUrl'>): ApiClient;
  /** Runs one of the process's operations (see test-api-process.ts). */
  call<T = unknown>(op: string, args?: Record<string, unknown>): Promise<T>;
  rows<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: string;
  baseUrl?: string | null;
  databaseUrl?: string | null;
}

/**
 * Starts the API (mode `serve`: on a free port, on a fresh copy of the tests' PostgreSQL template
 * when they run on PostgreSQL, else on PGlite in memory) or only its database (mode `database`,
 * with `env.DATA_DIR` or `env.DATABASE_URL`), and resolves once it is ready.
 */
export function startTestApi(
  options: { mode?: 'serve' | 'database'; env?: Record<string, string> } = {},
): Promise<TestApiProcess> {
  const template = options.mode === 'database' ? null : inject('pgTemplate');
  const child: ChildProcess = fork(ENTRY, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--conditions=@glucoguard/source'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TEST_API_MODE: options.mode ?? 'serve',
      ...(template ? { TEST_API_PG_TEMPLATE: template } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('exit', (code) => {
    for (const p of pending.values()) {
      p.reject(new Error(`the test API exited (${code})`));
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
    child.once('exit', (code) => reject(new Error(`the test API exited (${code}) before it was ready`)));
    child.on('message', (reply: Reply) => {
      if (reply.ready !== undefined) {
        if (!reply.ready) {
          reject(new Error(`the test API did not start: ${reply.error}`));
          return;
        }
        const baseUrl = reply.baseUrl ?? '';
        resolve({
          baseUrl,
          databaseUrl: reply.databaseUrl ?? null,
          client: (clientOptions = {}) => createApiClient({ baseUrl, ...clientOptions }),
          call,
          rows: (query, params = []) => call('rows', { query, params }),
          async close() {
            if (child.exitCode === null && child.signalCode === null) {
              await call('close').catch(() => {});
              await exited;
            }
          },
        });
        return;
      }
      const waiting = reply.id === undefined ? undefined : pending.get(reply.id);
      if (waiting && reply.id !== undefined) {
        pending.delete(reply.id);
        if (reply.error !== undefined) {
          waiting.reject(new Error(reply.error));
        } else {
          waiting.resolve(reply.result);
        }
      }
    });
  });
}

/** Runs `work` against the database alone (no API process may own an embedded PGlite directory meanwhile). */
export async function withDatabase<T>(
  env: Record<string, string>,
  work: (db: TestApiProcess) => Promise<T>,
): Promise<T> {
  const db = await startTestApi({ mode: 'database', env });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

let phoneCounter = 0;
/** A phone number no other test of this run uses. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `138${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** Signs in a new browser and registers it (variant B step 1), as the API tests' harness does. */
export async function registeredCustomer(api: TestApiProcess, nickname = '测试用户') {
  const deviceKey = `device_${crypto.randomUUID().replaceAll('-', '')}`;
  const signIn = await api
    .client()
    .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: deviceKey, sourceId: 4 } } });
  const client = api.client({ token: signIn.token, sourceId: 4 });
  const phone = uniquePhone();
  await client.POST('/shortMsg/v1/getCode', { body: { phone } });
  const code = await api.call<string>('lastCode', { phone });
  const cid = await client.POST('/register/v1/bind', { body: { nickname, phone, validCode: code } });
  return { deviceKey, signIn, client, phone, cid };
}
