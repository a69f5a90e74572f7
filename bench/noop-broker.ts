// The baseline of gateway.bench.ts: an aedes broker (the same version the gateway runs) whose
// authorizePublish just calls back — QoS 1 PUBACKs with nothing stored, no sign-in check — in a
// process of its own like the gateway. PORT is the MQTT port, HEALTH_PORT answers /healthz.
import { Aedes } from 'aedes';
import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';

const broker = await Aedes.createBroker({ heartbeatInterval: 60_000 });
broker.authorizePublish = (_client, _packet, callback) => callback(null);
const mqtt = createServer((socket) => broker.handle(socket));
mqtt.listen(Number(process.env.PORT), '127.0.0.1');
createHttpServer((_req, res) => res.writeHead(mqtt.listening ? 200 : 503).end()).listen(
  Number(process.env.HEALTH_PORT),
  '127.0.0.1',
);
process.once('SIGTERM', () => broker.close(() => process.exit(0)));
