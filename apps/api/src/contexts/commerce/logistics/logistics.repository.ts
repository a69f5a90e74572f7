import type { EntityManager } from '@mikro-orm/core';
import { ShippingEvent } from './shippingEvent.entity';

export type NewShippingEvent = Omit<ShippingEvent, 'id'>;

/** Storage of the console's shipping events. */
export class LogisticsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(event: NewShippingEvent): Promise<void> {
    this.em.create(ShippingEvent, event);
    await this.em.flush();
  }

  /** An order's events, oldest first. */
  ofOrder(orderId: number): Promise<ShippingEvent[]> {
    return this.em.find(ShippingEvent, { orderId }, { orderBy: { at: 'asc', id: 'asc' }, disableIdentityMap: true });
  }
}
