import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { pino } from 'pino';
import { startGateway, type Gateway } from '../src/gateway';
import { loadGatewayConfig } from '../src/config';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway(loadGatewayConfig({ HOST: '127.0.0.1', MQTT_PORT: '0', GATEWAY_HEALTH_PORT: '0' }), pino({ level: 'silent' }));
});
afterAll(() => gateway.close());

const health = async () => {
  const res = await fetch(`http://127.0.0.1:${gateway.healthPort}/healthz`);
  return { status: res.status, body: (await res.json()) as { status: string; connectedClients: number } };
};

describe('device gateway', () => {
  it('reports healthy with no devices connected', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', connectedClients: 0 } });
  });

  it('relays an MQTT message between two clients and counts them as connected', async () => {
    const url = `mqtt://127.0.0.1:${gateway.mqttPort}`;
    const meter = await mqtt.connectAsync(url, { clientId: 'meter-1' });
    const listener = await mqtt.connectAsync(url, { clientId: 'listener-1' });
    try {
      await listener.subscribeAsync('meters/meter-1/readings', { qos: 1 });
      const received = new Promise<string>((resolve) => listener.once('message', (_topic, payload) => resolve(payload.toString())));
      await meter.publishAsync('meters/meter-1/readings', '{"value":6.1}', { qos: 1 });
      expect(await received).toBe('{"value":6.1}');
      expect((await health()).body.connectedClients).toBe(2);
    } finally {
      await Promise.all([meter.endAsync(), listener.endAsync()]);
    }
  });

  it('answers 404 for anything but the health check', async () => {
    const res = await fetch(`http://127.0.0.1:${gateway.healthPort}/other`);
    expect(res.status).toBe(404);
  });
});

describe('loadGatewayConfig', () => {
  it('puts the health check next to the MQTT port by default', () => {
    expect(loadGatewayConfig({})).toMatchObject({ mqttPort: 1883, healthPort: 1884, apiUrl: 'http://127.0.0.1:3000/api' });
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadGatewayConfig({ MQTT_PORT: 'x' })).toThrow('MQTT_PORT must be a port number from 0 to 65535, got "x".');
  });
});
