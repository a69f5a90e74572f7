import { LockMode, type EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { Device } from './meter.entity';

/** Storage of meters' data plans: the end on the meter's row and the renewals applied, once each. */
export class DataPlanRepository {
  constructor(private readonly em: EntityManager) {}

  /** The meter, locked until the transaction ends, so two renewals of one meter add up. */
  lockByImei(imei: string): Promise<Device | null> {
    return this.em.findOne(Device, { imei }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /**
   * Records the renewal under its key unless one is recorded already; returns whether this call
   * recorded it (false: the key was applied before, by this process or another).
   */
  async recordRenewal(row: {
    key: string;
    imei: string;
    customerId: string;
    months: number;
    previousEnd: Date | null;
    newEnd: Date;
    createdAt: Date;
  }): Promise<boolean> {
    const inserted = await sql(this.em).execute<{ key: string }[]>(
      `insert into device_data_plan_renewal (key, imei, customer_id, months, previous_end, new_end, created_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (key) do nothing returning key`,
      [row.key, row.imei, row.customerId, row.months, row.previousEnd, row.newEnd, row.createdAt],
    );
    return inserted.length === 1;
  }

  /** Sets the meter's data-plan end. */
  async setFlowExpireTime(imei: string, end: Date): Promise<void> {
    await sql(this.em).execute('update device set flow_expire_time = ? where imei = ?', [end, imei]);
  }

  /** The customer's bound meters whose SIM card is known (the ones a data plan can be bought for), newest bind first. */
  rechargeableOfCustomer(customerId: string): Promise<Device[]> {
    return this.em.find(Device, { customerId, iccid: { $ne: null } }, { orderBy: { boundAt: 'desc', id: 'desc' } });
  }
}
