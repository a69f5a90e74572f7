// End-to-end runner: starts the built system the way the README does (`node scripts/start.mjs`)
// on free ports with a throw-away data directory, waits until it is healthy, runs
// e2e/*.e2e.mjs with node's test runner against it, stops it and exits with the tests' status.
//
//   npm run build && npm run test:e2e      the normal way (npm test does both)
//   node e2e/run.mjs --static              web app only: serves apps/web/dist without the API
//   E2E_BASE_URL=http://localhost:3000 node e2e/run.mjs   against a system that is already running
//   node e2e/run.mjs share health   only e2e/*share*.e2e.mjs and e2e/*health*.e2e.mjs
//
// Nothing is built here: run `npm run build` first.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'test-results');
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const staticMode = process.argv.includes('--static');

function fail(message) {
  console.error(`✖ e2e: ${message}`);
  process.exit(1);
}

/** A port nothing listens on right now (the OS picks it). */
async function freePort() {
  const server = createNetServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') {
    throw new Error('could not get a free port');
  }
  return address.port;
}

async function waitForOk(url, what, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) {
      return false;
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        return true;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`✖ e2e: ${what} did not answer 200 at ${url} within ${timeoutMs / 1000} s`);
  return false;
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** --static: serve apps/web/dist with the same SPA fallback the API uses. */
async function startStatic(port) {
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(webDist, path));
      if (relative(webDist, file).startsWith('..')) {
        res.writeHead(400).end();
        return;
      }
      const info = await stat(file).catch(() => null);
      if (info === null || !info.isFile()) {
        if (path.startsWith('/assets/')) {
          res.writeHead(404).end();
          return;
        }
        file = join(webDist, 'index.html');
      }
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    })();
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return { stop: async () => void server.close() };
}

/** The real thing: scripts/start.mjs with the API (serving the web app) and the device gateway. */
async function startSystem() {
  for (const built of ['apps/api/dist/server.js', 'apps/device-gateway/dist/server.js']) {
    if (!existsSync(join(root, built))) {
      fail(
        `${built} is missing; run \`npm run build\` first (or \`node e2e/run.mjs --static\` for the web app alone).`,
      );
    }
  }
  const [port, mqttPort, gatewayHealthPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = await mkdtemp(join(tmpdir(), 'glucoguard-e2e-'));
  const logPath = join(resultsDir, 'e2e-server.log');
  const log = createWriteStream(logPath);
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      GATEWAY_HEALTH_PORT: String(gatewayHealthPort),
      DATA_DIR: dataDir,
      // Each test phone sends an address of its own (e2e/phone.mjs), counted like a client behind a proxy.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const alive = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (alive()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  const base = `http://127.0.0.1:${port}`;
  // The API migrates and seeds a fresh PGlite before it answers; 75–80 s was seen with several
  // builds and test runs sharing two cores. 150 s leaves room for that; a system that really fails
  // to start still ends the run (its process exits, or the wait runs out).
  const healthy =
    (await waitForOk(`${base}/api/healthz`, 'the API', 150_000, alive)) &&
    (await waitForOk(`http://127.0.0.1:${gatewayHealthPort}/healthz`, 'the device gateway', 30_000, alive));
  if (!healthy) {
    await stop();
    fail(`the system did not start; its output is in ${relative(root, logPath)}`);
  }
  return { base, stop, mqttUrl: `mqtt://127.0.0.1:${mqttPort}` };
}

await mkdir(resultsDir, { recursive: true });
if (!existsSync(join(webDist, 'index.html'))) {
  fail('apps/web/dist/index.html is missing; run `npm run build` first.');
}

let base = process.env.E2E_BASE_URL;
let stop = async () => {};
/** The gateway's MQTT address for tests that play a meter (E2E_MQTT_URL when testing a running system). */
let mqttUrl = process.env.E2E_MQTT_URL ?? '';
if (base === undefined || base === '') {
  if (staticMode) {
    const port = await freePort();
    ({ stop } = await startStatic(port));
    base = `http://127.0.0.1:${port}`;
  } else {
    ({ base, stop, mqttUrl } = await startSystem());
  }
}
console.log(`e2e: testing ${base}${staticMode ? ' (static web app only)' : ''}`);

// `node e2e/run.mjs health share` runs only the files whose names contain one of the words.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = (await readdir(join(root, 'e2e')))
  .filter((name) => name.endsWith('.e2e.mjs'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort()
  .map((name) => join('e2e', name));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stop().finally(() => process.exit(130));
  });
}

async function runTests() {
  const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    cwd: root,
    env: { ...process.env, E2E_BASE_URL: base, E2E_MQTT_URL: mqttUrl, E2E_STATIC: staticMode ? '1' : '' },
    stdio: 'inherit',
  });
  const [code, signal] = await once(tests, 'exit');
  return signal === null ? (code ?? 1) : 1;
}

let status;
try {
  status = await runTests();
} finally {
  await stop();
}
process.exit(status);
