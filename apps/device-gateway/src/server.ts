// Starts the device gateway and shuts it down gracefully on a signal.
import { pino } from 'pino';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

const log = pino({ name: 'device-gateway', level: process.env.LOG_LEVEL ?? 'info' });
let config;
try {
  config = loadGatewayConfig();
} catch (error) {
  console.error(`Invalid configuration: ${(error as Error).message}`);
  process.exit(1);
}
const gateway = await startGateway(config, log);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
