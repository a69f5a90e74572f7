import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient, Packet } from 'mqtt';
// The development token's one definition, which the API's configuration also uses.
import { DEV_GATEWAY_TOKEN as API_DEV_GATEWAY_TOKEN } from '@glucoguard/ingestion';
import { DEV_GATEWAY_TOKEN, loadGatewayConfig } from '../src/config';
import { ackListener, connectFailure, connectMeter, glucoseReading, startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.close());

const health = async () => {
  const res = await fetch(`http://127.0.0.1:${stack.gateway.healthPort}/healthz`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; connectedClients: number; ingest: { batches: number } },
  };
};

/** Resolves when the client's connection closes (or fails the test after a few seconds). */
const closed = (client: MqttClient) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the connection stayed open')), 5000);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The return codes of the SUBACK for one SUBSCRIBE of `topics` at QoS 1 (0x80 = refused). */
function subackCodes(client: MqttClient, topics: string[]): Promise<number[]> {
  return new Promise((resolve) => {
    const onPacket = (packet: Packet) => {
      if (packet.cmd === 'suback') {
        client.off('packetreceive', onPacket);
        resolve(packet.granted as number[]);
      }
    };
    client.on('packetreceive', onPacket);
    client.subscribe(Object.fromEntries(topics.map((t) => [t, { qos: 1 as const }])), () => {});
  });
}

describe('device gateway health', () => {
  it('reports healthy, with the connected meters and the ingestion counters', async () => {
    expect(await health()).toMatchObject({
      status: 200,
      body: { status: 'ok', connectedClients: 0, ingest: { batches: expect.any(Number) as number } },
    });
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(stack.url, imei, secret);
    expect((await health()).body.connectedClients).toBe(1);
    await meter.endAsync();
  });

  it('answers 404 for anything but the health check', async () => {
    const res = await fetch(`http://127.0.0.1:${stack.gateway.healthPort}/other`);
    expect(res.status).toBe(404);
  });
});

describe('meter sign-in (CONNECT)', () => {
  it('accepts a provisioned meter with its IMEI as client id and username and its secret as password', async () => {
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(stack.url, imei, secret);
    expect(meter.connected).toBe(true);
    await meter.endAsync();
  });

  it.each([
    [
      'a wrong secret',
      (m: { imei: string; secret: string }) => ({ clientId: m.imei, username: m.imei, password: `${m.secret}x` }),
    ],
    [
      'an unknown IMEI',
      (m: { imei: string; secret: string }) => ({
        clientId: '869999999999999',
        username: '869999999999999',
        password: m.secret,
      }),
    ],
    [
      'a client id other than the username',
      (m: { imei: string; secret: string }) => ({ clientId: 'meter-1', username: m.imei, password: m.secret }),
    ],
    [
      "another meter's IMEI as client id",
      (m: { imei: string; secret: string }) => ({ clientId: '869999999999999', username: m.imei, password: m.secret }),
    ],
    ['no credentials', (m: { imei: string; secret: string }) => ({ clientId: m.imei })],
    ['no password', (m: { imei: string; secret: string }) => ({ clientId: m.imei, username: m.imei })],
  ])('refuses %s with CONNACK 5', async (_name, credentials) => {
    const meter = await stack.provision();
    expect(await connectFailure(stack.url, { clean: false, ...credentials(meter) })).toMatchObject({ code: 5 });
  });

  it('never lets a wrong secret through on the cached sign-in of the right one', async () => {
    // The cache keys on the secret's hash: a different (wrong) secret is never served from it.
    const { imei, secret } = await stack.provision();
    await (await connectMeter(stack.url, imei, secret)).endAsync();
    expect(await connectFailure(stack.url, { clientId: imei, username: imei, password: `${secret}!` })).toMatchObject({
      code: 5,
    });
  });
});

describe('meter topic rights', () => {
  it('grants only its own acks topic, refusing wildcards, other meters and $SYS in SUBACK', async () => {
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(stack.url, imei, secret);
    const topics = [
      `meters/${imei}/acks`,
      'meters/+/acks',
      `meters/${imei}/+`,
      '#',
      'meters/869999999999999/acks',
      '$SYS/#',
      `meters/${imei}/readings`,
    ];
    expect(await subackCodes(meter, topics)).toEqual([1, 128, 128, 128, 128, 128, 128]);
    expect(meter.connected).toBe(true);
    await meter.endAsync();
  });

  it.each([
    ["another meter's readings topic", () => 'meters/869999999999999/readings'],
    ['its own acks topic', (imei: string) => `meters/${imei}/acks`],
    ['$SYS', () => '$SYS/broker/uptime'],
    ['an unrelated topic', () => 'hello'],
  ])('drops the connection, without PUBACK and without storing, when a meter publishes to %s', async (_name, topic) => {
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(stack.url, imei, secret);
    let pubacked = false;
    const gone = closed(meter);
    meter.publish(topic(imei), JSON.stringify(glucoseReading('x1')), { qos: 1 }, (error) => {
      pubacked = !error;
    });
    await gone;
    expect(pubacked).toBe(false);
    await meter.endAsync(true);
    expect(await stack.rows('select 1 from meter_reading where imei = ?', [imei])).toEqual([]);
  });

  it("never forwards another meter's acks, even to a client that asked", async () => {
    const a = await stack.provision();
    const b = await stack.provision();
    const meterA = await connectMeter(stack.url, a.imei, a.secret);
    const meterB = await connectMeter(stack.url, b.imei, b.secret);
    const seenByB: string[] = [];
    meterB.on('message', (topic) => seenByB.push(topic));
    expect(await subackCodes(meterB, ['meters/+/acks'])).toEqual([128]);
    const listener = await ackListener(meterA, a.imei);
    await meterA.publishAsync(`meters/${a.imei}/readings`, JSON.stringify(glucoseReading('only-a')), { qos: 1 });
    await listener.next(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(seenByB).toEqual([]);
    await Promise.all([meterA.endAsync(), meterB.endAsync()]);
  });
});

describe('loadGatewayConfig', () => {
  it('puts the health check next to the MQTT port by default, with the development token the API also uses', () => {
    expect(loadGatewayConfig({})).toMatchObject({
      mqttPort: 1883,
      healthPort: 1884,
      apiUrl: 'http://127.0.0.1:3000/api',
      gatewayToken: DEV_GATEWAY_TOKEN,
      tls: null,
      ingest: { maxBatch: 200, maxWaitMs: 3, maxInFlight: 2 },
      authCacheMs: 60_000,
    });
    expect(DEV_GATEWAY_TOKEN).toBe(API_DEV_GATEWAY_TOKEN);
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadGatewayConfig({ MQTT_PORT: 'x' })).toThrow(
      'MQTT_PORT must be a port number from 0 to 65535, got "x".',
    );
  });

  it('refuses the published development token in production', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', GATEWAY_TOKEN: DEV_GATEWAY_TOKEN })).toThrow(
      'GATEWAY_TOKEN is the published development value; set a random secret in production (e.g. `openssl rand -hex 32`, the same in the API).',
    );
    expect(loadGatewayConfig({ GATEWAY_TOKEN: DEV_GATEWAY_TOKEN }).gatewayToken).toBe(DEV_GATEWAY_TOKEN);
  });

  it('reports every problem at once', () => {
    expect(() =>
      loadGatewayConfig({
        NODE_ENV: 'production',
        GATEWAY_TOKEN: 'short',
        MQTT_TLS_CERT: '/c.pem',
        INGEST_BATCH_MAX: '0',
      }),
    ).toThrow(
      [
        'GATEWAY_TOKEN must be set to a random secret of at least 32 characters in production (the API expects the same one).',
        'MQTT_TLS_CERT and MQTT_TLS_KEY go together: set both (PEM files) for the TLS listener, or neither.',
        'INGEST_BATCH_MAX must be a whole number from 1 to 1000, got "0".',
      ].join('\n'),
    );
  });

  it('configures TLS on 8883 with a certificate and key, and a production token', () => {
    const token = 't'.repeat(32);
    expect(
      loadGatewayConfig({
        NODE_ENV: 'production',
        GATEWAY_TOKEN: token,
        MQTT_TLS_CERT: '/c.pem',
        MQTT_TLS_KEY: '/k.pem',
        API_URL: 'http://api:3000/api/',
      }),
    ).toMatchObject({
      gatewayToken: token,
      tls: { port: 8883, certFile: '/c.pem', keyFile: '/k.pem' },
      apiUrl: 'http://api:3000/api',
    });
  });
});
