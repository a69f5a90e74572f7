// A flood of bogus MQTT CONNECTs (issue 15 C): BENCH_FLOOD_CONNECTS (500) CONNECTs with random
// IMEIs and passwords, all at once from one address (127.0.0.2), while a real meter with the
// right secret connects from another (127.0.0.1) and the web app's `GET /` is fetched in a loop.
// Printed: the real meter's CONNACK code and time, `GET /` p50/p95/p99 during the flood against
// the same loop on a quiet system just before, and what the bogus connects were answered.
// Targets (issue 15): CONNACK 0 within 2 s, `GET /` p95 under 100 ms. No assertion fails the bench.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { openDatabase } from '../apps/api/src/db/orm';
import { provisionDevice } from '../apps/api/src/contexts/devices/meter/meter.service';
import { freePort, percentiles, startProcess, stopProcess, type Comparison, type Measurement } from './lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTS = Number(process.env.BENCH_FLOOD_CONNECTS ?? 500);
const WEB_DIST = join(root, 'apps/web/dist');
const TSX = ['--import', 'tsx', '--conditions=@glucoguard/source'];
const IMEI = '869100000000019';
const CALLERS = 4;

const field = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** An MQTT 3.1.1 CONNECT (its body is under 128 bytes, so the length is one byte). */
function connectPacket(clientId: string, password: string): Buffer {
  const body = Buffer.concat([
    field('MQTT'),
    Buffer.from([4, 0xc0, 0, 60]),
    field(clientId),
    field(clientId),
    field(password),
  ]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

/** One bogus CONNECT from 127.0.0.2: the CONNACK code, or null when the socket closed without one. */
function bogusConnect(port: number, i: number): Promise<number | null> {
  return new Promise((done) => {
    const imei = `8699${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${String(i).padStart(5, '0')}`;
    const socket = tcpConnect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' }, () =>
      socket.write(connectPacket(imei, `bogus-${Math.random().toString(36).slice(2)}`)),
    );
    let answered = false;
    const finish = (code: number | null) => {
      if (!answered) {
        answered = true;
        socket.destroy();
        done(code);
      }
    };
    socket.on('data', (chunk: Buffer) => finish(chunk[0] === 0x20 && chunk.length >= 4 ? chunk[3]! : null));
    socket.on('error', () => finish(null));
    socket.on('close', () => finish(null));
    setTimeout(() => finish(null), 60_000).unref();
  });
}

/** `GET /` from CALLERS kept-alive callers until `until()` says stop; every call timed. */
async function fetchLoop(url: string, until: () => boolean): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CALLERS });
  const latencies: number[] = [];
  let errors = 0;
  const started = Date.now();
  const get = () =>
    new Promise<void>((ok, fail) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? ok() : fail(new Error(String(res.statusCode)))));
        })
        .on('error', fail);
    });
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (!until()) {
        const t = performance.now();
        try {
          await get();
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  agent.destroy();
  return { perSecond: latencies.length / ((Date.now() - started) / 1000), ...percentiles(latencies), errors };
}

export async function floodBenchmarks(apiEnv: Record<string, string>, apiEntry: string): Promise<Comparison[]> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.log(
      '\nFlood benchmark skipped: it fetches the web app; build it first (npm run build -w @glucoguard/web).',
    );
    return [];
  }
  // The meter exists before the API starts: the embedded database has one owner at a time.
  const orm = await openDatabase({
    databaseUrl: apiEnv.DATABASE_URL || undefined,
    pgliteDir: join(apiEnv.DATA_DIR ?? '', 'pglite'),
  });
  let secret: string;
  try {
    const em = orm.em.fork();
    await em.getConnection().execute('delete from device where imei = ?', [IMEI]);
    ({ secret } = await provisionDevice(em, { imei: IMEI, kind: 'glucose', model: 'bench' }, new Date()));
  } finally {
    await orm.close();
  }
  const [apiPort, mqttPort, healthPort] = [await freePort(), await freePort(), await freePort()];
  const api = await startProcess(
    [apiEntry],
    { ...apiEnv, WEB_DIST, PORT: String(apiPort) },
    `http://127.0.0.1:${apiPort}/api/healthz`,
  );
  const gateway = await startProcess(
    [...TSX, join(root, 'apps/device-gateway/src/server.ts')],
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      GATEWAY_HEALTH_PORT: String(healthPort),
      API_URL: `http://127.0.0.1:${apiPort}/api`,
      GATEWAY_TOKEN: apiEnv.GATEWAY_TOKEN ?? '',
      DATABASE_URL: '',
    },
    `http://127.0.0.1:${healthPort}/healthz`,
  );
  try {
    const page = `http://127.0.0.1:${apiPort}/`;
    const quietUntil = Date.now() + 3000;
    const quiet = await fetchLoop(page, () => Date.now() > quietUntil);

    let floodDone = false;
    const floodStarted = Date.now();
    const flood = Promise.all(Array.from({ length: CONNECTS }, (_, i) => bogusConnect(mqttPort, i))).finally(() => {
      floodDone = true;
    });
    const during = fetchLoop(page, () => floodDone && Date.now() - floodStarted > 2000);
    await new Promise((r) => setTimeout(r, 100));
    const meterStarted = performance.now();
    let meterCode: number;
    try {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: IMEI,
        username: IMEI,
        password: secret,
        clean: false,
        protocolVersion: 4,
        reconnectPeriod: 0,
        connectTimeout: 30_000,
      });
      meterCode = 0;
      await client.endAsync(true);
    } catch (error) {
      meterCode = (error as { code?: number }).code ?? -1;
    }
    const meterMs = Math.round(performance.now() - meterStarted);
    const codes = await flood;
    const floodMs = Date.now() - floodStarted;
    const underFlood = await during;
    const health = (await (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).json()) as {
      auth: Record<string, number>;
    };
    const count = (code: number | null) => codes.filter((c) => c === code).length;
    return [
      {
        name: `GET / while ${CONNECTS} bogus MQTT CONNECTs arrive (one address) and a real meter connects from another`,
        subject: `GET / during the flood (${CALLERS} callers)`,
        baseline: `GET / on a quiet system (${CALLERS} callers)`,
        subjectResult: underFlood,
        baselineResult: quiet,
        notes: [
          `real meter: CONNACK ${meterCode} after ${meterMs} ms (target: 0 within 2,000 ms); GET / p95 ${underFlood.p95Ms} ms during the flood (target: under 100 ms)`,
          `bogus CONNECTs: ${count(3)} answered 3 (retry later), ${count(5)} answered 5 (refused), ${count(0)} accepted, ${count(null)} closed without CONNACK; all answered in ${floodMs} ms`,
          `gateway sign-in counters: ${JSON.stringify(health.auth)}`,
        ],
      },
    ];
  } finally {
    await stopProcess(gateway);
    await stopProcess(api);
  }
}
