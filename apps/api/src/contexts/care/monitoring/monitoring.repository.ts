import type { EntityManager } from '@mikro-orm/core';
import { Doctor } from '../../platform';
import { MonitorPlan, MonitorPlanSlot } from './monitoring.entity';

/** Storage of monitoring plans and their slots. */
export class MonitoringRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores a plan and its slots (call it inside the issuing transaction). */
  async insert(
    row: Omit<MonitorPlan, 'id'>,
    slots: readonly { date: string; timeType: number }[],
  ): Promise<MonitorPlan> {
    const plan = this.em.create(MonitorPlan, row);
    await this.em.flush();
    for (const slot of slots) {
      this.em.create(MonitorPlanSlot, { planId: plan.id, date: slot.date, timeType: slot.timeType });
    }
    await this.em.flush();
    return plan;
  }

  /** A customer's plan by id (null when it is someone else's or missing). */
  ofCustomer(customerId: string, planId: string): Promise<MonitorPlan | null> {
    return this.em.findOne(MonitorPlan, { id: planId, customerId });
  }

  /** The customer's most recently issued plan. */
  latest(customerId: string): Promise<MonitorPlan | null> {
    return this.em.findOne(MonitorPlan, { customerId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** A page of the customer's plans, newest first, and how many they have. */
  page(customerId: string, pageNo: number, pageSize: number): Promise<[MonitorPlan[], number]> {
    return this.em.findAndCount(
      MonitorPlan,
      { customerId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
  }

  /** The plans one directory doctor gave one patient, newest first. */
  byDoctorForCustomer(doctorId: number, customerId: string): Promise<MonitorPlan[]> {
    return this.em.find(MonitorPlan, { doctorId, customerId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** The planned slots of the given plans, by plan id. */
  async slotsOf(planIds: readonly string[]): Promise<Map<string, { date: string; timeType: number }[]>> {
    const rows =
      planIds.length === 0
        ? []
        : await this.em.find(
            MonitorPlanSlot,
            { planId: { $in: [...planIds] } },
            { orderBy: { date: 'asc', timeType: 'asc' } },
          );
    const byPlan = new Map<string, { date: string; timeType: number }[]>(planIds.map((id) => [id, []]));
    for (const row of rows) {
      byPlan.get(row.planId)?.push({ date: row.date, timeType: row.timeType });
    }
    return byPlan;
  }

  /** A directory doctor's name ('' when unknown). */
  async doctorName(doctorId: number): Promise<string> {
    return (await this.em.findOne(Doctor, { id: doctorId }, { fields: ['name'] }))?.name ?? '';
  }
}
