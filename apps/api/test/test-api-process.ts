// The real API (or only its database) in a process of its own, for the integration tests of other
// workspaces — the device gateway's — which start it instead of importing the API's sources.
// Started with an IPC channel (`stdio: [..., 'ipc']`); it answers `{ ready, baseUrl, databaseUrl }`
// once up, then runs the requests `{ id, op, args }` it is sent and answers `{ id, result }` or
// `{ id, error }`. The client is apps/device-gateway/test/test-api.ts.
//
// Environment:
// - TEST_API_MODE: `serve` (default: the API on a free port of 127.0.0.1) or `database` (only the
//   database, for set-up and checks while no API process owns an embedded PGlite directory);
// - DATABASE_URL with TEST_API_PG_TEMPLATE: a fresh copy of the migrated template, dropped at
//   `close`; DATABASE_URL alone: that database; neither: PGlite in DATA_DIR (default in memory).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/core';
import { hashDeviceSecret } from '@glucoguard/ingestion';
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { mosquittoFiles } from '../src/contexts/devices/meter/meter.mosquitto';
import { DeviceRepository } from '../src/contexts/devices/meter/meter.repository';
import { bindDevice, provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { Customer } from '../src/contexts/identity/customer/customer.entity';
import { issueSession } from '../src/contexts/identity/session/session.service';
import { openDatabase } from '../src/db/orm';
import { migrations } from '../src/migrations';
import { sql } from '../src/lib/db';
import { LocalSmsOutbox } from '../src/providers/sms/local-outbox';
import { databaseUrlFor } from './global-setup';

type Request = { id: number; op: string; args: Record<string, unknown> };

const send = (message: unknown) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

async function copyOfTemplate(base: string, template: string) {
  const name = `gg_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const drop = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
  return { databaseUrl: databaseUrlFor(base, name), drop };
}

async function main() {
  const base = process.env.DATABASE_URL || undefined;
  const template = process.env.TEST_API_PG_TEMPLATE || undefined;
  let databaseUrl = base;
  let drop = async () => {};
  if (base && template) {
    ({ databaseUrl, drop } = await copyOfTemplate(base, template));
  }
  const dataDir = process.env.DATA_DIR || 'memory://';

  let orm: MikroORM;
  let baseUrl: string | null = null;
  let lastCode: (phone: string) => string = () => {
    throw new Error('no SMS outbox in database mode');
  };
  let stop: () => Promise<void>;
  if (process.env.TEST_API_MODE === 'database') {
    orm = await openDatabase({ databaseUrl, pgliteDir: `${dataDir.replace(/\/+$/, '')}/pglite` });
    stop = () => orm.close();
  } else {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    });
    const app = await createServer(config, { write: () => {} });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    orm = app.orm;
    lastCode = (phone) => {
      const sms = app.providers.sms;
      const [latest] = sms instanceof LocalSmsOutbox ? sms.list(phone) : [];
      if (!latest) {
        throw new Error(`no code was sent to ${phone}`);
      }
      return latest.code;
    };
    stop = () => app.close();
  }

  const em = () => orm.em.fork();
  const ops: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
    /** A new meter: `{ imei, kind, model?, secret?, bindCode? }` → its IMEI, secret and bind code. */
    async provision(args) {
      const { secret, bindCode } = await provisionDevice(
        em(),
        args as { imei: string; kind: string; model?: string; secret?: string },
        new Date(),
      );
      return { imei: args.imei, secret, bindCode };
    },
    /** Binds a meter to a customer: `{ customerId, imei }` → `{ ok: true, attached }` or `{ ok: false, cause }`. */
    async bind(args) {
      const result = await bindDevice(em(), args.customerId as string, args.imei as string, new Date());
      return result.ok ? { ok: true, attached: result.attached } : result;
    },
    /** A customer made directly in the database: `{ openid, inviteCode, nickname }` → its id. */
    async customer(args) {
      const manager = em();
      const customer = manager.create(Customer, args as { openid: string; inviteCode: string; nickname: string });
      await manager.flush();
      return customer.id;
    },
    /** A session for a customer: `{ customerId }` → its token. */
    async session(args) {
      const issued = await issueSession(em(), args.customerId as string, { now: new Date(), ttlMs: 24 * 3600_000 });
      return issued.token;
    },
    /** Rows of a query: `{ query, params }` (`?` placeholders). */
    rows: (args) => sql(em()).execute(args.query as string, (args.params as unknown[] | undefined) ?? []),
    /** The names of the migrations the code has, in order. */
    migrationsOfCode: async () => migrations.map((m) => m.name),
    /** The names of the migrations not run yet. */
    pendingMigrations: async () => (await orm.migrator.getPending()).map((m) => m.name),
    /** The last code the local SMS outbox sent to `{ phone }`. */
    lastCode: async (args) => lastCode(args.phone as string),
    /** Mosquitto's password and ACL files for every meter and one worker user `{ user, password }`. */
    async mosquittoFiles(args) {
      const devices = await new DeviceRepository(em()).list();
      return mosquittoFiles(devices, {
        user: args.user as string,
        passwordHash: await hashDeviceSecret(args.password as string),
      });
    },
  };

  let closing = false;
  const close = async () => {
    if (closing) {
      return;
    }
    closing = true;
    await stop();
    await drop();
  };
  process.on('message', (message: Request) => {
    if (message.op === 'close') {
      void close().then(
        () => send({ id: message.id, result: null }).then(() => process.exit(0)),
        (error: unknown) => send({ id: message.id, error: String(error) }).then(() => process.exit(1)),
      );
      return;
    }
    const op = ops[message.op];
    void (op ? op(message.args) : Promise.reject(new Error(`unknown op ${message.op}`))).then(
      (result) => send({ id: message.id, result }),
      (error: unknown) => send({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The test runner went away without closing: drop what this process made.
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  await send({ ready: true, baseUrl, databaseUrl: databaseUrl ?? null });
}

main().catch(async (error: unknown) => {
  await send({ ready: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
