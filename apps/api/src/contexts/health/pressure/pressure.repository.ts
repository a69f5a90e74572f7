import type { EntityManager } from '@mikro-orm/core';
import type { ChinaListSpan } from '@glucoguard/domain';
import { sql } from '../../../lib/db';
import { measuredWithin } from '../../../lib/list';
import { BloodPressureTest } from '../readings/pressure.entity';
import { BloodPressureRange } from './pressureRange.entity';

/** Reading of blood-pressure readings and of the pressure range configuration (the readings core writes them). */
export class PressureRepository {
  constructor(private readonly em: EntityManager) {}

  /** The range configuration, by severity rank. */
  ranges(): Promise<BloodPressureRange[]> {
    return this.em.find(BloodPressureRange, {}, { orderBy: { sort: 'asc' } });
  }

  findById(id: string): Promise<BloodPressureTest | null> {
    return /^\d{1,18}$/.test(id) ? this.em.findOne(BloodPressureTest, { id }) : Promise.resolve(null);
  }

  findBySynckey(customerId: string, synckey: string): Promise<BloodPressureTest | null> {
    return this.em.findOne(BloodPressureTest, { customerId, synckey });
  }

  /** One page of a customer's readings within the span, newest first, and how many there are. */
  page(
    customerId: string,
    span: ChinaListSpan,
    pageNo: number,
    pageSize: number,
  ): Promise<[BloodPressureTest[], number]> {
    return this.em.findAndCount(
      BloodPressureTest,
      { customerId, ...measuredWithin(span) },
      { orderBy: { measuredAt: 'desc', id: 'desc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
  }

  /** A customer's readings in [start, end), oldest first. */
  inRange(customerId: string, start: Date, end: Date): Promise<BloodPressureTest[]> {
    return this.em.find(
      BloodPressureTest,
      { customerId, measuredAt: { $gte: start, $lt: end } },
      { orderBy: { measuredAt: 'asc', id: 'asc' } },
    );
  }

  /** The pressures alone of a customer's readings in the span, as plain rows rather than entities. */
  pressures(customerId: string, span: ChinaListSpan): Promise<{ sbp: number; dbp: number }[]> {
    const { start, end } = span;
    return sql(this.em).execute<{ sbp: number; dbp: number }[]>(
      `select sbp, dbp from blood_pressure_test where customer_id = ?${start ? ' and measured_at >= ?' : ''}${end ? ' and measured_at < ?' : ''}`,
      [customerId, ...(start ? [start] : []), ...(end ? [end] : [])],
    );
  }
}
