// The kill test: the API and the gateway run as child processes; a meter streams 10,000 readings;
// the gateway is SIGKILLed in the middle and started again; the meter resends what was not acked.
// Every reading whose PUBACK the meter got must be stored, and no reading may be stored twice.
// Runs on PostgreSQL (a database of its own) when DATABASE_URL is set, else on PGlite on disk; on
// PostgreSQL it runs twice, with the gateway storing through the API and in the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runMeterSimulator } from '../src/meter-simulator';
import { withDatabase as withDatabaseOf, type TestApiProcess } from './test-api';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const READINGS = 10_000;
/** Through the API always; in PostgreSQL itself too when the tests run on PostgreSQL. */
// The gateway stores only through the API's internal endpoints (docs/adr/0021).
const STORAGES = [{ storage: 'api', imei: '863000000000008' }] as const;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
const children: ChildProcess[] = [];
let ports: { api: number; mqtt: number; health: number };

/** Runs a TypeScript entry point of the repository in one Node process (so SIGKILL hits it, not a wrapper). */
function run(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@glucoguard/source', join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/** Runs `work` on the database alone, in a process of the API's (no API process may own the PGlite directory meanwhile). */
const withDatabase = <T>(work: (db: TestApiProcess) => Promise<T>): Promise<T> =>
  withDatabaseOf({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }, work);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gg-kill-'));
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `gg_kill_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  ports = { api: await freePort(), mqtt: await freePort(), health: await freePort() };
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  await Promise.all(children.map(exited));
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(STORAGES)('the gateway storing $storage killed in the middle of a stream', ({ storage, imei: IMEI }) => {
  it('loses no acknowledged reading and stores none twice', { timeout: 300_000 }, async () => {
    // The meter and its patient exist before the API starts: the embedded database has one owner at a time.
    const secret = await withDatabase(async (db) => {
      const customerId = await db.call<string>('customer', {
        openid: `kill-test-${randomUUID()}`,
        inviteCode: storage === 'api' ? 'K1LL01' : 'K1LL02',
        nickname: '断电测试',
      });
      const { secret: s } = await db.call<{ secret: string }>('provision', {
        imei: IMEI,
        kind: 'glucose',
        model: 'K-1',
      });
      const bound = await db.call<{ ok: boolean }>('bind', { customerId, imei: IMEI });
      expect(bound.ok).toBe(true);
      return s;
    });

    const apiEnv = {
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: databaseUrl ?? '',
    };
    const api = run('apps/api/src/server.ts', apiEnv);
    await waitFor(healthy(`http://127.0.0.1:${ports.api}/api/healthz`), 'the API');
    const gatewayEnv = {
      HOST: '127.0.0.1',
      MQTT_PORT: String(ports.mqtt),
      GATEWAY_HEALTH_PORT: String(ports.health),
      API_URL: `http://127.0.0.1:${ports.api}/api`,
    };
    const startGateway = async () => {
      const child = run('apps/device-gateway/src/server.ts', gatewayEnv);
      await waitFor(healthy(`http://127.0.0.1:${ports.health}/healthz`), 'the gateway');
      return child;
    };
    let gateway = await startGateway();

    const stream = runMeterSimulator({
      url: `mqtt://127.0.0.1:${ports.mqtt}`,
      imei: IMEI,
      secret,
      kind: 'glucose',
      count: READINGS,
      rate: 2500,
      idPrefix: 'k',
      resendAfterMs: 3000,
      deadlineMs: 240_000,
    });

    // Kill it once about a third of the readings went through.
    await waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${ports.health}/healthz`);
      const body = (await res.json()) as { ingest: { messages: number } };
      return body.ingest.messages >= READINGS / 3;
    }, 'a third of the stream');
    const killedAt = Date.now();
    gateway.kill('SIGKILL');
    await exited(gateway);

    let storedAtKill: Set<string> | null = null;
    if (databaseUrl) {
      // On PostgreSQL the database can be read while the API runs: what was PUBACKed is already there.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      storedAtKill = new Set(
        (
          await client.query<{ reading_id: string }>('select reading_id from meter_reading where imei = $1', [IMEI])
        ).rows.map((r) => r.reading_id),
      );
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 500));
    const restartedAt = Date.now();
    gateway = await startGateway();

    const summary = await stream;
    const pubackedBeforeKill = [...summary.pubackedAt].filter(([, at]) => at < killedAt).map(([id]) => id);
    expect(summary.unacked).toBe(0);
    expect(summary.rejected).toBe(0);
    expect(summary.reconnects).toBeGreaterThan(0);
    expect(pubackedBeforeKill.length).toBeGreaterThan(0);
    expect(pubackedBeforeKill.length).toBeLessThan(READINGS);
    // A reading PUBACKed before the kill was committed before it: sent again, it can only be a duplicate.
    const storedAgain = pubackedBeforeKill.filter((id) => {
      const ack = summary.acks.get(id);
      return ack !== undefined && ack.at >= restartedAt && ack.status !== 'duplicate';
    });
    expect(storedAgain).toEqual([]);
    if (storedAtKill) {
      const at = storedAtKill;
      expect(pubackedBeforeKill.filter((id) => !at.has(id))).toEqual([]);
    }

    gateway.kill('SIGTERM');
    api.kill('SIGTERM');
    await Promise.all([exited(gateway), exited(api)]);
    const stored = await withDatabase(async (db) => {
      const [counts] = await db.rows<{ rows: number; ids: number; records: number; linked: number }>(
        `select count(*)::int as rows, count(distinct reading_id)::int as ids, count(distinct record_id)::int as linked,
                (select count(*)::int from sugar_test where device_imei = ?) as records
           from meter_reading where imei = ?`,
        [IMEI, IMEI],
      );
      const ids = new Set(
        (await db.rows<{ reading_id: string }>('select reading_id from meter_reading where imei = ?', [IMEI])).map(
          (r) => r.reading_id,
        ),
      );
      return { counts, ids };
    });
    const acked = [...summary.acks.keys(), ...summary.pubackedAt.keys()];
    expect(acked.filter((id) => !stored.ids.has(id))).toEqual([]);
    expect(stored.counts).toEqual({ rows: READINGS, ids: READINGS, records: READINGS, linked: READINGS });
    console.log(
      `kill test: killed after ${pubackedBeforeKill.length} PUBACKs; ${summary.published} messages for ${READINGS} readings; ` +
        `${summary.stored} stored and ${summary.duplicate} duplicate acks; ${summary.reconnects} reconnect(s); ${(summary.elapsedMs / 1000).toFixed(1)} s`,
    );
  });
});
