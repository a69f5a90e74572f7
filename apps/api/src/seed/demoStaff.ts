/*
 * One console account of each role with a published password, so that `npm start` can print them
 * and anyone can sign in to the console at once. Seeded only with demo data on (SEED_DEMO_DATA) and
 * never with NODE_ENV=production, where accounts are made with `npm run staff -- create`. The
 * argon2id hashes are precomputed in demoStaff.json (the passwords are public anyway), so seeding
 * hashes nothing at start-up.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { Doctor } from '../contexts/platform/care-directory/doctor.entity';
import demoStaff from './demoStaff.json';

export { demoStaff };

/** Creates the demo staff accounts that do not exist yet; existing ones (maybe changed) are left as they are. */
export async function seedDemoStaff(em: EntityManager, now: Date): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    return;
  }
  const existing = new Set(
    (await em.find(Staff, { username: { $in: demoStaff.map((s) => s.username) } })).map((s) => s.username),
  );
  for (const s of demoStaff.filter((d) => !existing.has(d.username))) {
    const doctor = s.doctorOpenid ? await em.findOne(Doctor, { openid: s.doctorOpenid }) : null;
    em.create(Staff, {
      username: s.username,
      displayName: s.displayName,
      passwordHash: s.passwordHash,
      role: s.role,
      doctorId: doctor?.id ?? null,
      totpSecret: null,
      // Published on purpose, for trying every role at once: a forced change would lock the next
      // visitor of a shared demo out of the published password (docs/adr/0121-console-session-in-the-browser.md).
      mustChangePassword: false,
      failedSignIns: 0,
      lockedUntil: null,
      disabledAt: null,
      createdAt: now,
      lastSignInAt: null,
    });
  }
  await em.flush();
}
