// Starts the real API for one test file, on a database of its own, and gives a client of the
// published SDK pointed at it — API tests go through the same client integrators use.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { createApiClient, type ApiClient, type ApiClientOptions } from '@glucoguard/sdk';
import { createServer } from '../src/app';
import type { Providers } from '../src/plugins/providers';
import { LocalSmsOutbox } from '../src/providers/sms/local-outbox';
import { loadConfig, type AppConfig } from '../src/config';
import { DEMO_DEVICE_KEYS } from '../src/seed/demo';
import { databaseUrlFor } from './global-setup';

export interface TestApi {
  app: FastifyInstance;
  baseUrl: string;
  config: AppConfig;
  /** The server's PostgreSQL database (one of its own), or undefined on PGlite. */
  databaseUrl: string | undefined;
  /** A client of the published SDK for this server. */
  client(options?: Omit<ApiClientOptions, 'baseUrl'>): ApiClient;
  /** Log lines the server wrote, for redaction checks. */
  logs: string[];
  close(): Promise<void>;
}

export async function startTestApi(
  env: Record<string, string> = {},
  providers: Partial<Providers> = {},
): Promise<TestApi> {
  const template = inject('pgTemplate');
  const base = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (template && base) {
    const name = `gg_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    databaseUrl = databaseUrlFor(base, name);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...env,
  });
  const logs: string[] = [];
  const app = await createServer(config, { write: (line: string) => void logs.push(line) }, providers);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  return {
    app,
    baseUrl,
    config,
    databaseUrl,
    logs,
    client: (options = {}) => createApiClient({ baseUrl, ...options }),
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}

/** A clock tests can move forward. */
export function testClock(start = new Date('2026-11-20T02:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

/** A fresh device key: with the local provider it stands for one browser, so one account. */
export const newDeviceKey = () => `device_${randomUUID().replaceAll('-', '')}`;

/** Signs in a new browser and returns an SDK client carrying its token. */
export async function signInNewVisitor(api: TestApi, sourceId: 3 | 4 = 4) {
  const deviceKey = newDeviceKey();
  const signIn = await api
    .client()
    .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: deviceKey, sourceId } } });
  return { deviceKey, signIn, client: api.client({ token: signIn.token, sourceId }) };
}

/** Signs in the seeded demo patient's browser (sourceId 4) and returns an SDK client carrying its token. */
export async function signInDemoPatient(api: TestApi) {
  const signIn = await api
    .client()
    .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: DEMO_DEVICE_KEYS.patient, sourceId: 4 } } });
  return api.client({ token: signIn.token, sourceId: 4 });
}

/** The last code the local outbox sent to a phone. */
export function lastCode(api: TestApi, phone: string): string {
  const sms = api.app.providers.sms;
  if (!(sms instanceof LocalSmsOutbox)) {
    throw new Error('the test API does not use the local SMS outbox');
  }
  const [latest] = sms.list(phone);
  if (!latest) {
    throw new Error(`no code was sent to ${phone}`);
  }
  return latest.code;
}

let phoneCounter = 0;
/** A phone number no other test of this run uses. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** Signs in a new browser and registers it with variant B step 1. */
export async function registeredCustomer(api: TestApi, nickname = '测试用户') {
  const visitor = await signInNewVisitor(api);
  const phone = uniquePhone();
  await visitor.client.POST('/shortMsg/v1/getCode', { body: { phone } });
  const cid = await visitor.client.POST('/register/v1/bind', {
    body: { nickname, phone, validCode: lastCode(api, phone) },
  });
  return { ...visitor, phone, cid };
}

/** Resolves with the ApiError a call rejected with (fails the test if it resolved). */
export async function failure(call: Promise<unknown>): Promise<{ code: number; errMsg: string; status?: number }> {
  return call.then(
    () => {
      throw new Error('the call should have failed');
    },
    (error: unknown) => error as { code: number; errMsg: string; status?: number },
  );
}

/**
 * The API started again on `first`'s data after `first.app` closed: the embedded database's files
 * (DATA_DIR), or on PostgreSQL a new server on the same database (`first.close()` drops it later).
 */
export async function restartTestApi(first: TestApi, dataDir: string, clock?: () => Date): Promise<TestApi> {
  if (!first.databaseUrl) {
    return startTestApi({ DATA_DIR: dataDir, JOBS_POLL_INTERVAL_MS: '500' }, clock && { clock });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: first.databaseUrl,
    JOBS_POLL_INTERVAL_MS: '500',
  });
  const app = await createServer(config, { write: () => {} }, clock && { clock });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  return {
    app,
    baseUrl,
    config,
    databaseUrl: first.databaseUrl,
    logs: [],
    client: (options = {}) => createApiClient({ baseUrl, ...options }),
    close: () => app.close(),
  };
}

/**
 * A second API process's stand-in: another server on `api`'s PostgreSQL database (with PGlite there
 * is no second process to have), for the tests that prove delivery across processes through NOTIFY.
 * Its `/api` URL, and `close` to stop it.
 */
export async function startSecondInstance(api: TestApi, clock: () => Date) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: api.databaseUrl ?? '',
  });
  const second = await createServer(config, { write: () => {} }, { clock });
  await second.listen({ host: '127.0.0.1', port: 0 });
  const address = second.server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`,
    close: () => second.close(),
  };
}
