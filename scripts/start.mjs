// Starts the whole system from the built apps: the API (which also serves the web app on the
// same origin) and the device gateway with its in-process MQTT broker. Used by `npm start`
// after `npm run build`, and by the end-to-end tests.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import './check-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const mqttPort = Number(process.env.MQTT_PORT ?? 1883);
const host = process.env.HOST ?? '0.0.0.0';
const shown = host === '0.0.0.0' ? 'localhost' : host;
const env = {
  ...process.env,
  PORT: String(port),
  MQTT_PORT: String(mqttPort),
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${port}/api`,
};

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

function run(name, script) {
  const child = spawn(process.execPath, [join(root, script)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`✖ ${name} exited (${signal ?? code}); stopping everything.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

function stop(exitCode = 0) {
  if (stopping) {
    return;
  }
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (alive.length === 0) {
    process.exit(exitCode);
  }
  let left = alive.length;
  for (const c of alive) {
    c.once('exit', () => {
      left -= 1;
      if (left === 0) {
        process.exit(exitCode);
      }
    });
    c.kill('SIGTERM');
  }
  setTimeout(() => process.exit(exitCode), 10_000).unref();
}

/** The demo meters the API seeds outside production, with the commands that make them send readings. */
function demoMeterLines() {
  if (process.env.NODE_ENV === 'production' || /^(0|false|no)$/i.test(process.env.SEED_DEMO_DATA ?? '')) {
    return [];
  }
  /** @type {{ imei: string, kind: string, secret: string, bindCode: string }[]} */
  const meters = JSON.parse(readFileSync(join(root, 'apps/api/src/seed/demoMeters.json'), 'utf8'));
  return [
    '',
    'Demo meters (MQTT username and client id = IMEI, password = secret; bind one in the app with its IMEI and bind code; docs/device-protocol.md):',
    ...meters.map(
      (m) =>
        `  ${m.kind === 'bp' ? 'pressure' : 'glucose '} IMEI ${m.imei}  bind code ${m.bindCode.slice(0, 4)}-${m.bindCode.slice(4)}  secret ${m.secret}\n` +
        `    npm run meter -- --imei ${m.imei} --secret ${m.secret} --kind ${m.kind} --port ${mqttPort} --count 5`,
    ),
  ];
}

/** The console's demo accounts (one per role, published passwords) the API seeds with demo data. */
function demoStaffLines() {
  if (process.env.NODE_ENV === 'production' || /^(0|false|no)$/i.test(process.env.SEED_DEMO_DATA ?? '')) {
    return [];
  }
  /** @type {{ username: string, role: string, password: string }[]} */
  const staff = JSON.parse(readFileSync(join(root, 'apps/api/src/seed/demoStaff.json'), 'utf8'));
  return [
    '',
    'Demo console accounts (docs/adr/0118-staff-accounts-in-identity.md; make real ones with npm run staff -- create):',
    ...staff.map((s) => `  ${s.role.padEnd(10)} username ${s.username.padEnd(16)} password ${s.password}`),
  ];
}

/**
 * Where the data lives, and, on the embedded database, what it can and cannot promise
 * (docs/adr/0090-pglite-durability-and-the-kill-test.md).
 */
function databaseLines() {
  if (process.env.DATABASE_URL) {
    return ['', 'Database: PostgreSQL (DATABASE_URL).'];
  }
  const dir = process.env.DATA_DIR || join(root, '.data');
  return [
    '',
    `Database: embedded PGlite in ${join(dir, 'pglite')} — for trying GlucoGuard and for development.`,
    '  It keeps every saved reading through a crash of the API, and syncs each commit to disk; but it is',
    '  one process with no replica, no point-in-time backups, and its durability rests on our own fsync',
    '  patch, not on PGlite, which promises none. For data that matters (real patients), use PostgreSQL:',
    '  set DATABASE_URL=postgres://… (README.md).',
  ];
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/**
 * How long a server that is still running may take to answer its health check. A first start
 * migrates and seeds the database, which on a slow or busy machine has taken longer than a minute;
 * a server that exits meanwhile stops everything at once (see `run`), so a generous bound costs
 * nothing when something is really wrong.
 */
const startTimeoutSeconds = Number(process.env.START_TIMEOUT_SECONDS ?? 300);

async function waitFor(url, what) {
  const started = Date.now();
  const deadline = started + startTimeoutSeconds * 1000;
  let nextNotice = started + 30_000;
  while (Date.now() < deadline) {
    if (stopping) {
      return false;
    }
    try {
      const res = await fetch(url);
      if (res.ok) {
        return true;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() >= nextNotice) {
      console.log(`… still waiting for the ${what} to become healthy (${Math.round((Date.now() - started) / 1000)} s)`);
      nextNotice += 30_000;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`✖ ${what} did not become healthy at ${url} within ${startTimeoutSeconds} s (START_TIMEOUT_SECONDS).`);
  stop(1);
  return false;
}

run('api', 'apps/api/dist/server.js');
if (await waitFor(`http://127.0.0.1:${port}/api/healthz`, 'API')) {
  run('device-gateway', 'apps/device-gateway/dist/server.js');
  const gatewayHealth = Number(process.env.GATEWAY_HEALTH_PORT ?? mqttPort + 1);
  if (await waitFor(`http://127.0.0.1:${gatewayHealth}/healthz`, 'device gateway')) {
    console.log(
      [
        '',
        'GlucoGuard is running:',
        `  web app        http://${shown}:${port}/`,
        `  API            http://${shown}:${port}/api`,
        `  API reference  http://${shown}:${port}/api/docs`,
        `  staff console  http://${shown}:${port}/console`,
        `  MQTT broker    mqtt://${shown}:${mqttPort}  (health: http://${shown}:${gatewayHealth}/healthz)`,
        // The demo accounts exist when the API seeds demo data (SEED_DEMO_DATA, on by default).
        ...(/^(0|false|no)$/i.test(process.env.SEED_DEMO_DATA ?? '')
          ? []
          : [
              `  demo patient   http://${shown}:${port}/?deviceKey=demo-patient-0000000001`,
              `  demo relative  http://${shown}:${port}/?deviceKey=demo-relative-000000001`,
            ]),
        ...demoMeterLines(),
        ...demoStaffLines(),
        ...databaseLines(),
        '',
        'Press Ctrl+C to stop.',
      ].join('\n'),
    );
  }
}
