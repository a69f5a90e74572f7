import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadGatewayConfig } from '../src/config';
import { startGateway } from '../src/gateway';
import { ackListener, connectFailure, connectMeter, glucoseReading, startStack, STORAGES, type Stack } from './stack';
import { registeredCustomer } from './test-api';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.close());

const today = () => new Date(Date.now() - 60_000 + 8 * 3600_000).toISOString().slice(0, 10);
const readingsTopic = (imei: string) => `meters/${imei}/readings`;

describe.each(STORAGES)('a meter publishing readings (storage: %s)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(() => stack?.close());

  it('stores a good reading, acks it, and the binder sees it read-only in the sugar table', async () => {
    const { imei, secret } = await stack.provision();
    const customer = await registeredCustomer(stack.api);
    await stack.bind(customer.cid, imei);
    const meter = await connectMeter(stack.url, imei, secret);
    const listener = await ackListener(meter, imei);
    await meter.publishAsync(readingsTopic(imei), JSON.stringify(glucoseReading('g-1', { value: 7.4 })), { qos: 1 });
    expect(await listener.next(1)).toEqual([{ ids: ['g-1'], status: 'stored' }]);
    const day = await customer.client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: today() } } });
    expect(day.map((r) => ({ sugar: r.sugar, deviceImei: r.deviceImei }))).toEqual([{ sugar: 7.4, deviceImei: imei }]);
    expect(
      await stack.rows('select battery, last_seen_at is not null as seen from device where imei = ?', [imei]),
    ).toEqual([{ battery: null, seen: true }]);
    await meter.endAsync();
  });

  it('acks every reading of an array message, stored ones and rejected ones apart', async () => {
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(stack.url, imei, secret);
    const listener = await ackListener(meter, imei);
    await meter.publishAsync(
      readingsTopic(imei),
      JSON.stringify([
        glucoseReading('a'),
        glucoseReading('b', { value: 'high' }),
        glucoseReading('c', { battery: 64, signal: -88 }),
      ]),
      { qos: 1 },
    );
    expect(await listener.next(2)).toEqual([
      { ids: ['a', 'c'], status: 'stored' },
      { ids: ['b'], status: 'rejected', reason: 'value: must be a number' },
    ]);
    expect(await stack.rows('select battery, signal from device where imei = ?', [imei])).toEqual([
      { battery: 64, signal: -88 },
    ]);
    await meter.endAsync();
  });

  it('stores a resend (same id, new MQTT packet id) only once and acks it as a duplicate', async () => {
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(stack.url, imei, secret);
    const listener = await ackListener(meter, imei);
    const payload = JSON.stringify(glucoseReading('again'));
    await meter.publishAsync(readingsTopic(imei), payload, { qos: 1 });
    await meter.publishAsync(readingsTopic(imei), payload, { qos: 1 });
    await meter.endAsync();
    // A new connection, as after a reboot, sends it once more.
    const rebooted = await connectMeter(stack.url, imei, secret);
    const again = await ackListener(rebooted, imei);
    await rebooted.publishAsync(readingsTopic(imei), payload, { qos: 1 });
    expect(await listener.next(2)).toEqual([
      { ids: ['again'], status: 'stored' },
      { ids: ['again'], status: 'duplicate' },
    ]);
    expect(await again.next(1)).toEqual([{ ids: ['again'], status: 'duplicate' }]);
    expect(await stack.rows('select count(*)::int as n from meter_reading where imei = ?', [imei])).toEqual([{ n: 1 }]);
    await rebooted.endAsync();
  });

  it.each([
    ['not JSON', () => 'glucose=6.3', [], 'payload: not valid JSON'],
    [
      'a value of the wrong type',
      () => JSON.stringify(glucoseReading('w', { value: '6.3' })),
      ['w'],
      'value: must be a number',
    ],
    [
      'an unknown kind',
      () => JSON.stringify(glucoseReading('k', { kind: 'ketone' })),
      ['k'],
      'kind: must be "glucose" or "bp"',
    ],
    // Over the payload limit but under the packet limit (128 KiB; a bigger packet closes the connection, sign-in-guard.test.ts).
    [
      'a 100 KB payload',
      () => JSON.stringify({ ...glucoseReading('big'), pad: 'x'.repeat(100 * 1024) }),
      [],
      'payload: larger than 65536 bytes',
    ],
    [
      '101 readings',
      () => JSON.stringify(Array.from({ length: 101 }, (_, i) => glucoseReading(`n${i}`))),
      Array.from({ length: 101 }, (_, i) => `n${i}`),
      'payload: more than 100 readings in one message',
    ],
    [
      'a time a day ahead',
      () => JSON.stringify(glucoseReading('f', { measuredAt: new Date(Date.now() + 86_400_000).toISOString() })),
      ['f'],
      "measuredAt: more than 10 minutes ahead of the server's clock",
    ],
  ])(
    'rejects %s with a reason, keeps the connection, and another meter is unaffected',
    async (_name, payload, ids, reason) => {
      const bad = await stack.provision();
      const good = await stack.provision();
      const badMeter = await connectMeter(stack.url, bad.imei, bad.secret);
      const goodMeter = await connectMeter(stack.url, good.imei, good.secret);
      const badAcks = await ackListener(badMeter, bad.imei);
      const goodAcks = await ackListener(goodMeter, good.imei);
      await Promise.all([
        badMeter.publishAsync(readingsTopic(bad.imei), payload(), { qos: 1 }),
        goodMeter.publishAsync(readingsTopic(good.imei), JSON.stringify(glucoseReading('fine')), { qos: 1 }),
      ]);
      expect(await badAcks.next(1)).toEqual([{ ids, status: 'rejected', reason }]);
      expect(await goodAcks.next(1)).toEqual([{ ids: ['fine'], status: 'stored' }]);
      // Still connected and still heard: the next good reading of the same meter is stored.
      await badMeter.publishAsync(readingsTopic(bad.imei), JSON.stringify(glucoseReading('after')), { qos: 1 });
      expect((await badAcks.next(2))[1]).toEqual({ ids: ['after'], status: 'stored' });
      expect(await stack.rows('select reading_id from meter_reading where imei = ?', [bad.imei])).toEqual([
        { reading_id: 'after' },
      ]);
      await Promise.all([badMeter.endAsync(), goodMeter.endAsync()]);
    },
  );
});

describe('when storing fails', () => {
  /** A proxy in front of the API that can be told to answer 503, like a database outage would. */
  async function flakyApi(target: string) {
    let failing = false;
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (failing) {
          res
            .writeHead(503, { 'content-type': 'application/json' })
            .end('{"code":50300,"errMsg":"数据库暂不可用","data":null}');
          return;
        }
        void fetch(`${target}${(req.url ?? '').replace(/^\/api/, '')}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }).then(async (upstream) => {
          res
            .writeHead(upstream.status, { 'content-type': 'application/json' })
            .end(Buffer.from(await upstream.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    return {
      url: `http://127.0.0.1:${port}/api`,
      fail: (on: boolean) => {
        failing = on;
      },
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }

  it('sends no PUBACK and drops the connection; the meter resends after reconnecting and the reading is stored once', async () => {
    const proxy = await flakyApi(stack.api.baseUrl);
    const gateway = await startGateway(
      loadGatewayConfig({ HOST: '127.0.0.1', MQTT_PORT: '0', GATEWAY_HEALTH_PORT: '0', API_URL: proxy.url }),
      pino({ level: 'silent' }),
    );
    const url = `mqtt://127.0.0.1:${gateway.mqttPort}`;
    const { imei, secret } = await stack.provision();
    const meter = await connectMeter(url, imei, secret, { reconnectPeriod: 200 });
    try {
      proxy.fail(true);
      let pubackAt = 0;
      let droppedAt = 0;
      meter.once('close', () => (droppedAt = Date.now()));
      const delivered = new Promise<void>((resolve) =>
        meter.publish(readingsTopic(imei), JSON.stringify(glucoseReading('outage')), { qos: 1 }, () => {
          pubackAt = Date.now();
          resolve();
        }),
      );
      for (let waited = 0; droppedAt === 0 && waited < 5000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(droppedAt).toBeGreaterThan(0);
      expect(pubackAt).toBe(0);
      expect(await stack.rows('select 1 from meter_reading where imei = ?', [imei])).toEqual([]);
      proxy.fail(false);
      await delivered;
      expect(pubackAt).toBeGreaterThan(droppedAt);
      expect(await stack.rows('select reading_id from meter_reading where imei = ?', [imei])).toEqual([
        { reading_id: 'outage' },
      ]);
    } finally {
      await meter.endAsync(true);
      await gateway.close();
      await proxy.close();
    }
  });

  it('answers CONNACK 3 (server unavailable) while credentials cannot be checked', async () => {
    const gateway = await startGateway(
      loadGatewayConfig({
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        GATEWAY_HEALTH_PORT: '0',
        API_URL: 'http://127.0.0.1:9/api',
      }),
      pino({ level: 'silent' }),
    );
    try {
      const { imei, secret } = await stack.provision();
      expect(
        await connectFailure(`mqtt://127.0.0.1:${gateway.mqttPort}`, {
          clientId: imei,
          username: imei,
          password: secret,
        }),
      ).toMatchObject({ code: 3 });
    } finally {
      await gateway.close();
    }
  });
});

describe('MQTT over TLS', () => {
  const openssl = '/usr/bin/openssl';
  it.skipIf(!existsSync(openssl))('accepts a meter on the TLS listener when a certificate is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gg-tls-'));
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    await new Promise<void>((resolve, reject) =>
      execFile(
        openssl,
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        (error: Error | null) => (error ? reject(error) : resolve()),
      ),
    );
    const gateway = await startGateway(
      loadGatewayConfig({
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        GATEWAY_HEALTH_PORT: '0',
        MQTT_TLS_PORT: '0',
        MQTT_TLS_CERT: cert,
        MQTT_TLS_KEY: key,
        API_URL: stack.api.baseUrl,
      }),
      pino({ level: 'silent' }),
    );
    try {
      const { imei, secret } = await stack.provision();
      const meter = await connectMeter(`mqtts://127.0.0.1:${gateway.tlsPort}`, imei, secret, {
        ca: readFileSync(cert),
      });
      const listener = await ackListener(meter, imei);
      await meter.publishAsync(readingsTopic(imei), JSON.stringify(glucoseReading('tls')), { qos: 1 });
      expect(await listener.next(1)).toEqual([{ ids: ['tls'], status: 'stored' }]);
      await meter.endAsync();
    } finally {
      await gateway.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Debian mosquitto_pub as the meter', () => {
  const binary = '/usr/bin/mosquitto_pub';
  if (!existsSync(binary)) {
    console.warn(`Skipping the mosquitto_pub test: ${binary} is missing (apt-get install mosquitto-clients).`);
  }
  it.skipIf(!existsSync(binary))('publishes one good reading with QoS 1 that is stored', async () => {
    const { imei, secret } = await stack.provision();
    const payload = JSON.stringify(glucoseReading('from-mosquitto', { value: 5.6 }));
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        binary,
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(stack.gateway.mqttPort),
          '-V',
          'mqttv311',
          '-i',
          imei,
          '-u',
          imei,
          '-P',
          secret,
          '-c',
          '-q',
          '1',
          '-t',
          readingsTopic(imei),
          '-m',
          payload,
        ],
        { timeout: 10_000 },
        (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(result).toEqual({ code: 0, stderr: '' });
    expect(await stack.rows('select reading_id, sugar from meter_reading where imei = ?', [imei])).toEqual([
      { reading_id: 'from-mosquitto', sugar: expect.stringMatching(/^5\.6/) as string },
    ]);
  });

  it.skipIf(!existsSync(binary))('is refused with a wrong secret', async () => {
    const { imei, secret } = await stack.provision();
    const code = await new Promise<number>((resolve) => {
      execFile(
        binary,
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(stack.gateway.mqttPort),
          '-V',
          'mqttv311',
          '-i',
          imei,
          '-u',
          imei,
          '-P',
          `${secret}x`,
          '-q',
          '1',
          '-t',
          readingsTopic(imei),
          '-m',
          '{}',
        ],
        { timeout: 10_000 },
        (error) => resolve(error ? ((error as { code?: number }).code ?? 1) : 0),
      );
    });
    expect(code).not.toBe(0);
    expect(await stack.rows('select 1 from meter_reading where imei = ?', [imei])).toEqual([]);
  });
});
