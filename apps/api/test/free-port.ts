// A port nothing listens on right now, for a test that starts a process of its own on it (the API
// in log-flush.test.ts, the example third-party app in third-party-app.test.ts).
import { createServer, type AddressInfo } from 'node:net';

/** Asks the OS for a free port on 127.0.0.1 and closes it again. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}
