// Scale-out against an external broker: Debian's mosquitto, started here with the password and ACL
// files our exporter writes, two ingestion workers (child processes, so one can be SIGKILLed) on a
// shared subscription, and the API (in this process, embedded database). Meters publish with mqtt.js
// and with mosquitto_pub; every reading must be stored exactly once and acked, and killing a worker
// mid-stream must lose nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runMeterSimulator } from '../src/meter-simulator';
import { ackListener, connectFailure, connectMeter, glucoseReading, startStack, type Stack } from './stack';

const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PUB = '/usr/bin/mosquitto_pub';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const WORKER_PASSWORD = 'worker-password-for-the-test';
const present = existsSync(MOSQUITTO) && existsSync(MOSQUITTO_PUB);
if (!present) {
  console.warn(
    `Skipping the external-broker tests: ${MOSQUITTO} or ${MOSQUITTO_PUB} is missing (apt-get install mosquitto mosquitto-clients).`,
  );
}

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface WorkerProcess {
  child: ChildProcess;
  log: string;
  ready: boolean;
}

describe.skipIf(!present)('ingestion workers behind Debian mosquitto', () => {
  let stack: Stack;
  let dir: string;
  let mosquitto: ChildProcess;
  let meterPort: number;
  let workerPort: number;
  const meters: Record<'a' | 'b' | 'c' | 'd', { imei: string; secret: string }> = {} as never;
  const workers = new Map<string, WorkerProcess>();

  const startWorker = async (id: string) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@glucoguard/source', join(ROOT, 'apps/device-gateway/src/worker.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          BROKER_URL: `mqtt://127.0.0.1:${workerPort}`,
          BROKER_USERNAME: 'ingest',
          BROKER_PASSWORD: WORKER_PASSWORD,
          WORKER_ID: id,
          WORKER_CONNECTIONS: '4',
          WORKER_STATS_INTERVAL_MS: '100',
          API_URL: stack.api.baseUrl,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const w: WorkerProcess = { child, log: '', ready: false };
    const collect = (chunk: Buffer) => {
      w.log += chunk.toString('utf8');
      w.ready ||= w.log.includes('ingestion worker subscribed');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    workers.set(id, w);
    await waitFor(() => w.ready || child.exitCode !== null, `worker ${id} to subscribe`);
    expect(w.ready, w.log).toBe(true);
    return w;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once('exit', () => r()));
  /** Messages the worker has acknowledged to the broker, from its latest stats line. */
  const ackedBy = (id: string) => Number([...(workers.get(id)?.log ?? '').matchAll(/"acked":(\d+)/g)].at(-1)?.[1] ?? 0);
  const meterUrl = () => `mqtt://127.0.0.1:${meterPort}`;
  const stored = (imei: string) =>
    stack.rows<{ rows: number; ids: number }>(
      'select count(*)::int as rows, count(distinct reading_id)::int as ids from meter_reading where imei = ?',
      [imei],
    );

  beforeAll(async () => {
    stack = await startStack();
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      meters[key] = await stack.provision();
    }
    dir = mkdtempSync(join(tmpdir(), 'gg-mosquitto-'));
    const files = await stack.api.call<{ passwd: string; acl: string; skipped: unknown[] }>('mosquittoFiles', {
      user: 'ingest',
      password: WORKER_PASSWORD,
    });
    expect(files.skipped).toEqual([]);
    writeFileSync(join(dir, 'passwd'), files.passwd, { mode: 0o600 });
    writeFileSync(join(dir, 'acl'), files.acl, { mode: 0o600 });
    [meterPort, workerPort] = [await freePort(), await freePort()];
    writeFileSync(
      join(dir, 'mosquitto.conf'),
      [
        // Started as root, mosquitto would switch to the user "mosquitto", who cannot read this directory.
        `user ${userInfo().username}`,
        'per_listener_settings false',
        'allow_anonymous false',
        `password_file ${join(dir, 'passwd')}`,
        `acl_file ${join(dir, 'acl')}`,
        'persistence false',
        'max_queued_messages 100000',
        'log_dest stderr',
        'log_type error',
        'log_type warning',
        `listener ${meterPort} 127.0.0.1`,
        'use_username_as_clientid true',
        `listener ${workerPort} 127.0.0.1`,
        '',
      ].join('\n'),
    );
    mosquitto = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(async () => (await accepts(meterPort)) && (await accepts(workerPort)), 'mosquitto to listen', 10_000);
    await startWorker('w1');
    await startWorker('w2');
  }, 120_000);

  afterAll(async () => {
    for (const w of workers.values()) {
      w.child.kill('SIGKILL');
      await exited(w.child);
    }
    if (mosquitto) {
      mosquitto.kill('SIGTERM');
      await exited(mosquitto);
    }
    await stack?.close();
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a wrong secret and an unknown meter at CONNACK', async () => {
    const { imei } = meters.a;
    expect(
      (await connectFailure(meterUrl(), { clientId: imei, username: imei, password: 'not-the-secret' })).message,
    ).toMatch(/Not authorized|Bad User Name or Password/i);
    expect(
      (await connectFailure(meterUrl(), { clientId: '869999999999999', username: '869999999999999', password: 'x' }))
        .message,
    ).toMatch(/Not authorized|Bad User Name or Password/i);
    // The workers' account cannot be used to pose as a meter either: it may not publish readings.
  });

  it('lets a meter publish only to its own readings topic and read only its own acks', async () => {
    const { a, b } = meters;
    const client = await connectMeter(meterUrl(), a.imei, a.secret);
    const seen: string[] = [];
    client.on('message', (topic) => seen.push(topic));
    // Mosquitto 2.0 grants these filters in SUBACK (MQTT 3.1.1) but its ACL delivers nothing through them.
    await client.subscribeAsync([`meters/${b.imei}/acks`, 'meters/#', '$SYS/#'], { qos: 1 });
    const other = await connectMeter(meterUrl(), b.imei, b.secret);
    const otherAcks = await ackListener(other, b.imei);
    try {
      await client.publishAsync(`meters/${b.imei}/readings`, JSON.stringify(glucoseReading('posing')), { qos: 1 });
      await other.publishAsync(`meters/${b.imei}/readings`, JSON.stringify(glucoseReading('own')), { qos: 1 });
      expect(await otherAcks.next(1, 10_000)).toEqual([{ ids: ['own'], status: 'stored' }]);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
      expect(await stack.rows('select reading_id from meter_reading where imei = ?', [b.imei])).toEqual([
        { reading_id: 'own' },
      ]);
    } finally {
      await client.endAsync(true);
      await other.endAsync(true);
    }
  });

  it('stores readings from mqtt.js and mosquitto_pub exactly once across both workers, and acks them', async () => {
    const { a, b } = meters;
    const client = await connectMeter(meterUrl(), a.imei, a.secret);
    const acks = await ackListener(client, a.imei);
    const N = 400;
    try {
      await Promise.all(
        Array.from({ length: N }, (_, i) =>
          client.publishAsync(`meters/${a.imei}/readings`, JSON.stringify(glucoseReading(`r-${i}`)), { qos: 1 }),
        ),
      );
      // A resend of one of them, as a meter does after a lost ack.
      await client.publishAsync(`meters/${a.imei}/readings`, JSON.stringify(glucoseReading('r-7')), { qos: 1 });
      await acks.next(N + 1, 30_000);
      expect(
        acks.acks
          .filter((x) => x.status === 'stored')
          .flatMap((x) => x.ids)
          .sort(),
      ).toEqual(Array.from({ length: N }, (_, i) => `r-${i}`).sort());
      expect(acks.acks.filter((x) => x.status === 'duplicate')).toEqual([{ ids: ['r-7'], status: 'duplicate' }]);
    } finally {
      await client.endAsync(true);
    }
    expect(await stored(a.imei)).toEqual([{ rows: N, ids: N }]);
    // The shared subscription split the stream: both workers stored part of it.
    await waitFor(() => ackedBy('w1') + ackedBy('w2') >= N + 1, "the workers' stats", 5_000);
    expect(ackedBy('w1')).toBeGreaterThan(0);
    expect(ackedBy('w2')).toBeGreaterThan(0);

    const pub = promisify(execFile);
    for (let i = 0; i < 5; i += 1) {
      await pub(MOSQUITTO_PUB, [
        '-h',
        '127.0.0.1',
        '-p',
        String(meterPort),
        '-V',
        'mqttv311',
        '-i',
        b.imei,
        '-u',
        b.imei,
        '-P',
        b.secret,
        '-q',
        '1',
        '-t',
        `meters/${b.imei}/readings`,
        '-m',
        JSON.stringify(glucoseReading(`pub-${i}`)),
      ]);
    }
    await expect(
      pub(MOSQUITTO_PUB, [
        '-h',
        '127.0.0.1',
        '-p',
        String(meterPort),
        '-i',
        b.imei,
        '-u',
        b.imei,
        '-P',
        'wrong',
        '-q',
        '1',
        '-t',
        `meters/${b.imei}/readings`,
        '-m',
        '{}',
      ]),
    ).rejects.toThrow();
    await waitFor(async () => (await stored(b.imei))[0]!.rows >= 6, 'the mosquitto_pub readings', 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored(b.imei)).toEqual([{ rows: 6, ids: 6 }]);
  });

  it('answers a malformed payload with a rejected ack', async () => {
    const { d } = meters;
    const client = await connectMeter(meterUrl(), d.imei, d.secret);
    const acks = await ackListener(client, d.imei);
    try {
      await client.publishAsync(`meters/${d.imei}/readings`, 'not json', { qos: 1 });
      expect((await acks.next(1, 10_000))[0]).toMatchObject({ status: 'rejected' });
    } finally {
      await client.endAsync(true);
    }
  });

  it('loses nothing when a worker is SIGKILLed mid-stream and restarted under its id (its session holds what it had not acknowledged)', async () => {
    const { c } = meters;
    const COUNT = 3000;
    let killed = false;
    const w1 = workers.get('w1')!;
    const run = runMeterSimulator({
      url: meterUrl(),
      imei: c.imei,
      secret: c.secret,
      kind: 'glucose',
      count: COUNT,
      rate: 0,
      window: 100,
      idPrefix: 'k-',
      // Only the broker may bring the lost messages back: the meter does not resend in this test.
      resendAfterMs: 600_000,
      deadlineMs: 90_000,
      onProgress: (p) => {
        if (!killed && p.acked >= COUNT / 3) {
          killed = true;
          w1.child.kill('SIGKILL');
        }
      },
    });
    await waitFor(() => killed, 'a third of the stream', 60_000);
    await exited(w1.child);
    const storedAtKill = (await stored(c.imei))[0]!.rows;
    expect(storedAtKill).toBeLessThan(COUNT);
    // The killed worker comes back under its id and gets its session's unacknowledged messages.
    await startWorker('w1');
    const summary = await run;
    expect(summary.refused).toBeNull();
    expect(summary.unacked).toBe(0);
    expect(await stored(c.imei)).toEqual([{ rows: COUNT, ids: COUNT }]);
  }, 150_000);
});
