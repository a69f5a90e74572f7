import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { Medicine, OnlineStore, Pharmacy, PharmacyStock } from './pharmacy.entity';

export interface PharmacyFilter {
  keyword?: string;
  province?: string;
  city?: string;
  status?: number;
  pageNo: number;
  pageSize: number;
}

export type PharmacyFields = Omit<Pharmacy, 'id' | 'code' | 'storeImage'>;
export type OnlineStoreFields = Omit<OnlineStore, 'id' | 'storeCode'>;

export interface StockLine {
  medicineId: number;
  genericName: string;
  specification: string;
  packingUnit: string;
  rxCategory: string;
  quantity: number;
}

/** A LIKE pattern that matches the text literally (its own % and _ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What operators manage in the console: pharmacies of every status, their stock, online stores. */
export class PharmacyConsoleRepository {
  constructor(private readonly em: EntityManager) {}

  async pharmacies(f: PharmacyFilter): Promise<{ rows: Pharmacy[]; total: number }> {
    const where: FilterQuery<Pharmacy>[] = [];
    if (f.keyword) {
      const like = containing(f.keyword);
      where.push({ $or: [{ name: { $like: like } }, { address: { $like: like } }] });
    }
    if (f.province) {
      where.push({ province: f.province });
    }
    if (f.city) {
      where.push({ city: f.city });
    }
    if (f.status !== undefined) {
      where.push({ status: f.status });
    }
    const [rows, total] = await this.em.findAndCount(Pharmacy, where.length > 0 ? { $and: where } : {}, {
      orderBy: { province: 'asc', city: 'asc', district: 'asc', name: 'asc', id: 'asc' },
      limit: f.pageSize,
      offset: (f.pageNo - 1) * f.pageSize,
    });
    return { rows, total };
  }

  findPharmacy(id: number): Promise<Pharmacy | null> {
    return this.em.findOne(Pharmacy, { id });
  }

  /** How many medicines each pharmacy has in stock (quantity above 0). */
  async stockCounts(pharmacyIds: readonly number[]): Promise<Map<number, number>> {
    if (pharmacyIds.length === 0) {
      return new Map();
    }
    const rows = await sql(this.em).execute<{ pharmacy_id: number; n: string | number }[]>(
      `select pharmacy_id, count(*) as n from pharmacy_stock
        where quantity > 0 and pharmacy_id in (${pharmacyIds.map(() => '?').join(', ')}) group by pharmacy_id`,
      [...pharmacyIds],
    );
    return new Map(rows.map((r) => [Number(r.pharmacy_id), Number(r.n)]));
  }

  async insertPharmacy(code: string, fields: PharmacyFields): Promise<Pharmacy> {
    const row = this.em.create(Pharmacy, { ...fields, code, storeImage: '' });
    await this.em.flush();
    return row;
  }

  async updatePharmacy(row: Pharmacy, fields: PharmacyFields): Promise<void> {
    this.em.assign(row, fields);
    await this.em.flush();
  }

  /** Every catalogue medicine with the pharmacy's quantity (0 without a row), by generic name. */
  async stockOf(pharmacyId: number): Promise<StockLine[]> {
    const rows = await sql(this.em).execute<
      {
        id: number;
        generic_name: string;
        specification: string;
        packing_unit: string;
        rx_category: string;
        quantity: number | null;
      }[]
    >(
      `select m.id, m.generic_name, m.specification, m.packing_unit, m.rx_category, s.quantity
         from medicine m left join pharmacy_stock s on s.medicine_id = m.id and s.pharmacy_id = ?
        order by m.generic_name, m.id`,
      [pharmacyId],
    );
    return rows.map((r) => ({
      medicineId: Number(r.id),
      genericName: r.generic_name,
      specification: r.specification,
      packingUnit: r.packing_unit,
      rxCategory: r.rx_category,
      quantity: Number(r.quantity ?? 0),
    }));
  }

  /** The ids among `ids` that are catalogue medicines. */
  async knownMedicineIds(ids: readonly number[]): Promise<Set<number>> {
    const rows = await this.em.find(Medicine, { id: { $in: [...ids] } }, { fields: ['id'] });
    return new Set(rows.map((m) => m.id));
  }

  async setStock(pharmacyId: number, items: readonly { medicineId: number; quantity: number }[]): Promise<void> {
    await this.em.upsertMany(
      PharmacyStock,
      items.map((i) => ({ pharmacyId, medicineId: i.medicineId, quantity: i.quantity })),
      {
        onConflictFields: ['pharmacyId', 'medicineId'],
        onConflictAction: 'merge',
        onConflictMergeFields: ['quantity'],
      },
    );
  }

  async onlineStores(pageNo: number, pageSize: number): Promise<{ rows: OnlineStore[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(
      OnlineStore,
      {},
      { orderBy: { sort: 'asc', id: 'asc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
    return { rows, total };
  }

  findOnlineStore(id: number): Promise<OnlineStore | null> {
    return this.em.findOne(OnlineStore, { id });
  }

  async insertOnlineStore(storeCode: string, fields: OnlineStoreFields): Promise<OnlineStore> {
    const row = this.em.create(OnlineStore, { ...fields, storeCode });
    await this.em.flush();
    return row;
  }

  async updateOnlineStore(row: OnlineStore, fields: OnlineStoreFields): Promise<void> {
    this.em.assign(row, fields);
    await this.em.flush();
  }
}
