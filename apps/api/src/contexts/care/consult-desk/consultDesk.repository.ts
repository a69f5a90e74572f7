import type { EntityManager } from '@mikro-orm/core';
import { Medicine } from '../pharmacy/pharmacy.entity';

/** The doctor's desk reads: the medicine catalogue, by generic name. */
export class ConsultDeskRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every catalogue medicine, by generic name then specification (the catalogue is small). */
  medicines(): Promise<Medicine[]> {
    return this.em.find(Medicine, {}, { orderBy: [{ genericName: 'asc' }, { specification: 'asc' }, { id: 'asc' }] });
  }
}
