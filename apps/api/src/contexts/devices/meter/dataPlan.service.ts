// Meter data plans (spec 3 §2.7, §3 Device: iccid, flowExpireTime): the meters a patient can buy
// a data plan for, and the renewal a paid data-plan order applies (docs/adr/0187-meter-data-plans.md).
import { extendTerm, isImei } from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { deviceVo } from './meter.service';
import { DataPlanRepository } from './dataPlan.repository';

/** The caller's bound meters with a known SIM card (spec: GET /device/v1/listRechargeDevice). */
export async function listRechargeDevices(db: Db, customerId: string) {
  return (await new DataPlanRepository(db).rechargeableOfCustomer(customerId)).map(deviceVo);
}

/** What a renewal did: `applied` false when its key was applied before or the meter is unknown. */
export type DataPlanRenewalResult =
  { applied: true; flowExpireTime: Date } | { applied: false; reason: 'alreadyApplied' | 'unknownDevice' | 'noMonths' };

/**
 * Extends the meter's data plan by `months` (domain `extendTerm`: from the running end, or from
 * `now` when none runs), once per `key`: a second call with the same key (a repeated payment
 * notify, a job retried after a restart) changes nothing. The plan belongs to the meter's SIM
 * card, so it is extended even when `customerId`, who paid, has unbound the meter since ordering;
 * the renewal keeps who paid. Never throws for an unknown meter: it runs inside the payment's
 * transaction, which must not fail because of it.
 */
export async function extendDataPlan(
  db: Db,
  input: { customerId: string; deviceImei: string; months: number; key: string },
  now: Date,
): Promise<DataPlanRenewalResult> {
  const months = Math.trunc(input.months);
  if (!(months > 0)) {
    return { applied: false, reason: 'noMonths' };
  }
  return inTransaction(db, async (tx) => {
    const repo = new DataPlanRepository(tx);
    const device = isImei(input.deviceImei) ? await repo.lockByImei(input.deviceImei) : null;
    if (!device) {
      return { applied: false, reason: 'unknownDevice' as const };
    }
    const previousEnd = device.flowExpireTime ?? null;
    const newEnd = extendTerm(previousEnd, now, months);
    const recorded = await repo.recordRenewal({
      key: input.key,
      imei: device.imei,
      customerId: input.customerId,
      months,
      previousEnd,
      newEnd,
      createdAt: now,
    });
    if (!recorded) {
      return { applied: false, reason: 'alreadyApplied' as const };
    }
    await repo.setFlowExpireTime(device.imei, newEnd);
    return { applied: true as const, flowExpireTime: newEnd };
  });
}

/** The paid order as the data plan reads it (commerce's `OrderPaid`, which devices may not import). */
export interface PaidDataPlanOrder {
  orderId: number;
  customerId: string;
  rechargePackage: number;
  packageMonths: number;
  number: number;
  deviceImei: string | null;
  paidAt: Date;
}

/**
 * A paid data-plan order (`rechargePackage` 1) renews its meter by the good's months times the
 * quantity, keyed by the order (composition.ts subscribes it to commerce's `onOrderPaid`).
 */
export async function dataPlanOnOrderPaid(tx: Db, paid: PaidDataPlanOrder): Promise<void> {
  if (paid.rechargePackage !== 1 || paid.deviceImei === null) {
    return;
  }
  await extendDataPlan(
    tx,
    {
      customerId: paid.customerId,
      deviceImei: paid.deviceImei,
      months: paid.packageMonths * paid.number,
      key: `order:${paid.orderId}`,
    },
    paid.paidAt,
  );
}
