// `npm run meter -- --imei … --secret … --count N --rate R [--kind bp]`: a simulated cellular meter
// (src/meter-simulator.ts) against the gateway; prints what was stored, duplicate and rejected.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isImei } from '@glucoguard/domain';
import { percentile, runMeterSimulator } from './meter-simulator';

const USAGE = `Usage: npm run meter -- --imei <15 digits> --secret <secret> [--count 10] [--rate 5] [--kind glucose|bp]
                     [--batch 1] [--window 200] [--host 127.0.0.1] [--port 1883] [--tls] [--ca <pem file>]

The demo meters are printed by npm start.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    imei: { type: 'string' },
    secret: { type: 'string' },
    count: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5' },
    kind: { type: 'string', default: 'glucose' },
    batch: { type: 'string', default: '1' },
    window: { type: 'string', default: '200' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    tls: { type: 'boolean', default: false },
    ca: { type: 'string' },
  },
});

const imei = values.imei ?? '';
if (!isImei(imei)) {
  fail("--imei must be the meter's 15-digit IMEI.");
}
if (!values.secret) {
  fail('--secret is required (printed once by `npm run device -- provision`).');
}
const count = Number(values.count);
const rate = Number(values.rate);
const batch = Number(values.batch);
const window = Number(values.window);
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isFinite(rate) ||
  rate < 0 ||
  !Number.isInteger(batch) ||
  batch < 1 ||
  batch > 100 ||
  !Number.isInteger(window) ||
  window < 1
) {
  fail(
    '--count must be a whole number ≥ 1, --rate a number ≥ 0 (0: as fast as possible), --batch 1 to 100, --window ≥ 1.',
  );
}
if (values.kind !== 'glucose' && values.kind !== 'bp') {
  fail('--kind must be glucose or bp.');
}
const port = values.port ?? (values.tls ? '8883' : (process.env.MQTT_PORT ?? '1883'));
const url = `${values.tls ? 'mqtts' : 'mqtt'}://${values.host}:${port}`;

console.log(
  `Meter ${imei} → ${url}: ${count} ${values.kind} reading(s) at ${rate > 0 ? `${rate}/s` : 'full speed'}, ${batch} per message.`,
);
const summary = await runMeterSimulator({
  url,
  imei,
  secret: values.secret,
  kind: values.kind,
  count,
  rate,
  batch,
  window,
  connectOptions: values.ca ? { ca: readFileSync(values.ca) } : {},
});
console.log(
  [
    `stored ${summary.stored}, duplicate ${summary.duplicate}, rejected ${summary.rejected}, unacked ${summary.unacked}`,
    `${summary.published} message(s) published (resends included), ${summary.reconnects} reconnect(s), ${(summary.elapsedMs / 1000).toFixed(1)} s`,
    `PUBACK latency p50 ${percentile(summary.pubackLatencies, 50)} ms, p99 ${percentile(summary.pubackLatencies, 99)} ms`,
    ...[...summary.rejectReasons].map(([reason, n]) => `rejected ×${n}: ${reason}`),
  ].join('\n'),
);
if (summary.refused !== null) {
  console.error(
    `The gateway refused the meter (CONNACK ${summary.refused}): is the meter provisioned, and are the IMEI and secret right?`,
  );
  process.exitCode = 1;
} else if (summary.unacked > 0) {
  console.error('Some readings were never acked: is the gateway running?');
  process.exitCode = 1;
}
