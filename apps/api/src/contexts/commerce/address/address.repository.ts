import type { EntityManager } from '@mikro-orm/core';
import { CustomerAddress } from './address.entity';

/** The address book's reads and writes; every query is bound to the customer. */
export class AddressRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of the customer's addresses: the default first, then the newest. */
  page(customerId: string, offset: number, limit: number): Promise<[CustomerAddress[], number]> {
    return this.em.findAndCount(
      CustomerAddress,
      { customerId },
      { orderBy: [{ isDefault: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }], offset, limit },
    );
  }

  count(customerId: string): Promise<number> {
    return this.em.count(CustomerAddress, { customerId });
  }

  defaultOf(customerId: string): Promise<CustomerAddress | null> {
    return this.em.findOne(CustomerAddress, { customerId, isDefault: true });
  }

  /** One of the customer's addresses, or null for a missing one and someone else's alike. */
  own(customerId: string, id: string): Promise<CustomerAddress | null> {
    return this.em.findOne(CustomerAddress, { id, customerId });
  }

  create(data: Omit<CustomerAddress, 'id'>): CustomerAddress {
    return this.em.create(CustomerAddress, data);
  }

  async flush(): Promise<void> {
    await this.em.flush();
  }

  /** Clears the customer's default (before another becomes it, in the same transaction). */
  async clearDefault(customerId: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(CustomerAddress, { customerId, isDefault: true }, { isDefault: false, updatedAt: now });
  }

  /** Deletes one of the customer's addresses unless it is the default; false when none was deleted. */
  async deleteOwnNonDefault(customerId: string, id: string): Promise<boolean> {
    return (await this.em.nativeDelete(CustomerAddress, { id, customerId, isDefault: false })) > 0;
  }
}
