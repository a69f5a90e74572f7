import type { Schema } from '@glucoguard/sdk';
import {
  ONLINE_STORE_SHOWN_STATUS,
  PAGE_SIZES,
  PHARMACY_TEXTS,
  isOnlineStoreShown,
  parseMedicineIds,
} from '@glucoguard/domain';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { Db } from '../../../lib/db';
import { PharmacyRepository, type PharmacyRow } from './pharmacy.repository';

export const PHARMACY_ERRORS = {
  medicineIds: '药品参数有误',
  halfPoint: '请同时提供经度和纬度',
} as const;

const pageCount = (total: number, pageSize: number) => Math.ceil(total / pageSize);

function pharmacyVo(row: PharmacyRow): Schema<'PharmacyVo'> {
  return {
    storeId: row.id,
    store: row.name,
    address: row.address,
    phone: row.phone,
    storeImage: row.store_image,
    province: row.province,
    city: row.city,
    district: row.district,
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    openStartTime: Number(row.open_start_time),
    openEndTime: Number(row.open_end_time),
    distance: row.distance === null ? null : Number(row.distance),
  };
}

/** Spec 3 §7 queryStoreAddressByLocation: nearest first, filtered by region and by the advice's medicines. */
export async function queryStoreAddressByLocation(
  db: Db,
  query: {
    province?: string;
    city?: string;
    district?: string;
    longitude?: number;
    latitude?: number;
    pageNo?: number;
    pageSize?: number;
    medicineIds?: string;
  },
) {
  const medicineIds = parseMedicineIds(query.medicineIds);
  if (medicineIds === null) {
    throw new AppError(ErrorCodes.badRequest, PHARMACY_ERRORS.medicineIds);
  }
  if ((query.longitude === undefined) !== (query.latitude === undefined)) {
    throw new AppError(ErrorCodes.badRequest, PHARMACY_ERRORS.halfPoint);
  }
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZES.pharmacies;
  const point =
    query.longitude !== undefined && query.latitude !== undefined
      ? { longitude: query.longitude, latitude: query.latitude }
      : undefined;
  const { rows, total } = await new PharmacyRepository(db).search({
    province: query.province,
    city: query.city,
    district: query.district,
    point,
    medicineIds,
    pageNo,
    pageSize,
  });
  return { items: rows.map(pharmacyVo), currentPage: pageNo, totalPage: pageCount(total, pageSize) };
}

/** Spec 3 §7 pageQueryInternetDrugstore: only status 1 is shown. */
export async function pageQueryInternetDrugstore(db: Db, query: { pageNo?: number; pageSize?: number }) {
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZES.onlineStores;
  const { rows, total } = await new PharmacyRepository(db).onlineStores(ONLINE_STORE_SHOWN_STATUS, pageNo, pageSize);
  return {
    items: rows.map((s) => ({
      storeCode: s.storeCode,
      storeName: s.storeName,
      storeIcon: s.storeIcon,
      remark: s.remark,
      status: 1 as const,
    })),
    currentPage: pageNo,
    totalPage: pageCount(total, pageSize),
  };
}

/** Spec 3 §7 storeUrl: the address of a shown store; any other store is 40400, the same whether it exists or not. */
export async function storeUrl(db: Db, storeCode: string) {
  const store = await new PharmacyRepository(db).findOnlineStore(storeCode);
  if (!store || !isOnlineStoreShown(store)) {
    throw notFound(PHARMACY_TEXTS.storeClosed);
  }
  return { storeUrl: store.storeUrl };
}
