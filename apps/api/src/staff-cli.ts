// Staff accounts from the command line (docs/adr/0118-staff-accounts-in-identity.md):
//   npm run staff -- create --role doctor --username dr.wang --doctor-id 3 [--display-name 王医生] [--totp]
// prints the account's one-time password (and the TOTP URI with --totp). It opens the database of
// the server's configuration (DATABASE_URL, or the embedded PGlite under DATA_DIR); the embedded
// database is one process's at a time, so stop the server first when it runs on PGlite.
import { parseArgs } from 'node:util';
import { isStaffRole, STAFF_ROLE_LABELS, STAFF_ROLES } from '@glucoguard/domain';
import { loadConfig } from './config';
import { openDatabase } from './db/orm';
import { createStaff } from './contexts/identity';

const usage =
  'Usage: npm run staff -- create --role <' +
  STAFF_ROLES.join('|') +
  '> --username <name> [--doctor-id <id>] [--display-name <name>] [--totp]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string' },
    username: { type: 'string' },
    'doctor-id': { type: 'string' },
    'display-name': { type: 'string' },
    totp: { type: 'boolean', default: false },
  },
});

if (positionals[0] !== 'create' || !isStaffRole(values.role) || !values.username) {
  console.error(usage);
  process.exit(2);
}
const doctorId = values['doctor-id'] === undefined ? undefined : Number(values['doctor-id']);
if (doctorId !== undefined && !(Number.isInteger(doctorId) && doctorId > 0)) {
  console.error('--doctor-id must be a doctor record id (a positive whole number)');
  process.exit(2);
}

const config = loadConfig();
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const made = await createStaff(
    orm.em.fork(),
    {
      username: values.username,
      role: values.role,
      ...(doctorId !== undefined && { doctorId }),
      ...(values['display-name'] !== undefined && { displayName: values['display-name'] }),
      totp: values.totp,
    },
    null,
    new Date(),
  );
  console.log(
    `Created ${made.staff.role} (${STAFF_ROLE_LABELS[made.staff.role]}) ${made.staff.username} (${made.staff.id}).`,
  );
  console.log(`One-time password (shown once; to be changed at first sign-in): ${made.oneTimePassword}`);
  if (made.totpUri) {
    console.log(`TOTP (add to an authenticator app): ${made.totpUri}`);
  }
} catch (error) {
  // The service's refusals (username taken, unknown doctor record) carry their message.
  console.error(error instanceof Error ? `✖ ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await orm.close();
}
