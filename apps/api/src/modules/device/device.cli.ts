// `npm run device -- <command>`: provisions cellular meters and lists them. It opens the database
// itself — PostgreSQL at DATABASE_URL, or the embedded PGlite data directory under DATA_DIR, which
// only one process may open at a time, so it refuses while an API on PGlite is running.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hasValidImeiCheckDigit, isImei } from '@glucoguard/domain';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/orm';
import { mosquittoFiles } from './device.mosquitto';
import { DeviceRepository } from './device.repository';
import { hashDeviceSecret } from './device.secret';
import { ProvisioningError, deviceSummary, provisionDevice, rotateDeviceSecret } from './device.service';

const USAGE = `Usage:
  npm run device -- provision --imei <15 digits> --kind glucose|bp [--model <name>]
  npm run device -- rotate-secret --imei <15 digits>
  npm run device -- list
  npm run device -- mosquitto-config --out <dir> [--worker-user ingest]
      writes <dir>/passwd and <dir>/acl for an external Mosquitto broker; the ingestion
      workers' password comes from BROKER_WORKER_PASSWORD (docs/device-protocol.md, Scale-out)

Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default .data/).`;

/** Whether an API on the embedded database answers on PORT: then its data directory is taken. */
async function apiHoldsPglite(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/healthz`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { data?: { database?: string } };
    return body.data?.database === 'pglite';
  } catch {
    return false;
  }
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { imei: { type: 'string' }, kind: { type: 'string' }, model: { type: 'string' }, out: { type: 'string' }, 'worker-user': { type: 'string' } },
});
const command = positionals[0];
if (!command || !['provision', 'rotate-secret', 'list', 'mosquitto-config'].includes(command)) {
  fail(USAGE, 2);
}
if (command === 'mosquitto-config' && (!values.out || !process.env.BROKER_WORKER_PASSWORD)) {
  fail(`--out and the environment variable BROKER_WORKER_PASSWORD are required.\n\n${USAGE}`, 2);
}
if (command !== 'list' && command !== 'mosquitto-config' && !values.imei) {
  fail(`--imei is required.\n\n${USAGE}`, 2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (!config.databaseUrl && (await apiHoldsPglite(config.port))) {
  fail(`The API is running on the embedded database (port ${config.port}), which only one process can open. Stop it (Ctrl+C in npm start) and run this again, or use DATABASE_URL.`);
}

const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const em = orm.em.fork();
  const now = new Date();
  if (command === 'mosquitto-config') {
    const devices = await new DeviceRepository(em).list();
    const files = mosquittoFiles(devices, { user: values['worker-user'] ?? 'ingest', passwordHash: await hashDeviceSecret(process.env.BROKER_WORKER_PASSWORD ?? '') });
    const out = values.out as string;
    mkdirSync(out, { recursive: true });
    // Written aside and renamed, so a broker reloading on SIGHUP never reads half a file.
    for (const [name, text] of [['passwd', files.passwd], ['acl', files.acl]] as const) {
      writeFileSync(join(out, `${name}.tmp`), text, { mode: 0o600 });
      renameSync(join(out, `${name}.tmp`), join(out, name));
    }
    for (const s of files.skipped) {
      console.warn(`Left out ${s.imei}: ${s.reason}.`);
    }
    console.log(`Wrote ${join(out, 'passwd')} (meters: ${devices.length - files.skipped.length}, and the worker user) and ${join(out, 'acl')}. Send SIGHUP to mosquitto to reload them.`);
  } else if (command === 'list') {
    const devices = (await new DeviceRepository(em).list()).map(deviceSummary);
    if (devices.length === 0) {
      console.log('No devices are provisioned.');
    }
    for (const d of devices) {
      const seen = d.lastSeenAt ? d.lastSeenAt.toISOString() : 'never';
      console.log(
        `${d.imei}  ${d.kind.padEnd(7)}  ${(d.model || '-').padEnd(12)}  ${d.customerId ? `bound to ${d.customerId}` : 'unbound'}  last seen ${seen}` +
          `${d.battery === null ? '' : `  battery ${d.battery}%`}${d.signal === null ? '' : `  signal ${d.signal} dBm`}`,
      );
    }
  } else {
    const imei = values.imei as string;
    if (isImei(imei) && !hasValidImeiCheckDigit(imei)) {
      console.warn(`Note: ${imei} does not end in its Luhn check digit. Real meters' IMEIs do; check for a typo.`);
    }
    const { device, secret } = command === 'provision' ? await provisionDevice(em, { imei, kind: values.kind ?? '', model: values.model }, now) : await rotateDeviceSecret(em, imei);
    console.log(`${command === 'provision' ? 'Provisioned' : 'New secret for'} ${device.kind} meter ${device.imei}${device.model ? ` (${device.model})` : ''}.`);
    console.log(`MQTT username and client id: ${device.imei}`);
    console.log(`MQTT password (device secret): ${secret}`);
    console.log('The secret is shown only now: the database keeps a hash of it.');
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof ProvisioningError ? error.message : error);
} finally {
  await orm.close();
}
