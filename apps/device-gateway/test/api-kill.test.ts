// The embedded database after a crash: the API (which owns the PGlite data directory) is SIGKILLed
// three times while a meter streams readings through the gateway and a phone adds readings over
// HTTP. After each kill the directory opens (recovery from the write-ahead log), every reading that
// was acknowledged before the kill is there exactly once, no migration is pending or applied twice,
// and a session issued before the first start still signs its owner in. Always on PGlite: this is
// the embedded default's promise (docs/adr/0090-pglite-durability-and-the-kill-test.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@glucoguard/sdk';
import { runMeterSimulator } from '../src/meter-simulator';
import { withDatabase as withDatabaseOf, type TestApiProcess } from './test-api';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const IMEI = '863000000000024';
const METER_READINGS = 2400;
const KILLS = 3;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

let dataDir: string;
const children: ChildProcess[] = [];

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

/** Runs `work` on the PGlite directory alone, in a process of the API's (the first open after a crash replays the WAL). */
const withDatabase = <T>(work: (db: TestApiProcess) => Promise<T>): Promise<T> =>
  withDatabaseOf({ DATA_DIR: dataDir, DATABASE_URL: '' }, work);

/** `YYYY-MM-DD HH:mm:ss` in China time, `minutesAgo` before now. */
const chinaTime = (minutesAgo: number) =>
  new Date(Date.now() + 8 * 3600_000 - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gg-api-kill-'));
});

afterAll(async () => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  await Promise.all(children.map(exited));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Stored {
  meterIds: Set<string>;
  meterRows: number;
  meterRecords: number;
  synckeys: Map<string, number>;
  migrationNames: string[];
  pending: number;
}

/** The names of the API's migrations, as its code has them. */
let migrations: { name: string }[] = [];

/** Opens the data directory (the first open after a crash replays the WAL) and reads what is stored. */
const readStored = (customerId: string) =>
  withDatabase(async (db): Promise<Stored> => {
    const meter = await db.rows<{ reading_id: string }>('select reading_id from meter_reading where imei = ?', [IMEI]);
    const [records] = await db.rows<{ n: number }>('select count(*)::int as n from sugar_test where device_imei = ?', [
      IMEI,
    ]);
    const synckeys = await db.rows<{ synckey: string; n: number }>(
      'select synckey, count(*)::int as n from sugar_test where customer_id = ? and synckey is not null group by synckey',
      [customerId],
    );
    const names = await db.rows<{ name: string }>('select name from mikro_orm_migrations order by id');
    return {
      meterIds: new Set(meter.map((r) => r.reading_id)),
      meterRows: meter.length,
      meterRecords: records!.n,
      synckeys: new Map(synckeys.map((r) => [r.synckey, r.n])),
      migrationNames: names.map((r) => r.name),
      pending: (await db.call<string[]>('pendingMigrations')).length,
    };
  });

describe('the API on PGlite killed while meters and phones write', () => {
  it(
    'keeps every acknowledged reading exactly once, its migrations and its sessions, across SIGKILLs',
    { timeout: 360_000 },
    async () => {
      // The meter, its patient and a signed-in phone exist before the API starts: the embedded database has one owner at a time.
      const { secret, customerId, token } = await withDatabase(async (db) => {
        migrations = (await db.call<string[]>('migrationsOfCode')).map((name) => ({ name }));
        const id = await db.call<string>('customer', {
          openid: `api-kill-${randomUUID()}`,
          inviteCode: 'K1LL03',
          nickname: '断电测试',
        });
        const { secret: s } = await db.call<{ secret: string }>('provision', {
          imei: IMEI,
          kind: 'glucose',
          model: 'K-1',
        });
        expect((await db.call<{ ok: boolean }>('bind', { customerId: id, imei: IMEI })).ok).toBe(true);
        return { secret: s, customerId: id, token: await db.call<string>('session', { customerId: id }) };
      });

      const ports = { api: await freePort(), mqtt: await freePort(), health: await freePort() };
      const apiUrl = `http://127.0.0.1:${ports.api}/api`;
      const apiEnv = {
        PORT: String(ports.api),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent',
        SEED_DEMO_DATA: 'false',
        DATABASE_URL: '',
      };
      const startApi = async () => {
        const child = run('apps/api/src/server.ts', apiEnv);
        await waitFor(healthy(`${apiUrl}/healthz`), 'the API');
        return child;
      };
      let api = await startApi();
      const gateway = run('apps/device-gateway/src/server.ts', {
        HOST: '127.0.0.1',
        MQTT_PORT: String(ports.mqtt),
        GATEWAY_HEALTH_PORT: String(ports.health),
        API_URL: apiUrl,
        DATABASE_URL: '',
      });
      await waitFor(healthy(`http://127.0.0.1:${ports.health}/healthz`), 'the gateway');

      // The meter: a PUBACK means its reading's transaction committed in the API.
      const pubackedAt = new Map<string, number>();
      const stream = runMeterSimulator({
        url: `mqtt://127.0.0.1:${ports.mqtt}`,
        imei: IMEI,
        secret,
        kind: 'glucose',
        count: METER_READINGS,
        rate: 60,
        idPrefix: 'ak',
        resendAfterMs: 3000,
        deadlineMs: 180_000,
        pubackedAt,
      });

      // The phone: adds readings one after another, each with its own synckey, sending a failed one
      // again (same synckey) until the API answers. An answer with code 0 is an acknowledgement.
      const client = createApiClient({ baseUrl: apiUrl, token, timeoutMs: 5000 });
      const acknowledgedAt = new Map<string, number>();
      const recordIds: string[] = [];
      let writing = true;
      const phone = (async () => {
        for (let i = 0; writing; i += 1) {
          const synckey = `h-${i}`;
          while (writing) {
            try {
              const saved = await client.POST('/sugarTest/v1/add', {
                body: { sugar: 5 + (i % 40) / 10, createTime: chinaTime(30 + (i % 600)), synckey },
              });
              acknowledgedAt.set(synckey, Date.now());
              recordIds.push(saved.testId);
              break;
            } catch {
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        }
      })();

      const kills: { killedAt: number; restartedAt: number }[] = [];
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const [meterBefore, phoneBefore] = [pubackedAt.size, acknowledgedAt.size];
        // Both writers made progress on the restarted API (the meter's stream may be near its end).
        await waitFor(
          () =>
            (pubackedAt.size >= meterBefore + 100 || pubackedAt.size === METER_READINGS) &&
            acknowledgedAt.size >= phoneBefore + 20,
          `writes before kill ${kill}`,
          60_000,
        );
        const killedAt = Date.now();
        api.kill('SIGKILL');
        await exited(api);
        const meterAcked = [...pubackedAt].filter(([, at]) => at < killedAt).map(([id]) => id);
        const phoneAcked = [...acknowledgedAt].filter(([, at]) => at < killedAt).map(([key]) => key);

        // Kill 2 leaves the recovery to the API itself; after kills 1 and 3 this process opens the directory first and checks it.
        if (kill !== 2) {
          const stored = await readStored(customerId);
          expect(meterAcked.filter((id) => !stored.meterIds.has(id))).toEqual([]);
          expect(stored.meterRecords).toBe(stored.meterRows);
          expect(phoneAcked.filter((key) => stored.synckeys.get(key) !== 1)).toEqual([]);
          expect([...stored.synckeys.values()].every((n) => n === 1)).toBe(true);
          expect(stored.migrationNames).toEqual(migrations.map((m) => m.name));
          expect(stored.pending).toBe(0);
        }

        api = await startApi();
        kills.push({ killedAt, restartedAt: Date.now() });
        // The session issued before the first start still signs the phone in, and its first reading is there.
        expect(
          await client.GET('/sugarTest/v1/getById', { params: { query: { testId: recordIds[0]! } } }),
        ).toMatchObject({ existsFlag: true });
      }

      const summary = await stream;
      writing = false;
      await phone;
      expect(summary.unacked).toBe(0);
      expect(summary.rejected).toBe(0);
      // A reading PUBACKed before a kill was committed before it: if it was sent again after the restart, only as a duplicate.
      for (const { killedAt, restartedAt } of kills) {
        const lost = [...summary.pubackedAt]
          .filter(([, at]) => at < killedAt)
          .filter(([id]) => {
            const ack = summary.acks.get(id);
            return ack !== undefined && ack.at >= restartedAt && ack.status !== 'duplicate';
          });
        expect(lost).toEqual([]);
      }

      gateway.kill('SIGTERM');
      api.kill('SIGTERM');
      await Promise.all([exited(gateway), exited(api)]);
      const stored = await readStored(customerId);
      expect(stored.meterRows).toBe(METER_READINGS);
      expect(stored.meterIds.size).toBe(METER_READINGS);
      expect(stored.meterRecords).toBe(METER_READINGS);
      expect([...acknowledgedAt.keys()].filter((key) => stored.synckeys.get(key) !== 1)).toEqual([]);
      expect(stored.migrationNames).toEqual(migrations.map((m) => m.name));
      console.log(
        `API kill test: ${KILLS} SIGKILLs; meter ${summary.pubackedAt.size} readings PUBACKed, ${summary.reconnects} reconnect(s); ` +
          `phone ${acknowledgedAt.size} readings acknowledged; ${(summary.elapsedMs / 1000).toFixed(1)} s`,
      );
    },
  );
});
