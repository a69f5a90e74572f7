// Starts the real API for one test file, on a database of its own, and gives a client of the
// published SDK pointed at it — API tests go through the same client integrators use.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { createApiClient, type ApiClient, type ApiClientOptions } from '@glucoguard/sdk';
import { createServer } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { databaseUrlFor } from './global-setup';

export interface TestApi {
  app: FastifyInstance;
  baseUrl: string;
  config: AppConfig;
  /** A client of the published SDK for this server. */
  client(options?: Omit<ApiClientOptions, 'baseUrl'>): ApiClient;
  /** Log lines the server wrote, for redaction checks. */
  logs: string[];
  close(): Promise<void>;
}

export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
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
  const app = await createServer(config, { write: (line: string) => void logs.push(line) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  return {
    app,
    baseUrl,
    config,
    logs,
    client: (options = {}) => createApiClient({ baseUrl, ...options }),
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}
