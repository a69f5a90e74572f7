// The real API (on an in-memory database, through the API tests' harness) and the gateway pointed
// at it, both in this process, on free ports; plus helpers to provision meters and look at storage.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { sql } from '../../api/src/lib/db';
import { bindDevice, provisionDevice } from '../../api/src/contexts/devices/meter/meter.service';
import { startTestApi, type TestApi } from '../../api/test/harness';
import { loadGatewayConfig } from '../src/config';
import { startGateway, type Gateway } from '../src/gateway';

export interface Stack {
  api: TestApi;
  gateway: Gateway;
  url: string;
  provision(kind?: 'glucose' | 'bp'): Promise<{ imei: string; secret: string }>;
  bind(customerId: string, imei: string): Promise<void>;
  rows<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

let imeiCounter = 0;
/** A fresh IMEI for each meter of a test run. */
export function nextImei(): string {
  imeiCounter += 1;
  return `86200000${String(process.pid % 1000).padStart(3, '0')}${String(imeiCounter).padStart(4, '0')}`;
}

/**
 * Where the gateway stores: through the API's internal endpoints, or in PostgreSQL itself (only
 * when the tests run on PostgreSQL, DATABASE_URL set; the API then has a database of its own).
 */
export type Storage = 'api' | 'postgresql';
export const STORAGES: Storage[] = ['api'];

export async function startStack(
  gatewayEnv: Record<string, string> = {},
  apiUrl?: (api: TestApi) => string,
  storage: Storage = 'api',
): Promise<Stack> {
  const api = await startTestApi();
  if (storage === 'postgresql' && !api.databaseUrl) {
    throw new Error('storage in PostgreSQL needs the tests to run on PostgreSQL (DATABASE_URL)');
  }
  const gateway = await startGateway(
    loadGatewayConfig({
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      GATEWAY_HEALTH_PORT: '0',
      API_URL: apiUrl ? apiUrl(api) : api.baseUrl,
      ...(storage === 'postgresql' && { DATABASE_URL: api.databaseUrl }),
      ...gatewayEnv,
    }),
    pino({ level: 'silent' }),
  );
  const em = () => api.app.orm.em.fork();
  return {
    api,
    gateway,
    url: `mqtt://127.0.0.1:${gateway.mqttPort}`,
    async provision(kind = 'glucose') {
      const imei = nextImei();
      const { secret } = await provisionDevice(em(), { imei, kind, model: 'T-1' }, new Date());
      return { imei, secret };
    },
    async bind(customerId, imei) {
      const result = await bindDevice(em(), customerId, imei, new Date());
      if (!result.ok) {
        throw new Error(`bind failed: ${result.cause}`);
      }
    },
    rows: <T>(query: string, params: unknown[] = []) => sql(em()).execute<T[]>(query, params),
    async close() {
      await gateway.close();
      await api.close();
    },
  };
}

/** Connects as the meter: client id and username are the IMEI, no reconnects unless asked. */
export function connectMeter(
  url: string,
  imei: string,
  secret: string,
  options: Partial<IClientOptions> = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: imei,
    username: imei,
    password: secret,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
}

/** The error a connection attempt ended with (fails the test if it connected). */
export async function connectFailure(
  url: string,
  options: IClientOptions,
): Promise<{ code?: number; message: string }> {
  try {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...options,
    });
    await client.endAsync(true);
  } catch (error) {
    return error as { code?: number; message: string };
  }
  throw new Error('the connection should have been refused');
}

/** Collects the acks a connected meter receives. */
export async function ackListener(client: MqttClient, imei: string) {
  const acks: { ids: string[]; status: string; reason?: string }[] = [];
  client.on('message', (topic, payload) => {
    if (topic === `meters/${imei}/acks`) {
      acks.push(JSON.parse(payload.toString('utf8')) as (typeof acks)[number]);
    }
  });
  await client.subscribeAsync(`meters/${imei}/acks`, { qos: 1 });
  return {
    acks,
    /** Waits until `count` acks arrived (or fails after a few seconds). */
    async next(count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (acks.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} ack(s), got ${JSON.stringify(acks)}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return acks.slice(0, count);
    },
  };
}

/** A glucose reading payload measured a minute ago. */
export function glucoseReading(id: string, fields: Record<string, unknown> = {}) {
  const at = new Date(Date.now() - 60_000 + 8 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+08:00');
  return { id, kind: 'glucose', value: 6.3, unit: 'mmol/L', measuredAt: at, ...fields };
}
