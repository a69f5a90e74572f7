// The password_file and acl_file an external Mosquitto broker needs to let the provisioned meters
// and the ingestion workers in (docs/device-protocol.md, "Scale-out"). Mosquitto verifies the
// stored `$7$` hashes itself, so no secret is ever written out.
import { isImei } from '@glucoguard/domain';
import { isMosquittoHash } from '@glucoguard/ingestion';

export interface MosquittoFiles {
  /** `username:hash` lines (Mosquitto's password_file). */
  passwd: string;
  /** Mosquitto's acl_file. */
  acl: string;
  /** Meters left out, with why (their hash predates the `$7$` format: rotate their secret). */
  skipped: { imei: string; reason: string }[];
}

const WORKER_USER = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/**
 * The files for the given meters and one worker user. Meters may publish only to their own readings
 * topic and read only their own acks (`%u` is the username, which the meters' listener also makes
 * the client id with `use_username_as_clientid`); the worker user reads every readings topic (its
 * shared subscription `$share/ingest/meters/+/readings` is checked as `meters/+/readings`) and
 * writes every acks topic.
 */
export function mosquittoFiles(
  devices: readonly { imei: string; secretHash: string }[],
  worker: { user: string; passwordHash: string },
): MosquittoFiles {
  if (!WORKER_USER.test(worker.user) || isImei(worker.user)) {
    throw new Error(
      `The worker user must be 1–64 letters, digits, "_", "." or "-", start with a letter and not look like an IMEI, got "${worker.user}".`,
    );
  }
  if (!isMosquittoHash(worker.passwordHash)) {
    throw new Error('The worker password hash must be in the $7$ format.');
  }
  const skipped: MosquittoFiles['skipped'] = [];
  const lines: string[] = [];
  for (const d of devices) {
    if (!isImei(d.imei)) {
      skipped.push({ imei: d.imei, reason: 'not a 15-digit IMEI' });
    } else if (!isMosquittoHash(d.secretHash)) {
      skipped.push({
        imei: d.imei,
        reason: 'its secret hash predates the $7$ format; run `npm run device -- rotate-secret --imei ' + d.imei + '`',
      });
    } else {
      lines.push(`${d.imei}:${d.secretHash}`);
    }
  }
  lines.push(`${worker.user}:${worker.passwordHash}`);
  const acl = [
    '# Written by `npm run device -- mosquitto-config`; do not edit, run it again (then SIGHUP mosquitto).',
    '# Meters: publish to their own readings topic, read their own acks; nothing else.',
    'pattern write meters/%u/readings',
    'pattern read meters/%u/acks',
    '',
    '# Ingestion workers: take every meter reading (shared subscription), answer every meter.',
    `user ${worker.user}`,
    'topic read meters/+/readings',
    'topic write meters/+/acks',
    '',
  ].join('\n');
  return { passwd: `${lines.join('\n')}\n`, acl, skipped };
}
