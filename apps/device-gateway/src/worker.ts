// The ingestion worker for an external broker cluster (EMQX, or Mosquitto in the tests): it takes
// meter readings from the shared subscription `$share/ingest/meters/+/readings`, stores them
// through the API's internal endpoints like the embedded gateway does, acknowledges each message to the broker only
// after the transaction that stored it committed, and answers the meter on `meters/{imei}/acks`.
// Run: BROKER_URL=mqtt://broker:1883 BROKER_USERNAME=ingest BROKER_PASSWORD=… WORKER_ID=ingest-a \
//      npm run worker -w @glucoguard/device-gateway   (docs/device-protocol.md, "Scale-out")
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { pino, type Logger } from 'pino';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  METER_INGEST_SHARED_SUBSCRIPTION,
  METER_PAYLOAD_MAX_BYTES,
  imeiOfReadingsTopic,
  meterAcksTopic,
  type MeterAck,
} from '@glucoguard/domain';
import { HttpMeterStore, ReadingBatcher, type IngestConfig, type IngestStats } from '@glucoguard/ingestion';
import { DEV_GATEWAY_TOKEN } from './config';

export interface WorkerConfig {
  brokerUrl: string;
  username: string;
  password: string;
  /**
   * Names this worker's broker sessions (`{workerId}-{n}`). It must stay the same across restarts:
   * the broker keeps the session, and the messages it had sent but not yet got a PUBACK for, under
   * that client id and sends them again when the worker is back.
   */
  workerId: string;
  /**
   * Connections to the broker, each a member of the shared subscription. mqtt.js handles the
   * messages of one connection one at a time (the next waits for the previous one's PUBACK), so
   * this is how many messages a worker has in storage at once, and so roughly its batch size.
   */
  connections: number;
  /** How long the broker keeps a session (and its unacknowledged messages) while the worker is away, in seconds. */
  sessionExpirySeconds: number;
  /** Where the API lives: the worker stores readings through its internal endpoints. */
  apiUrl: string;
  gatewayToken: string;
  ingest: IngestConfig;
}

export interface Worker {
  stats(): IngestStats & { connected: number; acked: number; failed: number };
  close(): Promise<void>;
}

function integer(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
    return fallback;
  }
  return value;
}

/** Reads the worker's configuration from environment variables, reporting every problem at once. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const problems: string[] = [];
  const brokerUrl = env.BROKER_URL ?? '';
  if (!/^mqtts?:\/\/./.test(brokerUrl)) {
    problems.push('BROKER_URL must be the external broker, e.g. mqtt://broker:1883 or mqtts://broker:8883.');
  }
  if (!env.BROKER_USERNAME || !env.BROKER_PASSWORD) {
    problems.push(
      "BROKER_USERNAME and BROKER_PASSWORD must be the ingestion workers' broker account (npm run device -- mosquitto-config writes it for Mosquitto).",
    );
  }
  const token = env.GATEWAY_TOKEN ?? '';
  if (env.NODE_ENV === 'production' && token.length < 32) {
    problems.push("GATEWAY_TOKEN must be set to the API's gateway token in production.");
  }
  const workerId = env.WORKER_ID || `ingest-${hostname()}`;
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(workerId)) {
    problems.push(`WORKER_ID must be 1–40 letters, digits, "_", "." or "-", got "${workerId}".`);
  }
  const config: WorkerConfig = {
    brokerUrl,
    username: env.BROKER_USERNAME ?? '',
    password: env.BROKER_PASSWORD ?? '',
    workerId,
    connections: integer('WORKER_CONNECTIONS', env.WORKER_CONNECTIONS, 16, 1, 256, problems),
    sessionExpirySeconds: integer(
      'WORKER_SESSION_EXPIRY_SECONDS',
      env.WORKER_SESSION_EXPIRY_SECONDS,
      86_400,
      60,
      4_294_967_295,
      problems,
    ),
    apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}/api`).replace(/\/+$/, ''),
    gatewayToken: token || DEV_GATEWAY_TOKEN,
    ingest: {
      maxBatch: integer('INGEST_BATCH_MAX', env.INGEST_BATCH_MAX, 200, 1, 1000, problems),
      maxWaitMs: integer('INGEST_BATCH_WAIT_MS', env.INGEST_BATCH_WAIT_MS, 2, 0, 1000, problems),
      maxInFlight: integer('INGEST_MAX_IN_FLIGHT', env.INGEST_MAX_IN_FLIGHT, 2, 1, 64, problems),
    },
  };
  if (problems.length > 0) {
    throw new Error(problems.join('\n'));
  }
  return config;
}

/**
 * Connects `config.connections` MQTT 5 clients to the broker, each with a persistent session
 * (clean start off, a session expiry) and the shared subscription at QoS 1.
 *
 * mqtt.js sends a QoS 1 PUBACK only when `customHandleAcks` calls back (MQTT 5 only; mqtt 5.16.0
 * lib/handlers/publish.js), so the handler calls back after the batch holding the message
 * committed. When storing failed it calls back with the error — mqtt.js then sends no PUBACK — and
 * drops the connection: the client reconnects to its session and the broker sends every message
 * still unacknowledged again (duplicates are harmless, `(imei, id)` is unique).
 */
export async function startWorker(config: WorkerConfig, log: Logger): Promise<Worker> {
  const storage = new HttpMeterStore({ apiUrl: config.apiUrl, gatewayToken: config.gatewayToken });
  const ingest = new ReadingBatcher(storage, config.ingest, (error, size) =>
    log.error(
      { err: error.message, messages: size },
      'storing a batch of readings failed; the broker will send them again',
    ),
  );
  const counters = { acked: 0, failed: 0 };
  const clients: MqttClient[] = [];

  const sendAcks = (client: MqttClient, imei: string, acks: readonly MeterAck[]) => {
    for (const ack of acks) {
      client.publish(meterAcksTopic(imei), JSON.stringify(ack), { qos: 1 }, (error) => {
        if (error) {
          log.warn({ imei, err: error.message }, 'could not publish an ack');
        }
      });
    }
  };

  const connect = (n: number) =>
    new Promise<MqttClient>((resolve, reject) => {
      let client: MqttClient | null = null;
      const handler: NonNullable<IClientOptions['customHandleAcks']> = (topic, message, packet, done) => {
        const c = client as MqttClient;
        const imei = imeiOfReadingsTopic(topic);
        if (imei === null) {
          // Not a meter's readings topic (the broker's ACL should make this impossible): nothing to store.
          done(0);
          return;
        }
        if (message.length > METER_PAYLOAD_MAX_BYTES) {
          done(0);
          counters.acked += 1;
          sendAcks(c, imei, [
            { ids: [], status: 'rejected', reason: `payload: larger than ${METER_PAYLOAD_MAX_BYTES} bytes` },
          ]);
          return;
        }
        const messageId = (packet as IPublishPacket).messageId;
        ingest
          .submit({
            imei,
            messageId: messageId === undefined ? undefined : String(messageId),
            payload: message.toString('utf8'),
          })
          .then(
            (acks) => {
              done(0);
              counters.acked += 1;
              sendAcks(c, imei, acks);
            },
            (error: Error) => {
              counters.failed += 1;
              // No PUBACK; reconnecting makes the broker send this and every other unacknowledged message again.
              c.stream?.destroy();
              done(error);
            },
          );
      };
      client = mqtt.connect(config.brokerUrl, {
        protocolVersion: 5,
        clientId: `${config.workerId}-${n}`,
        username: config.username,
        password: config.password,
        clean: false,
        properties: { sessionExpiryInterval: config.sessionExpirySeconds },
        reconnectPeriod: 1000,
        connectTimeout: 10_000,
        customHandleAcks: handler,
      });
      let first = true;
      client.on('connect', (connack) => {
        if (!connack.sessionPresent) {
          client.subscribe(METER_INGEST_SHARED_SUBSCRIPTION, { qos: 1 }, (error, granted) => {
            if (error || granted?.some((g) => g.qos !== 1)) {
              log.error({ err: error?.message, granted }, 'the broker refused the shared subscription');
              if (first) {
                first = false;
                reject(
                  error ??
                    new Error(`the broker refused ${METER_INGEST_SHARED_SUBSCRIPTION}: ${JSON.stringify(granted)}`),
                );
              }
              return;
            }
            if (first) {
              first = false;
              resolve(client);
            }
          });
        } else if (first) {
          first = false;
          resolve(client);
        }
      });
      client.on('error', (error) => {
        log.warn({ clientId: `${config.workerId}-${n}`, err: error.message }, 'broker connection error');
        if (first && /Not authorized|Bad User Name or Password|bad username/i.test(error.message)) {
          first = false;
          client.end(true);
          reject(error);
        }
      });
    });

  try {
    for (let n = 1; n <= config.connections; n += 1) {
      clients.push(await connect(n));
    }
  } catch (error) {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    throw error;
  }
  log.info(
    {
      brokerUrl: config.brokerUrl,
      workerId: config.workerId,
      connections: config.connections,
      storage: config.apiUrl,
    },
    'ingestion worker subscribed',
  );

  return {
    stats: () => ({ ...ingest.stats(), ...counters, connected: clients.filter((c) => c.connected).length }),
    async close() {
      // A graceful end: messages still being stored finish (and get their PUBACK) first.
      const deadline = Date.now() + 10_000;
      while (ingest.stats().queued + ingest.stats().inFlight > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const log = pino({ name: 'ingest-worker', level: process.env.LOG_LEVEL ?? 'info' });
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig();
  } catch (error) {
    console.error(`Invalid configuration: ${(error as Error).message}`);
    process.exit(1);
  }
  const worker = await startWorker(config, log);
  // Progress for the logs (and the tests): what this worker stored, when it changed.
  let last = '';
  setInterval(
    () => {
      const { acked, failed, batches, connected } = worker.stats();
      const line = JSON.stringify({ acked, failed, batches, connected });
      if (line !== last) {
        last = line;
        log.info({ acked, failed, batches, connected }, 'ingestion worker stats');
      }
    },
    Number(process.env.WORKER_STATS_INTERVAL_MS) || 60_000,
  ).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), 15_000).unref();
      worker.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
