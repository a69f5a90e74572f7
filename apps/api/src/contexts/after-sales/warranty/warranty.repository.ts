import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { normalizeDeviceCode } from '@glucoguard/domain';
import { Customer } from '../../identity';
import { ProductModel } from '../catalogue/catalogue.entity';
import { WarrantyRecord } from './warranty.entity';

/** Warranty records and the catalogue models they name. */
export class WarrantyRepository {
  constructor(private readonly em: EntityManager) {}

  /** A model patients may choose (shown). */
  shownModel(id: number): Promise<ProductModel | null> {
    return this.em.findOne(ProductModel, { id, status: 1 });
  }

  /** The first shown model of a device type (by the catalogue's order): the model of a meter devices knows. */
  firstShownModelOfType(deviceType: number): Promise<ProductModel | null> {
    return this.em.findOne(ProductModel, { deviceType, status: 1 }, { orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  }

  /** Models by id, hidden ones too (an old record keeps its model). */
  async models(ids: readonly number[]): Promise<Map<number, ProductModel>> {
    const rows = ids.length ? await this.em.find(ProductModel, { id: { $in: [...new Set(ids)] } }) : [];
    return new Map(rows.map((m) => [m.id, m]));
  }

  /** One of the customer's records; null for a missing one and someone else's alike. */
  own(customerId: string, id: number): Promise<WarrantyRecord | null> {
    return this.em.findOne(WarrantyRecord, { id, customerId });
  }

  byId(id: number): Promise<WarrantyRecord | null> {
    return this.em.findOne(WarrantyRecord, { id });
  }

  ofCustomerAndDevice(customerId: string, deviceImei: string): Promise<WarrantyRecord | null> {
    return this.em.findOne(WarrantyRecord, { customerId, deviceImei });
  }

  /** Stores a record; null when the customer already registered this device (the unique index decides). */
  async insert(data: Omit<WarrantyRecord, 'id'>): Promise<WarrantyRecord | null> {
    try {
      const id = await this.em.insert(WarrantyRecord, data);
      return this.byId(Number(id));
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        return null;
      }
      throw error;
    }
  }

  /** A page of the customer's records, newest first. */
  page(customerId: string, offset: number, limit: number): Promise<[WarrantyRecord[], number]> {
    return this.em.findAndCount(
      WarrantyRecord,
      { customerId },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset, limit },
    );
  }

  /** The console's search: a device code, or a phone (the registration's or the customer's), newest first; every record without one. */
  async search(keyword: string | undefined, offset: number, limit: number): Promise<[WarrantyRecord[], number]> {
    let where = {};
    if (keyword) {
      const owner = await this.em.findOne(Customer, { phone: keyword }, { fields: ['id'] });
      where = {
        $or: [
          { deviceImei: normalizeDeviceCode(keyword) },
          { phone: keyword },
          ...(owner ? [{ customerId: owner.id }] : []),
        ],
      };
    }
    return this.em.findAndCount(WarrantyRecord, where, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      offset,
      limit,
    });
  }

  /** Customers' names and phones by id (the console's list). */
  async customers(ids: readonly string[]): Promise<Map<string, { nickname: string; phone: string | null }>> {
    const rows = ids.length
      ? await this.em.find(Customer, { id: { $in: [...new Set(ids)] } }, { fields: ['id', 'nickname', 'phone'] })
      : [];
    return new Map(rows.map((c) => [c.id, { nickname: c.nickname, phone: c.phone ?? null }]));
  }
}
