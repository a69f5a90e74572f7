// The MQTT port before sign-in: a flood of bogus CONNECTs, oversized packets and over-long
// passwords, against the real API and gateway (docs/device-protocol.md §1 and §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { MAX_PACKET_BYTES, MAX_PACKET_BYTES_BEFORE_SIGN_IN, METER_SECRET_MAX_LENGTH } from '../src/gateway';
import { connectFailure, connectMeter, startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.close());

interface Health {
  auth: {
    checked: number;
    throttled: number;
    busy: number;
    accepted: number;
    refused: number;
    recentlyRefused: number;
    cachedRefusal: number;
  };
  oversizeClosed: number;
}
const health = async () =>
  (await (await fetch(`http://127.0.0.1:${stack.gateway.healthPort}/healthz`)).json()) as Health;

/** An MQTT remaining-length varint. */
function varint(length: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) {
      byte |= 0x80;
    }
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

const field = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** An MQTT 3.1.1 CONNECT with username and password, clean session off, keep-alive 60 s. */
function connectPacket(clientId: string, username: string, password: string): Buffer {
  const body = Buffer.concat([
    field('MQTT'),
    Buffer.from([4, 0xc0, 0, 60]),
    field(clientId),
    field(username),
    field(password),
  ]);
  return Buffer.concat([Buffer.from([0x10]), varint(body.length), body]);
}

/** Opens a raw TCP connection to the broker from `localAddress` (loopback has all of 127/8). */
function rawSocket(localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: stack.gateway.mqttPort, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends a CONNECT on a fresh socket and resolves with the CONNACK return code (null if closed without one). */
async function rawConnack(localAddress: string, clientId: string, password: string): Promise<number | null> {
  const socket = await rawSocket(localAddress);
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => finish(null), 20_000);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(code);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 4 && received[0] === 0x20) {
        finish(received[3]!);
      }
    });
    socket.on('close', () => finish(null));
    socket.on('error', () => finish(null));
    socket.write(connectPacket(clientId, clientId, password));
  });
}

/** Writes `chunk` again and again until the socket closes or `total` bytes went out; resolves with the bytes written. */
function stream(socket: Socket, chunk: Buffer, total: number): Promise<{ written: number; closed: boolean }> {
  return new Promise((resolve) => {
    let written = 0;
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ written, closed });
    }, 10_000);
    socket.once('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve({ written, closed });
    });
    socket.on('error', () => {});
    const pump = () => {
      while (!closed && written < total) {
        written += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

const randomImei = (i: number) => `86999${String(Date.now() % 100000).padStart(5, '0')}${String(i).padStart(5, '0')}`;

describe('a flood of bogus CONNECTs', () => {
  it(
    'lets a real meter in while hundreds of random IMEIs and secrets are throttled from their address',
    { timeout: 60_000 },
    async () => {
      const { imei, secret } = await stack.provision();
      const before = await health();
      const started = Date.now();
      const bogus = Array.from({ length: 300 }, (_, i) =>
        rawConnack('127.0.0.2', randomImei(i), `bogus-${i}-${Math.random()}`),
      );
      // The real meter connects from its own address while the flood is under way.
      await new Promise((r) => setTimeout(r, 50));
      const meter = await connectMeter(stack.url, imei, secret, { connectTimeout: 10_000 });
      expect(meter.connected).toBe(true);
      await meter.endAsync();

      const codes = await Promise.all(bogus);
      const seconds = (Date.now() - started) / 1000;
      // Every bogus connect was answered, none was let in: 5 when checked, 3 when throttled.
      expect(codes.filter((c) => c !== 3 && c !== 5)).toEqual([]);
      const after = await health();
      const checked = after.auth.checked - before.auth.checked;
      const throttled = after.auth.throttled - before.auth.throttled + (after.auth.busy - before.auth.busy);
      expect(codes.filter((c) => c === 3).length).toBe(throttled);
      expect(codes.filter((c) => c === 5).length).toBe(checked - 1);
      // Checked: the address's burst (20) and its refill (10 a second) while the flood lasted, and the real meter.
      expect(checked).toBeLessThanOrEqual(21 + Math.ceil(seconds * 10));
      expect(throttled).toBeGreaterThan(150);
      expect(after.auth.accepted - before.auth.accepted).toBe(1);
    },
  );

  it('refuses the same IMEI and secret again at once, and tells another secret for a just-refused IMEI to retry', async () => {
    const { imei, secret } = await stack.provision();
    expect(await rawConnack('127.0.0.3', imei, 'wrong-secret-000000000000000000')).toBe(5);
    const before = await health();
    expect(await rawConnack('127.0.0.3', imei, 'wrong-secret-000000000000000000')).toBe(5);
    // Even the right secret is not checked for a few seconds: it is told to retry (3), not refused (5).
    expect(await rawConnack('127.0.0.3', imei, secret)).toBe(3);
    const after = await health();
    expect(after.auth.checked).toBe(before.auth.checked);
    expect(after.auth.cachedRefusal - before.auth.cachedRefusal).toBe(1);
    expect(after.auth.recentlyRefused - before.auth.recentlyRefused).toBe(1);
  });
});

describe('oversized packets', () => {
  it('closes the socket of a CONNECT that announces 64 MB, after reading only its first bytes', async () => {
    const before = await health();
    const socket = await rawSocket('127.0.0.4');
    // A CONNECT header announcing 64 MB, then the body streamed in 64 KiB chunks.
    socket.write(Buffer.concat([Buffer.from([0x10]), varint(64 * 1024 * 1024)]));
    const result = await stream(socket, Buffer.alloc(64 * 1024, 0x41), 64 * 1024 * 1024);
    expect(result.closed).toBe(true);
    // The kernel's socket buffers take a few MB before the close is seen; nowhere near 64 MB.
    expect(result.written).toBeLessThan(16 * 1024 * 1024);
    expect((await health()).oversizeClosed).toBe(before.oversizeClosed + 1);
  });

  it(`closes the socket of a packet over ${MAX_PACKET_BYTES_BEFORE_SIGN_IN} bytes before sign-in, whatever its type`, async () => {
    for (const length of [MAX_PACKET_BYTES_BEFORE_SIGN_IN + 1, 32 * 1024 * 1024]) {
      const socket = await rawSocket('127.0.0.4');
      // A PUBLISH before any CONNECT.
      socket.write(Buffer.concat([Buffer.from([0x32]), varint(length)]));
      const result = await stream(socket, Buffer.alloc(16 * 1024, 0x41), length);
      expect(result.closed).toBe(true);
      expect(result.written).toBeLessThan(Math.max(length, 16 * 1024 * 1024));
    }
  });

  it(`closes a signed-in meter's socket for a packet over ${MAX_PACKET_BYTES} bytes`, async () => {
    const { imei, secret } = await stack.provision();
    const socket = await rawSocket();
    const connack = new Promise<number>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk[3]!)));
    socket.write(connectPacket(imei, imei, secret));
    expect(await connack).toBe(0);
    const topic = field(`meters/${imei}/readings`);
    const before = await health();
    const length = 32 * 1024 * 1024;
    socket.write(Buffer.concat([Buffer.from([0x32]), varint(length), topic, Buffer.from([0, 1])]));
    const result = await stream(socket, Buffer.alloc(64 * 1024, 0x20), length);
    expect(result.closed).toBe(true);
    expect(result.written).toBeLessThan(16 * 1024 * 1024);
    expect((await health()).oversizeClosed).toBe(before.oversizeClosed + 1);
  });
});

describe('over-long passwords', () => {
  it(`are refused as not authorised (CONNACK 5), not as server unavailable`, async () => {
    const { imei } = await stack.provision();
    for (const length of [METER_SECRET_MAX_LENGTH + 1, 1000, 10_000]) {
      const error = await connectFailure(stack.url, { clientId: imei, username: imei, password: 'p'.repeat(length) });
      expect(error.code).toBe(5);
    }
  });
});
