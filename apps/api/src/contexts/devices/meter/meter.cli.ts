// `npm run device -- <command>`: provisions cellular meters and lists them. It opens the database
// itself — PostgreSQL at DATABASE_URL, or the embedded PGlite data directory under DATA_DIR, which
// only one process may open at a time, so it refuses while an API on PGlite is running.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bindQrContent, formatBindCode, hasValidImeiCheckDigit, isImei } from '@glucoguard/domain';
import { hashDeviceSecret } from '@glucoguard/ingestion';
import { ConfigError, loadConfig } from '../../../config';
import { openDatabase } from '../../../db/orm';
import { mosquittoFiles } from './meter.mosquitto';
import { DeviceRepository } from './meter.repository';
import {
  ProvisioningError,
  deviceSummary,
  issueBindCode,
  issueMissingBindCodes,
  provisionDevice,
  rotateDeviceSecret,
} from './meter.service';

const USAGE = `Usage:
  npm run device -- provision --imei <15 digits> --kind glucose|bp [--model <name>] [--iccid <SIM card number>]
  npm run device -- rotate-secret --imei <15 digits>
  npm run device -- bind-code --imei <15 digits>
      issues a new bind code for the meter's label (the old one stops working)
  npm run device -- bind-code --missing
      issues bind codes for every meter that has none (provisioned before bind codes); prints
      imei,bindCode,qr lines for the labels
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

/** What goes on the meter's label: the bind code a patient types, and the QR code's text. */
function printLabel(imei: string, bindCode: string) {
  console.log(`Bind code (on the label, for the patient to bind the meter in the app): ${formatBindCode(bindCode)}`);
  console.log(`QR code content (on the label): ${bindQrContent(imei, bindCode)}`);
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    imei: { type: 'string' },
    kind: { type: 'string' },
    model: { type: 'string' },
    iccid: { type: 'string' },
    out: { type: 'string' },
    'worker-user': { type: 'string' },
    missing: { type: 'boolean' },
  },
});
const command = positionals[0];
if (!command || !['provision', 'rotate-secret', 'bind-code', 'list', 'mosquitto-config'].includes(command)) {
  fail(USAGE, 2);
}
if (command === 'mosquitto-config' && (!values.out || !process.env.BROKER_WORKER_PASSWORD)) {
  fail(`--out and the environment variable BROKER_WORKER_PASSWORD are required.\n\n${USAGE}`, 2);
}
if (
  command !== 'list' &&
  command !== 'mosquitto-config' &&
  !values.imei &&
  !(command === 'bind-code' && values.missing)
) {
  fail(`--imei is required${command === 'bind-code' ? ' (or --missing)' : ''}.\n\n${USAGE}`, 2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (!config.databaseUrl && (await apiHoldsPglite(config.port))) {
  fail(
    `The API is running on the embedded database (port ${config.port}), which only one process can open. Stop it (Ctrl+C in npm start) and run this again, or use DATABASE_URL.`,
  );
}

const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const em = orm.em.fork();
  const now = new Date();
  if (command === 'mosquitto-config') {
    const devices = await new DeviceRepository(em).list();
    const files = mosquittoFiles(devices, {
      user: values['worker-user'] ?? 'ingest',
      passwordHash: await hashDeviceSecret(process.env.BROKER_WORKER_PASSWORD ?? ''),
    });
    const out = values.out as string;
    mkdirSync(out, { recursive: true });
    // Written aside and renamed, so a broker reloading on SIGHUP never reads half a file.
    for (const [name, text] of [
      ['passwd', files.passwd],
      ['acl', files.acl],
    ] as const) {
      writeFileSync(join(out, `${name}.tmp`), text, { mode: 0o600 });
      renameSync(join(out, `${name}.tmp`), join(out, name));
    }
    for (const s of files.skipped) {
      console.warn(`Left out ${s.imei}: ${s.reason}.`);
    }
    console.log(
      `Wrote ${join(out, 'passwd')} (meters: ${devices.length - files.skipped.length}, and the worker user) and ${join(out, 'acl')}. Send SIGHUP to mosquitto to reload them.`,
    );
  } else if (command === 'bind-code' && values.missing) {
    const issued = await issueMissingBindCodes(em);
    console.error(
      issued.length === 0
        ? 'Every meter has a bind code.'
        : `Issued bind codes for ${issued.length} meter${issued.length === 1 ? '' : 's'}. Print them on the meters' labels now: they are shown only once.`,
    );
    for (const { device, bindCode } of issued) {
      console.log(`${device.imei},${formatBindCode(bindCode)},${bindQrContent(device.imei, bindCode)}`);
    }
  } else if (command === 'bind-code') {
    const { device, bindCode } = await issueBindCode(em, values.imei as string);
    console.log(`New bind code for ${device.kind} meter ${device.imei}; the old one no longer binds it.`);
    printLabel(device.imei, bindCode);
  } else if (command === 'list') {
    const devices = (await new DeviceRepository(em).list()).map(deviceSummary);
    if (devices.length === 0) {
      console.log('No devices are provisioned.');
    }
    for (const d of devices) {
      const seen = d.lastSeenAt ? d.lastSeenAt.toISOString() : 'never';
      console.log(
        `${d.imei}  ${d.kind.padEnd(7)}  ${(d.model || '-').padEnd(12)}  ${d.customerId ? `bound to ${d.customerId}` : 'unbound'}  last seen ${seen}` +
          `${d.battery === null ? '' : `  battery ${d.battery}%`}${d.signal === null ? '' : `  signal ${d.signal} dBm`}${d.hasBindCode ? '' : '  no bind code (bind-code --imei)'}`,
      );
    }
  } else {
    const imei = values.imei as string;
    if (isImei(imei) && !hasValidImeiCheckDigit(imei)) {
      console.warn(`Note: ${imei} does not end in its Luhn check digit. Real meters' IMEIs do; check for a typo.`);
    }
    const provisioned =
      command === 'provision'
        ? await provisionDevice(em, { imei, kind: values.kind ?? '', model: values.model, iccid: values.iccid }, now)
        : { ...(await rotateDeviceSecret(em, imei)), bindCode: null };
    const { device, secret } = provisioned;
    console.log(
      `${command === 'provision' ? 'Provisioned' : 'New secret for'} ${device.kind} meter ${device.imei}${device.model ? ` (${device.model})` : ''}.`,
    );
    console.log(`MQTT username and client id: ${device.imei}`);
    console.log(`MQTT password (device secret): ${secret}`);
    if (provisioned.bindCode !== null) {
      printLabel(device.imei, provisioned.bindCode);
      console.log('The secret and the bind code are shown only now: the database keeps hashes of them.');
    } else {
      console.log('The secret is shown only now: the database keeps a hash of it.');
    }
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof ProvisioningError ? error.message : error);
} finally {
  await orm.close();
}
