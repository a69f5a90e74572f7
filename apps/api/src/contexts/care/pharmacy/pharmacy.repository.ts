import type { EntityManager } from '@mikro-orm/core';
import { PHARMACY_SHOWN_STATUS } from '@glucoguard/domain';
import { sql } from '../../../lib/db';
import { OnlineStore } from './pharmacy.entity';

/** Mean earth radius in metres (IUGG), for the great-circle distance. */
const EARTH_RADIUS_M = 6_371_008.8;

export interface PharmacyRow {
  id: number;
  name: string;
  address: string;
  phone: string;
  store_image: string;
  province: string;
  city: string;
  district: string;
  longitude: number;
  latitude: number;
  open_start_time: number;
  open_end_time: number;
  distance: number | null;
}

export interface PharmacySearch {
  province?: string;
  city?: string;
  district?: string;
  point?: { longitude: number; latitude: number };
  medicineIds: number[];
  pageNo: number;
  pageSize: number;
}

export class PharmacyRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Pharmacies of a region, with the haversine distance computed in the database and the list sorted
   * nearest first when a point is given; with medicine ids, only those stocking every one of them.
   */
  async search(q: PharmacySearch): Promise<{ rows: PharmacyRow[]; total: number }> {
    // Only open pharmacies are found; an operator's closed one keeps its row and stock.
    const where: string[] = ['p.status = ?'];
    const params: unknown[] = [PHARMACY_SHOWN_STATUS];
    for (const key of ['province', 'city', 'district'] as const) {
      if (q[key]) {
        where.push(`p.${key} = ?`);
        params.push(q[key]);
      }
    }
    if (q.medicineIds.length > 0) {
      where.push(
        `(select count(*) from pharmacy_stock s where s.pharmacy_id = p.id and s.quantity > 0 and s.medicine_id in (${q.medicineIds.map(() => '?').join(', ')})) = ?`,
      );
      params.push(...q.medicineIds, q.medicineIds.length);
    }
    const filter = `where ${where.join(' and ')}`;
    const distance = q.point
      ? `round(2 * ${EARTH_RADIUS_M} * asin(sqrt(power(sin(radians(p.latitude - ?) / 2), 2) + cos(radians(?)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - ?) / 2), 2))))`
      : 'null';
    const distanceParams = q.point ? [q.point.latitude, q.point.latitude, q.point.longitude] : [];
    const order = q.point ? 'distance asc, p.id asc' : 'p.province, p.city, p.district, p.name, p.id';
    const [rows, count] = await Promise.all([
      sql(this.em).execute<PharmacyRow[]>(
        `select p.id, p.name, p.address, p.phone, p.store_image, p.province, p.city, p.district, p.longitude, p.latitude,
                p.open_start_time, p.open_end_time, ${distance} as distance
           from pharmacy p ${filter} order by ${order} limit ? offset ?`,
        [...distanceParams, ...params, q.pageSize, (q.pageNo - 1) * q.pageSize],
      ),
      sql(this.em).execute<{ n: string | number }[]>(`select count(*) as n from pharmacy p ${filter}`, params),
    ]);
    return { rows, total: Number(count[0]?.n ?? 0) };
  }

  /** Online stores with the given status, in display order. */
  async onlineStores(
    status: number,
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: OnlineStore[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(
      OnlineStore,
      { status },
      { orderBy: { sort: 'asc', id: 'asc' }, limit: pageSize, offset: (pageNo - 1) * pageSize },
    );
    return { rows, total };
  }

  findOnlineStore(storeCode: string): Promise<OnlineStore | null> {
    return this.em.findOne(OnlineStore, { storeCode });
  }
}
