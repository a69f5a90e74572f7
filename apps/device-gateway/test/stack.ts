// The real API (in a process of its own, test-api.ts) and the gateway pointed at it (in this
// process), on free ports; plus helpers to provision meters and look at storage.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { loadGatewayConfig } from '../src/config';
import { startGateway, type Gateway } from '../src/gateway';
import { startTestApi, type TestApiProcess } from './test-api';

export interface Stack {
  api: TestApiProcess;
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

/** Where the gateway stores: through the API's internal endpoints, its only way (docs/adr/0021). */
export type Storage = 'api';
export const STORAGES: Storage[] = ['api'];

export async function startStack(
  gatewayEnv: Record<string, string> = {},
  apiUrl?: (api: TestApiProcess) => string,
): Promise<Stack> {
  const api = await startTestApi();
  let gateway: Gateway;
  try {
    gateway = await startGateway(
      loadGatewayConfig({
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        GATEWAY_HEALTH_PORT: '0',
        API_URL: apiUrl ? apiUrl(api) : api.baseUrl,
        ...gatewayEnv,
      }),
      pino({ level: 'silent' }),
    );
  } catch (error) {
    await api.close();
    throw error;
  }
  return {
    api,
    gateway,
    url: `mqtt://127.0.0.1:${gateway.mqttPort}`,
    async provision(kind = 'glucose') {
      return api.call<{ imei: string; secret: string }>('provision', { imei: nextImei(), kind, model: 'T-1' });
    },
    async bind(customerId, imei) {
      const result = await api.call<{ ok: boolean; cause?: string }>('bind', { customerId, imei });
      if (!result.ok) {
        throw new Error(`bind failed: ${result.cause}`);
      }
    },
    rows: (query, params = []) => api.rows(query, params),
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
