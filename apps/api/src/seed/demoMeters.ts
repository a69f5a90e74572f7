/*
 * Two demo meters, one glucose and one blood pressure, with fixed public IMEIs and secrets so that
 * `npm start` can print them and `npm run meter` can send readings at once. Not seeded with
 * NODE_ENV=production, where every meter is provisioned with `npm run device -- provision`.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Device } from '../modules/device/device.entity';
import { hashDeviceSecret } from '../modules/device/device.secret';
import demoMeters from './demoMeters.json';

export { demoMeters };

/** Provisions the demo meters that do not exist yet; an existing one (maybe bound) is left as it is. */
export async function seedDemoMeters(em: EntityManager, now: Date): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    return;
  }
  const existing = new Set((await em.find(Device, { imei: { $in: demoMeters.map((m) => m.imei) } })).map((d) => d.imei));
  const missing = demoMeters.filter((m) => !existing.has(m.imei));
  if (missing.length === 0) {
    return;
  }
  const rows = await Promise.all(missing.map(async (m) => ({ imei: m.imei, kind: m.kind, model: m.model, secretHash: await hashDeviceSecret(m.secret), createdAt: now })));
  // Ignoring a conflict lets two API processes start at once on one database.
  await em.upsertMany(Device, rows, { onConflictFields: ['imei'], onConflictAction: 'ignore' });
}
