import { Aedes } from 'aedes';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config';

export interface Gateway {
  broker: Aedes;
  /** The port the MQTT broker listens on (useful when configured as 0). */
  mqttPort: number;
  healthPort: number;
  close(): Promise<void>;
}

function listen(server: TcpServer | HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: TcpServer | HttpServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) {
      server.closeAllConnections();
    }
  });
}

/**
 * Starts the in-process MQTT broker that cellular glucose meters connect to, and an HTTP health
 * check that reports whether the broker is up and how many devices are connected.
 */
export async function startGateway(config: GatewayConfig, log: Logger): Promise<Gateway> {
  const broker = await Aedes.createBroker();
  const started = Date.now();
  const mqtt = createTcpServer((socket) => broker.handle(socket));
  const health = createHttpServer((req, res) => {
    if (req.url !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }));
      return;
    }
    const up = !broker.closed && mqtt.listening;
    res.writeHead(up ? 200 : 503, { 'content-type': 'application/json' }).end(
      JSON.stringify({ status: up ? 'ok' : 'down', connectedClients: broker.connectedClients, uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
    );
  });

  broker.on('clientError', (client, error) => log.warn({ clientId: client.id, err: error.message }, 'mqtt client error'));
  broker.on('connectionError', (_client, error) => log.warn({ err: error.message }, 'mqtt connection error'));

  const mqttPort = await listen(mqtt, config.mqttPort, config.host);
  const healthPort = await listen(health, config.healthPort, config.host);
  log.info({ mqttPort, healthPort }, 'device gateway listening');

  return {
    broker,
    mqttPort,
    healthPort,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all([closeServer(mqtt), closeServer(health)]);
    },
  };
}
