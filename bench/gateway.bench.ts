// The device gateway (PostgreSQL only): readings durably stored per second — a QoS 1 PUBACK from
// the gateway means the reading's transaction committed — from BENCH_METERS (100) meters on
// persistent connections, each keeping BENCH_METER_WINDOW (4) readings in flight, and from meters
// that connect, publish one reading and disconnect; PUBACK latency p50/p99. Baseline: an aedes
// broker whose authorizePublish just calls back (bench/noop-broker.ts), driven the same way in the
// same run, once before and once after the subjects; the faster run is compared. The rows are
// counted afterwards: every PUBACKed reading must be in meter_reading.
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashDeviceSecret } from '@glucoguard/ingestion';
import {
  cpuMeter,
  DURATION_SECONDS,
  freePort,
  percentiles,
  postgresCpuSeconds,
  processCpuSeconds,
  startProcess,
  stopProcess,
  type Comparison,
  type Measurement,
} from './lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const METERS = Number(process.env.BENCH_METERS ?? 100);
const WINDOW = Number(process.env.BENCH_METER_WINDOW ?? 4);
/**
 * Seconds of load before the measured stretch (BENCH_GATEWAY_WARMUP_SECONDS): long enough for the
 * broker's and gateway's code to be optimised and the fresh tables' first growth to pass, so the
 * figures are the steady state rather than a start-up.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_GATEWAY_WARMUP_SECONDS ?? 3);
/** BENCH_METERS_BOUND=0 leaves the meters unbound: readings are stored without sugar records, points or notices. */
const BOUND = process.env.BENCH_METERS_BOUND !== '0';
const SECRET = 'bench-meter-secret-0123456789abc';
/** BENCH_GATEWAY_CPD=0 leaves out the connect-publish-disconnect meters (e.g. to profile the persistent ones alone). */
const CPD = process.env.BENCH_GATEWAY_CPD !== '0';
const NO_RUN: Run = { measurement: { perSecond: 0, errors: 0 }, pubacked: 0, cpu: '' };
/** How the gateway stores: through the API's internal endpoints, its only way (docs/adr/0021). */
type Storage = 'api';
const STORAGE_NAMES: Record<Storage, string> = { api: 'through the API' };
const STORAGES: Storage[] = ['api'];
const TSX = ['--import', 'tsx', '--conditions=@glucoguard/source'];
/**
 * BENCH_GATEWAY_CPU_PROF=DIR: the gateway runs with `--cpu-prof` and writes a V8 CPU profile
 * (start, warm-up and every run included) into DIR when it exits on the bench's SIGTERM;
 * NODE_OPTIONS cannot carry that flag.
 */
const CPU_PROF_DIR = process.env.BENCH_GATEWAY_CPU_PROF ?? '';
const PROFILE = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
/** BENCH_API_CPU_PROF=DIR: the same for the API (its built entry), to see where a reading's time goes in the API. */
const API_CPU_PROF_DIR = process.env.BENCH_API_CPU_PROF ?? '';
const API_PROFILE = API_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${API_CPU_PROF_DIR}`] : [];

const imeiOf = (i: number) => `86900000${String(i).padStart(7, '0')}`;
let seq = 0;
const reading = () => {
  seq += 1;
  const at = new Date(Date.now() - 60_000 + 8 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+08:00');
  return JSON.stringify({ id: `b${seq}`, kind: 'glucose', value: 6.3, unit: 'mmol/L', measuredAt: at });
};

/** Meters bound to customers of their own (their readings become sugar records and earn points, as in production). */
async function seedMeters(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const hash = await hashDeviceSecret(SECRET);
    await db.query('begin');
    await db.query(
      `insert into customer (id, openid, nickname, invite_code, registered_at, created_at, updated_at, phone)
       select gen_random_uuid(), 'meterbench_' || g, '测量' || g, 'M' || lpad(to_hex(g), 5, '0'), now(), now(), now(), '171' || lpad(g::text, 8, '0')
       from generate_series(1, $1::int) g`,
      [METERS],
    );
    await db.query(
      `insert into device (imei, kind, model, secret_hash, customer_id, bound_at, created_at)
       select '86900000' || lpad(g::text, 7, '0'), 'glucose', 'bench', $2, case when $3 then c.id end, case when $3 then now() end, now()
       from generate_series(1, $1::int) g join customer c on c.openid = 'meterbench_' || g`,
      [METERS, hash, BOUND],
    );
    await db.query('commit');
  } finally {
    await db.end();
  }
}

async function countStored(databaseUrl: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<{ n: number }>(`select count(*)::int as n from meter_reading where imei like '86900000%'`))
      .rows[0]!.n;
  } finally {
    await db.end();
  }
}

const connect = (url: string, i: number) =>
  mqtt.connectAsync(url, {
    clientId: imeiOf(i),
    username: imeiOf(i),
    password: SECRET,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 30_000,
    keepalive: 120,
  });

interface Run {
  measurement: Measurement;
  /** PUBACKs received, warm-up included. */
  pubacked: number;
  /** CPU per 1,000 readings by process during the measured stretch. */
  cpu: string;
}

type CpuMeter = ReturnType<typeof cpuMeter>;

/** This process (the simulated meters) in CPU seconds. */
const metersCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Every meter connected for the whole run, `WINDOW` readings in flight each. */
async function persistent(url: string, meter: CpuMeter): Promise<Run> {
  const clients: MqttClient[] = [];
  for (let i = 1; i <= METERS; i += 1) {
    clients.push(await connect(url, i));
  }
  let pubacked = 0;
  const runFor = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const stopAt = Date.now() + seconds * 1000;
    await Promise.all(
      clients.flatMap((client, i) =>
        Array.from({ length: WINDOW }, async () => {
          while (Date.now() < stopAt) {
            const started = performance.now();
            try {
              await client.publishAsync(`meters/${imeiOf(i + 1)}/readings`, reading(), { qos: 1 });
              latencies.push(performance.now() - started);
              pubacked += 1;
            } catch {
              errors += 1;
            }
          }
        }),
      ),
    );
    return { perSecond: latencies.length / seconds, errors, ...percentiles(latencies) };
  };
  try {
    await runFor(WARMUP_SECONDS);
    meter.start();
    const measurement = await runFor(DURATION_SECONDS);
    return { measurement, pubacked, cpu: meter.stop(measurement.perSecond * DURATION_SECONDS) };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  }
}

/** Each meter in a loop: connect, publish one reading, wait for its PUBACK, disconnect. */
async function connectPublishDisconnect(url: string, meter: CpuMeter): Promise<Run> {
  let pubacked = 0;
  const runFor = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const stopAt = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: METERS }, async (_, i) => {
        while (Date.now() < stopAt) {
          try {
            const client = await connect(url, i + 1);
            const started = performance.now();
            await client.publishAsync(`meters/${imeiOf(i + 1)}/readings`, reading(), { qos: 1 });
            latencies.push(performance.now() - started);
            pubacked += 1;
            await client.endAsync();
          } catch {
            errors += 1;
          }
        }
      }),
    );
    return { perSecond: latencies.length / seconds, errors, ...percentiles(latencies) };
  };
  await runFor(WARMUP_SECONDS);
  meter.start();
  const measurement = await runFor(DURATION_SECONDS);
  return { measurement, pubacked, cpu: meter.stop(measurement.perSecond * DURATION_SECONDS) };
}

type Baseline = { persistent: Run; cpd: Run };

/** The no-op broker in a process of its own, driven like the gateway. */
async function measureBaseline(port: number, healthPort: number): Promise<Baseline> {
  const noop = await startProcess(
    [...TSX, join(root, 'bench/noop-broker.ts')],
    { PORT: String(port), HEALTH_PORT: String(healthPort) },
    `http://127.0.0.1:${healthPort}/healthz`,
  );
  const noopMeter = () => cpuMeter({ meters: metersCpu, broker: () => processCpuSeconds(noop.pid) });
  try {
    return {
      persistent: await persistent(`mqtt://127.0.0.1:${port}`, noopMeter()),
      cpd: CPD ? await connectPublishDisconnect(`mqtt://127.0.0.1:${port}`, noopMeter()) : NO_RUN,
    };
  } finally {
    await stopProcess(noop);
  }
}

/** How the gateway grouped messages into storing calls so far (its health check counts them). */
async function batchingOf(healthUrl: string): Promise<string> {
  try {
    const { ingest } = (await (await fetch(healthUrl)).json()) as { ingest: { batches: number; messages: number } };
    return `gateway batches: ${ingest.batches} storing calls for ${ingest.messages} messages (${(ingest.messages / Math.max(1, ingest.batches)).toFixed(1)} a call)`;
  } catch (error) {
    return `gateway batches: unknown (${(error as Error).message})`;
  }
}

export async function gatewayBenchmarks(apiEnv: Record<string, string>, apiEntry: string): Promise<Comparison[]> {
  const databaseUrl = apiEnv.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\nGateway benchmark skipped: it needs PostgreSQL (DATABASE_URL).');
    return [];
  }
  const [apiPort, mqttPort, healthPort, noopPort, noopHealthPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const before = await measureBaseline(noopPort, noopHealthPort);
  const api = await startProcess(
    [...API_PROFILE, apiEntry],
    { ...apiEnv, PORT: String(apiPort) },
    `http://127.0.0.1:${apiPort}/api/healthz`,
  );
  const subject: Partial<Record<Storage, { persistent: Run; cpd: Run; batching: string }>> = {};
  let stored: number;
  try {
    await seedMeters(databaseUrl);
    for (const storage of STORAGES) {
      const gateway = await startProcess(
        [...TSX, ...PROFILE, join(root, 'apps/device-gateway/src/server.ts')],
        {
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          MQTT_PORT: String(mqttPort),
          GATEWAY_HEALTH_PORT: String(healthPort),
          API_URL: `http://127.0.0.1:${apiPort}/api`,
          GATEWAY_TOKEN: apiEnv.GATEWAY_TOKEN ?? '',
          // All of the bench's meters connect from one loopback address at once; the per-address
          // sign-in throttle (docs/device-protocol.md §1) is meant for one network's meters, so it is
          // opened here to measure storing, not rationing. The cap on checks in all stays as shipped.
          GATEWAY_AUTH_PER_ADDRESS_BURST: String(METERS * 2),
          GATEWAY_AUTH_PER_ADDRESS_RATE: String(METERS * 2),
          GATEWAY_AUTH_PER_ADDRESS_IN_FLIGHT: '8',
        },
        `http://127.0.0.1:${healthPort}/healthz`,
      );
      const meter = () =>
        cpuMeter({
          meters: metersCpu,
          gateway: () => processCpuSeconds(gateway.pid),
          API: () => processCpuSeconds(api.pid),
          PostgreSQL: postgresCpuSeconds,
        });
      try {
        const persistentRun = await persistent(`mqtt://127.0.0.1:${mqttPort}`, meter());
        const batching = await batchingOf(`http://127.0.0.1:${healthPort}/healthz`);
        subject[storage] = {
          persistent: persistentRun,
          batching,
          cpd: CPD ? await connectPublishDisconnect(`mqtt://127.0.0.1:${mqttPort}`, meter()) : NO_RUN,
        };
      } finally {
        await stopProcess(gateway);
      }
    }
    stored = await countStored(databaseUrl);
  } finally {
    await stopProcess(api);
  }
  const after = await measureBaseline(noopPort, noopHealthPort);
  // The faster of the two baseline runs is the one compared against (the machine's pace drifts).
  const better = (pick: (b: Baseline) => Run) =>
    pick(after).measurement.perSecond >= pick(before).measurement.perSecond ? pick(after) : pick(before);
  const baseline = { persistent: better((b) => b.persistent), cpd: better((b) => b.cpd) };
  const paces = (pick: (b: Baseline) => Run) =>
    `baseline runs before and after the subjects: ${pick(before).measurement.perSecond.toFixed(0)} and ${pick(after).measurement.perSecond.toFixed(0)} ops/s (the faster is compared)`;
  const runs = Object.values(subject);
  const pubacked = runs.reduce((sum, r) => sum + r.persistent.pubacked + r.cpd.pubacked, 0);
  // A PUBACKed reading missing from the table would be a lost reading: counted as errors.
  const lost = Math.max(0, pubacked - stored);
  console.log(
    `\nGateway: ${pubacked} readings PUBACKed, ${stored} rows in meter_reading${lost ? `, ${lost} MISSING` : ''}.`,
  );
  const meters = `${METERS} ${BOUND ? 'bound' : 'unbound'} meters`;
  return Object.entries(subject).flatMap(([storage, run]) => [
    {
      name: `Device gateway storing ${STORAGE_NAMES[storage as Storage]}, ${meters} on persistent connections (${WINDOW} in flight each), QoS 1`,
      subject: 'gateway: readings stored per second (PUBACK)',
      baseline: 'aedes QoS 1, no-op authorizePublish',
      subjectResult: { ...run.persistent.measurement, errors: run.persistent.measurement.errors + lost },
      baselineResult: baseline.persistent.measurement,
      notes: [
        `subject  ${run.persistent.cpu}`,
        `baseline ${baseline.persistent.cpu}`,
        run.batching,
        paces((b) => b.persistent),
      ],
    },
    ...(CPD
      ? [
          {
            name: `Device gateway storing ${STORAGE_NAMES[storage as Storage]}, ${meters} connecting, publishing one reading, disconnecting`,
            subject: 'gateway: readings stored per second (PUBACK)',
            baseline: 'aedes QoS 1, no-op authorizePublish',
            subjectResult: run.cpd.measurement,
            baselineResult: baseline.cpd.measurement,
            notes: [`subject  ${run.cpd.cpu}`, `baseline ${baseline.cpd.cpu}`, paces((b) => b.cpd)],
          },
        ]
      : []),
  ]);
}
