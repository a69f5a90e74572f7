import { Aedes, type AuthenticateError } from 'aedes';
import { readFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { Logger } from 'pino';
import {
  METER_PAYLOAD_MAX_BYTES,
  canMeterPublish,
  canMeterSubscribe,
  isImei,
  meterAcksTopic,
  type MeterAck,
} from '@glucoguard/domain';
import { HttpMeterStore, MeterAuthenticator, ReadingBatcher, type MeterStore } from '@glucoguard/ingestion';
import type { GatewayConfig } from './config';

export interface Gateway {
  broker: Aedes;
  /** The port the MQTT broker listens on (useful when configured as 0). */
  mqttPort: number;
  /** The MQTT-over-TLS port, when a certificate is configured. */
  tlsPort: number | null;
  healthPort: number;
  close(): Promise<void>;
}

function listen(server: TcpServer | HttpServer | TlsServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: TcpServer | HttpServer | TlsServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) {
      server.closeAllConnections();
    }
  });
}

/** CONNACK return codes of MQTT 3.1.1 that the gateway answers with. */
const SERVER_UNAVAILABLE = 3;
const NOT_AUTHORIZED = 5;

/** The longest password (device secret) the gateway checks; a longer one is refused (CONNACK 5) unchecked. */
export const METER_SECRET_MAX_LENGTH = 256;
/**
 * The largest MQTT packet (its remaining length, the bytes after the fixed header) before sign-in:
 * a meter's CONNECT is under 100 bytes. After sign-in a packet may carry a payload of up to
 * METER_PAYLOAD_MAX_BYTES (64 KiB) and its topic; anything over MAX_PACKET_BYTES is not a
 * reading. Either way the socket is closed as soon as the packet's length is read, before its
 * body is buffered (docs/device-protocol.md §6).
 */
export const MAX_PACKET_BYTES_BEFORE_SIGN_IN = 16 * 1024;
export const MAX_PACKET_BYTES = 128 * 1024;

/** The parts of aedes 1.2's Client (lib/client.js) that the packet-size guard uses. */
interface MqttParser {
  packet: { length: number };
  _parseLength: (this: MqttParser) => boolean;
}
interface GuardedClient {
  conn: { destroy(): void };
  _authorized?: boolean;
  _parser: MqttParser;
}

/**
 * Closes the connection as soon as the MQTT parser has read a packet's length and it is over the
 * limit (a smaller one until the client signed in). mqtt-packet would otherwise buffer the whole
 * announced packet, up to 256 MB, before aedes sees any of it; aedes has no limit of its own.
 * The guard wraps the parser's length state of this one client (`_parseLength`, called by name
 * for each packet); the gateway test sending a 64 MB CONNECT fails if an aedes upgrade bypasses it.
 */
function guardPacketSize(client: GuardedClient, onOversize: (length: number, authorized: boolean) => void) {
  const parser = client._parser;
  const parseLength = parser._parseLength;
  parser._parseLength = function guardedParseLength(this: MqttParser) {
    const complete = parseLength.call(this);
    const authorized = client._authorized === true;
    if (complete && this.packet.length > (authorized ? MAX_PACKET_BYTES : MAX_PACKET_BYTES_BEFORE_SIGN_IN)) {
      onOversize(this.packet.length, authorized);
      client.conn.destroy();
      return false;
    }
    return complete;
  };
}

function refusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign<Error, Pick<AuthenticateError, 'returnCode'>>(new Error(message), { returnCode });
}

/**
 * Starts the MQTT broker that cellular meters connect to (docs/device-protocol.md), and an HTTP
 * health check. Meters sign in with their IMEI and secret (checked by the API), may publish only
 * to their readings topic and subscribe only to their acks topic.
 *
 * A QoS 1 reading is stored before its PUBACK can go out: aedes writes PUBACK right after
 * `authorizePublish` calls back (lib/handlers/publish.js), before any `published` handler runs, so
 * the hook waits there for the batch's transaction to commit and answers an error when storing
 * failed — aedes then drops the connection without PUBACK and the meter sends the reading again.
 */
export async function startGateway(config: GatewayConfig, log: Logger): Promise<Gateway> {
  const storage = new HttpMeterStore({ apiUrl: config.apiUrl, gatewayToken: config.gatewayToken });
  return serve(storage, config, log);
}

async function serve(storage: MeterStore, config: GatewayConfig, log: Logger): Promise<Gateway> {
  const auth = new MeterAuthenticator(storage, config.authCacheMs, Date.now, config.authLimits);
  let oversizeClosed = 0;
  const ingest = new ReadingBatcher(storage, config.ingest, (error, size) =>
    log.error({ err: error.message, messages: size }, 'storing a batch of readings failed; the meters will resend'),
  );
  const broker = await Aedes.createBroker({ heartbeatInterval: 60_000 });
  const started = Date.now();

  // Meters that subscribed to their acks topic since this broker started. aedes keeps sessions in
  // this process's memory, so nobody else can hold that subscription: another meter's acks would
  // reach no one, and are not published at all (most meters in the field never listen). The set
  // only grows (an IMEI each, for meters that listen): forgetting one when its clean session ends
  // would race with the same meter's next connection taking over.
  const listening = new Set<string>();
  const sendAcks = (imei: string, acks: readonly MeterAck[]) => {
    if (!listening.has(imei)) {
      return;
    }
    for (const ack of acks) {
      broker.publish(
        {
          cmd: 'publish',
          topic: meterAcksTopic(imei),
          payload: Buffer.from(JSON.stringify(ack)),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => {
          if (error) {
            log.warn({ imei, err: error.message }, 'could not queue an ack');
          }
        },
      );
    }
  };

  broker.preConnect = (_client, packet, callback) => {
    // A will would publish on the meter's behalf after it is gone; meters have no use for one.
    delete packet.will;
    callback(null, true);
  };

  broker.authenticate = (client, username, password, done) => {
    const imei = username ?? '';
    const secret = password?.toString('utf8') ?? '';
    if (!isImei(imei) || client.id !== imei || secret === '' || secret.length > METER_SECRET_MAX_LENGTH) {
      done(
        refusal(
          `client id and username must both be the IMEI, with the secret (1 to ${METER_SECRET_MAX_LENGTH} characters) as password`,
          NOT_AUTHORIZED,
        ),
        null,
      );
      return;
    }
    const address = (client.conn as { remoteAddress?: string }).remoteAddress ?? '';
    auth.check(imei, secret, client.id, address).then(
      (verdict) => {
        if (verdict.ok) {
          done(null, true);
        } else if (verdict.retry) {
          // Not checked now (throttled, at capacity, or another secret of this IMEI was just refused): retry later.
          done(refusal(`credentials not checked now (${verdict.retry}); retry later`, SERVER_UNAVAILABLE), null);
        } else {
          done(refusal('unknown meter or wrong secret', NOT_AUTHORIZED), null);
        }
      },
      (error: Error) => {
        log.error({ imei, err: error.message }, 'could not check meter credentials');
        done(refusal('credentials cannot be checked now', SERVER_UNAVAILABLE), null);
      },
    );
  };

  broker.authorizePublish = (client, packet, callback) => {
    if (!client || !canMeterPublish(client.id, packet.topic)) {
      callback(new Error(`publishing to ${packet.topic} is not allowed`));
      return;
    }
    const imei = client.id;
    // Nothing a meter sends is kept by the broker itself.
    packet.retain = false;
    if (packet.payload.length > METER_PAYLOAD_MAX_BYTES) {
      callback(null);
      sendAcks(imei, [
        { ids: [], status: 'rejected', reason: `payload: larger than ${METER_PAYLOAD_MAX_BYTES} bytes` },
      ]);
      return;
    }
    const payload = typeof packet.payload === 'string' ? packet.payload : packet.payload.toString('utf8');
    ingest.enqueue(
      { imei, messageId: packet.messageId === undefined ? undefined : String(packet.messageId), payload },
      (error, acks) => {
        if (error) {
          callback(error);
          return;
        }
        callback(null);
        sendAcks(imei, acks);
      },
    );
  };

  broker.authorizeSubscribe = (client, subscription, callback) => {
    // A refused filter is answered 0x80 in SUBACK; the connection stays up.
    const allowed = canMeterSubscribe(client.id, subscription.topic);
    if (allowed) {
      listening.add(client.id);
    }
    callback(null, allowed ? { ...subscription, qos: Math.min(subscription.qos, 1) as 0 | 1 } : null);
  };

  // Only a meter's own acks ever reach it, whatever it managed to subscribe to.
  broker.authorizeForward = (client, packet) => (packet.topic === meterAcksTopic(client.id) ? packet : null);

  broker.on('clientError', (client, error) =>
    log.warn({ clientId: client.id, err: error.message }, 'mqtt client error'),
  );
  broker.on('connectionError', (_client, error) => log.warn({ err: error.message }, 'mqtt connection error'));

  const accept = (socket: Socket) => {
    guardPacketSize(broker.handle(socket) as unknown as GuardedClient, (length, authorized) => {
      oversizeClosed += 1;
      log.warn(
        { address: socket.remoteAddress, length, authorized },
        'mqtt packet over the size limit; connection closed',
      );
    });
  };
  const mqtt = createTcpServer(accept);
  const tls = config.tls
    ? createTlsServer({ cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) }, accept)
    : null;
  const health = createHttpServer((req, res) => {
    if (req.url !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }));
      return;
    }
    const up = !broker.closed && mqtt.listening;
    res.writeHead(up ? 200 : 503, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        status: up ? 'ok' : 'down',
        connectedClients: broker.connectedClients,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
        ingest: ingest.stats(),
        auth: auth.stats,
        oversizeClosed,
      }),
    );
  });

  const mqttPort = await listen(mqtt, config.mqttPort, config.host);
  const tlsPort = tls && config.tls ? await listen(tls, config.tls.port, config.host) : null;
  const healthPort = await listen(health, config.healthPort, config.host);
  log.info({ mqttPort, tlsPort, healthPort, storage: config.apiUrl }, 'device gateway listening');

  return {
    broker,
    mqttPort,
    tlsPort,
    healthPort,
    async close() {
      try {
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        await Promise.all([closeServer(mqtt), closeServer(health), ...(tls ? [closeServer(tls)] : [])]);
      } finally {
        await storage.close?.();
      }
    },
  };
}
