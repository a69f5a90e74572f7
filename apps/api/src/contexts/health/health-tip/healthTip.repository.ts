import type { EntityManager } from '@mikro-orm/core';
import { SugarTest } from '../readings/glucose.entity';
import { BloodPressureTest } from '../readings/pressure.entity';

/** The caller's latest readings, which choose the health tip shown with a reading. */
export class HealthTipRepository {
  constructor(private readonly em: EntityManager) {}

  /** The customer's latest glucose reading by measuring time, or null. */
  latestSugar(customerId: string): Promise<Pick<SugarTest, 'sugar' | 'timeType'> | null> {
    return this.em.findOne(
      SugarTest,
      { customerId },
      { orderBy: { measuredAt: 'desc', id: 'desc' }, fields: ['sugar', 'timeType'] },
    );
  }

  /** The customer's latest pressure reading by measuring time, or null. */
  latestPressure(customerId: string): Promise<Pick<BloodPressureTest, 'sbp' | 'dbp'> | null> {
    return this.em.findOne(
      BloodPressureTest,
      { customerId },
      { orderBy: { measuredAt: 'desc', id: 'desc' }, fields: ['sbp', 'dbp'] },
    );
  }
}
