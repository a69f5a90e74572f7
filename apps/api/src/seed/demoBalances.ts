/*
 * The demo patient's points and strips (issue 21, docs/adr/0193-demo-points-and-strips.md): one
 * 积分调整 of 3000 points and one 客服调整 of 100 strips, written as entries of the real ledgers
 * (points_entry / strip_entry, the balance moving with them), so the points goods and the strip
 * exchange of the demo mall can be tried after `npm start`. The adjustment earns no ranking (it is
 * not a task) and is keyed, so restarts add nothing. Demo data only (never with NODE_ENV=production).
 */
import type { EntityManager } from '@mikro-orm/core';
import { chinaDateKey, pointsActionName } from '@glucoguard/domain';
import { withSubjectLock } from '../lib/db';
import { LocalIdentityProvider } from '../providers/wechat/local';
import { Customer } from '../contexts/identity/customer/customer.entity';
import { PointsRepository } from '../contexts/engagement/points/points.repository';
import { StripsRepository } from '../contexts/engagement/strips/strips.repository';
import { DEMO_DEVICE_KEYS, type DemoSeedOptions } from './demo';

/** What the demo patient starts with: enough for the demo's points goods and two strip exchanges. */
export const DEMO_BALANCES = { points: 3000, strips: 100 } as const;

/** The ledger code of a points adjustment (not a task: domain pointsActionName names it 积分调整). */
const POINTS_ADJUSTMENT = 'ADJUSTMENT';
const KEY = 'demo-seed';

export async function seedDemoBalances(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    return;
  }
  const identity = new LocalIdentityProvider(options.sessionSecret);
  const { openid } = await identity.exchangeCode(DEMO_DEVICE_KEYS.patient);
  const patient = await em.fork().findOne(Customer, { openid });
  if (!patient) {
    return;
  }
  const at = options.now;
  // The same locks as the ledgers' own moves, so a spend racing the seed is counted after it.
  await withSubjectLock(em, `points:${patient.id}`, async (tx) => {
    const points = new PointsRepository(tx);
    const appended = await points.append({
      customerId: patient.id,
      score: DEMO_BALANCES.points,
      actionCode: POINTS_ADJUSTMENT,
      actionName: pointsActionName(POINTS_ADJUSTMENT),
      idemKey: `${POINTS_ADJUSTMENT}:${KEY}`,
      chinaDay: chinaDateKey(at),
      at,
    });
    if (appended) {
      await points.addBalance(patient.id, DEMO_BALANCES.points);
    }
  });
  await withSubjectLock(em, `strips:${patient.id}`, async (tx) => {
    await new StripsRepository(tx).append({
      customerId: patient.id,
      delta: DEMO_BALANCES.strips,
      reason: 'adjustment',
      idemKey: `adjustment:${KEY}`,
      invitedName: null,
      at,
    });
  });
}
