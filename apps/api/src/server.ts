// Starts the API: reads the configuration, listens, and shuts down gracefully on a signal.
import { createServer } from './app';
import { ConfigError, loadConfig } from './config';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let server;
try {
  server = await createServer(config);
} catch (error) {
  // Provider settings (SMS, sign-in, storage) are checked while the app is built.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
// A crash is logged through the same logger; `fatal` writes its line and everything still
// buffered synchronously (pino.final is gone since pino 9), then the process ends.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.once(event, (error: unknown) => {
    server.log.fatal({ err: error }, `the API stopped: ${event}`);
    process.exit(1);
  });
}
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) {
      return;
    }
    closing = true;
    server.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
await server.listen({ host: config.host, port: config.port });
