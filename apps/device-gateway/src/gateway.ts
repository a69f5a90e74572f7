import { Aedes, type AuthenticateError } from 'aedes';
import { readFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { Logger } from 'pino';
import { METER_PAYLOAD_MAX_BYTES, canMeterPublish, canMeterSubscribe, isImei, meterAcksTopic, type MeterAck } from '@glucoguard/domain';
import type { GatewayConfig } from './config';
import { MeterAuthenticator } from './auth';
import { ReadingBatcher } from './ingest';
import { openMeterStorage, type MeterStorage } from './internal-api';

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
  const storage = await openMeterStorage({ ...config, poolSize: config.ingest.maxInFlight + 1 });
  try {
    return await serve(storage, config, log);
  } catch (error) {
    // A port in use or an unreadable certificate must not leave the database pool open.
    await storage.close?.();
    throw error;
  }
}

async function serve(storage: MeterStorage, config: GatewayConfig, log: Logger): Promise<Gateway> {
  const auth = new MeterAuthenticator(storage, config.authCacheMs);
  const ingest = new ReadingBatcher(storage, config.ingest, (error, size) => log.error({ err: error.message, messages: size }, 'storing a batch of readings failed; the meters will resend'));
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
      broker.publish({ cmd: 'publish', topic: meterAcksTopic(imei), payload: Buffer.from(JSON.stringify(ack)), qos: 1, retain: false, dup: false }, (error) => {
        if (error) {
          log.warn({ imei, err: error.message }, 'could not queue an ack');
        }
      });
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
    if (!isImei(imei) || client.id !== imei || secret === '') {
      done(refusal('client id and username must both be the IMEI, with the secret as password', NOT_AUTHORIZED), null);
      return;
    }
    auth.check(imei, secret, client.id).then(
      (verdict) => (verdict.ok ? done(null, true) : done(refusal('unknown meter or wrong secret', NOT_AUTHORIZED), null)),
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
      sendAcks(imei, [{ ids: [], status: 'rejected', reason: `payload: larger than ${METER_PAYLOAD_MAX_BYTES} bytes` }]);
      return;
    }
    const payload = typeof packet.payload === 'string' ? packet.payload : packet.payload.toString('utf8');
    ingest.enqueue({ imei, messageId: packet.messageId === undefined ? undefined : String(packet.messageId), payload }, (error, acks) => {
      if (error) {
        callback(error);
        return;
      }
      callback(null);
      sendAcks(imei, acks);
    });
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

  broker.on('clientError', (client, error) => log.warn({ clientId: client.id, err: error.message }, 'mqtt client error'));
  broker.on('connectionError', (_client, error) => log.warn({ err: error.message }, 'mqtt connection error'));

  const mqtt = createTcpServer((socket) => broker.handle(socket));
  const tls = config.tls ? createTlsServer({ cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) }, (socket) => broker.handle(socket)) : null;
  const health = createHttpServer((req, res) => {
    if (req.url !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }));
      return;
    }
    const up = !broker.closed && mqtt.listening;
    res.writeHead(up ? 200 : 503, { 'content-type': 'application/json' }).end(
      JSON.stringify({ status: up ? 'ok' : 'down', connectedClients: broker.connectedClients, uptimeSeconds: Math.round((Date.now() - started) / 1000), ingest: ingest.stats() }),
    );
  });

  const mqttPort = await listen(mqtt, config.mqttPort, config.host);
  const tlsPort = tls && config.tls ? await listen(tls, config.tls.port, config.host) : null;
  const healthPort = await listen(health, config.healthPort, config.host);
  log.info({ mqttPort, tlsPort, healthPort, storage: config.databaseUrl ? 'postgresql' : config.apiUrl }, 'device gateway listening');

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
