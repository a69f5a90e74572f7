// The device gateway (PostgreSQL only): readings durably stored per second — a QoS 1 PUBACK from
// the gateway means the reading's transaction committed — from BENCH_METERS (100) meters on
// persistent connections, each keeping BENCH_METER_WINDOW (4) readings in flight, and from meters
// that connect, publish one reading and disconnect; PUBACK latency p50/p99. Baseline: an aedes
// broker whose authorizePublish just calls back (bench/noop-broker.ts), driven the same way in the
// same run. The rows are counted afterwards: every PUBACKed reading must be in meter_reading.
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashDeviceSecret } from '../apps/api/src/modules/device/device.secret';
import { DURATION_SECONDS, freePort, percentiles, startProcess, stopProcess, type Comparison, type Measurement } from './lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const METERS = Number(process.env.BENCH_METERS ?? 100);
const WINDOW = Number(process.env.BENCH_METER_WINDOW ?? 4);
/** BENCH_METERS_BOUND=0 leaves the meters unbound: readings are stored without sugar records, points or notices. */
const BOUND = process.env.BENCH_METERS_BOUND !== '0';
const SECRET = 'bench-meter-secret-0123456789abc';
const TSX = ['--import', 'tsx', '--conditions=@glucoguard/source'];

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
    return (await db.query<{ n: number }>(`select count(*)::int as n from meter_reading where imei like '86900000%'`)).rows[0]!.n;
  } finally {
    await db.end();
  }
}

const connect = (url: string, i: number) =>
  mqtt.connectAsync(url, { clientId: imeiOf(i), username: imeiOf(i), password: SECRET, clean: false, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 120 });

interface Run {
  measurement: Measurement;
  /** PUBACKs received, warm-up included. */
  pubacked: number;
}

/** Every meter connected for the whole run, `WINDOW` readings in flight each. */
async function persistent(url: string): Promise<Run> {
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
    await runFor(1);
    return { measurement: await runFor(DURATION_SECONDS), pubacked };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  }
}

/** Each meter in a loop: connect, publish one reading, wait for its PUBACK, disconnect. */
async function connectPublishDisconnect(url: string): Promise<Run> {
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
  await runFor(1);
  return { measurement: await runFor(DURATION_SECONDS), pubacked };
}

export async function gatewayBenchmarks(apiEnv: Record<string, string>, apiEntry: string): Promise<Comparison[]> {
  if (!apiEnv.DATABASE_URL) {
    console.log('\nGateway benchmark skipped: it needs PostgreSQL (DATABASE_URL).');
    return [];
  }
  const [apiPort, mqttPort, healthPort, noopPort, noopHealthPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const api = await startProcess([apiEntry], { ...apiEnv, PORT: String(apiPort) }, `http://127.0.0.1:${apiPort}/api/healthz`);
  const results: { persistent: Run; cpd: Run; stored: number } = {} as never;
  try {
    await seedMeters(apiEnv.DATABASE_URL);
    const gateway = await startProcess(
      [...TSX, join(root, 'apps/device-gateway/src/server.ts')],
      { NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', MQTT_PORT: String(mqttPort), GATEWAY_HEALTH_PORT: String(healthPort), API_URL: `http://127.0.0.1:${apiPort}/api`, GATEWAY_TOKEN: apiEnv.GATEWAY_TOKEN ?? '' },
      `http://127.0.0.1:${healthPort}/healthz`,
    );
    try {
      results.persistent = await persistent(`mqtt://127.0.0.1:${mqttPort}`);
      results.cpd = await connectPublishDisconnect(`mqtt://127.0.0.1:${mqttPort}`);
    } finally {
      await stopProcess(gateway);
    }
    results.stored = await countStored(apiEnv.DATABASE_URL);
  } finally {
    await stopProcess(api);
  }
  const noop = await startProcess([...TSX, join(root, 'bench/noop-broker.ts')], { PORT: String(noopPort), HEALTH_PORT: String(noopHealthPort) }, `http://127.0.0.1:${noopHealthPort}/healthz`);
  let baseline: { persistent: Run; cpd: Run };
  try {
    baseline = { persistent: await persistent(`mqtt://127.0.0.1:${noopPort}`), cpd: await connectPublishDisconnect(`mqtt://127.0.0.1:${noopPort}`) };
  } finally {
    await stopProcess(noop);
  }
  // A PUBACKed reading missing from the table would be a lost reading: counted as errors.
  const lost = Math.max(0, results.persistent.pubacked + results.cpd.pubacked - results.stored);
  console.log(`\nGateway: ${results.persistent.pubacked + results.cpd.pubacked} readings PUBACKed, ${results.stored} rows in meter_reading${lost ? `, ${lost} MISSING` : ''}.`);
  return [
    {
      name: `Device gateway, ${METERS} ${BOUND ? 'bound' : 'unbound'} meters on persistent connections (${WINDOW} in flight each), QoS 1, PostgreSQL`,
      subject: 'gateway: readings stored per second (PUBACK)',
      baseline: 'aedes QoS 1, no-op authorizePublish',
      subjectResult: { ...results.persistent.measurement, errors: results.persistent.measurement.errors + lost },
      baselineResult: baseline.persistent.measurement,
    },
    {
      name: `Device gateway, ${METERS} ${BOUND ? 'bound' : 'unbound'} meters connecting, publishing one reading, disconnecting, PostgreSQL`,
      subject: 'gateway: readings stored per second (PUBACK)',
      baseline: 'aedes QoS 1, no-op authorizePublish',
      subjectResult: results.cpd.measurement,
      baselineResult: baseline.cpd.measurement,
    },
  ];
}
