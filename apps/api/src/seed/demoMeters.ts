/*
 * Two demo meters, one glucose and one blood pressure, with fixed public IMEIs, secrets and bind
 * codes so that `npm start` can print them, `npm run meter` can send readings at once and anyone
 * can bind them in the app. Each has a public SIM card number (ICCID), so its data plan can be renewed in the mall. Not seeded with NODE_ENV=production, where every meter is provisioned
 * with `npm run device -- provision`.
 */
import type { EntityManager } from '@mikro-orm/core';
import { hashDeviceSecret } from '@glucoguard/ingestion';
import { Device } from '../contexts/devices/meter/meter.entity';
import demoMeters from './demoMeters.json';

export { demoMeters };

/**
 * Provisions the demo meters that do not exist yet; an existing one (maybe bound) is left as it
 * is, except that one seeded before bind codes gets its public code.
 */
export async function seedDemoMeters(em: EntityManager, now: Date): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    return;
  }
  const existing = new Map(
    (await em.find(Device, { imei: { $in: demoMeters.map((m) => m.imei) } })).map((d) => [d.imei, d]),
  );
  const missing = demoMeters.filter((m) => !existing.has(m.imei));
  const codeless = demoMeters.filter((m) => existing.get(m.imei)?.bindCodeHash === null);
  for (const m of codeless) {
    await em.nativeUpdate(
      Device,
      { imei: m.imei, bindCodeHash: null },
      { bindCodeHash: await hashDeviceSecret(m.bindCode) },
    );
  }
  // Demo meters seeded before SIM cards were recorded get their public ICCID, so the data plan shows.
  for (const m of demoMeters.filter((d) => existing.has(d.imei) && existing.get(d.imei)?.iccid === null)) {
    await em.nativeUpdate(Device, { imei: m.imei, iccid: null }, { iccid: m.iccid });
  }
  if (missing.length === 0) {
    return;
  }
  const rows = await Promise.all(
    missing.map(async (m) => ({
      imei: m.imei,
      kind: m.kind,
      model: m.model,
      iccid: m.iccid,
      secretHash: await hashDeviceSecret(m.secret),
      bindCodeHash: await hashDeviceSecret(m.bindCode),
      createdAt: now,
    })),
  );
  // Ignoring a conflict lets two API processes start at once on one database.
  await em.upsertMany(Device, rows, { onConflictFields: ['imei'], onConflictAction: 'ignore' });
}
