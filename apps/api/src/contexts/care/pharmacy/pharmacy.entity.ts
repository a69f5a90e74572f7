import { defineEntity, p } from '@mikro-orm/core';

/**
 * A medicine of the catalogue (spec 3 §3): generic name, specification, packing unit. `rxCategory`
 * is an item key of the `rx_category` dictionary. `code` is the seed's stable key.
 */
export const MedicineSchema = defineEntity({
  name: 'Medicine',
  tableName: 'medicine',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    genericName: p.string().length(64).index(),
    productName: p.string().length(64).default(''),
    specification: p.string().length(64),
    packingUnit: p.string().length(8),
    dosageUnit: p.string().length(8),
    rxCategory: p.string().length(8),
  },
});
export class Medicine extends MedicineSchema.class {}
MedicineSchema.setClass(Medicine);

/**
 * A pharmacy (spec 3 §3): region codes as the care directory's (`@vant/area-data`), coordinates in
 * GCJ-02 as the location look-up gives them, opening hours in ms from midnight (China time). Operators
 * manage them in the console (`pharmacy.manage`).
 */
export const PharmacySchema = defineEntity({
  name: 'Pharmacy',
  tableName: 'pharmacy',
  indexes: [{ properties: ['province', 'city', 'district'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    name: p.string().length(64),
    address: p.string().length(128),
    phone: p.string().length(20).default(''),
    storeImage: p.string().length(256).default(''),
    province: p.string().length(12),
    city: p.string().length(12),
    district: p.string().length(12),
    longitude: p.double(),
    latitude: p.double(),
    openStartTime: p.integer(),
    openEndTime: p.integer(),
    /** 1 open (patients find it), 0 closed by an operator (kept with its stock; docs/adr/0158). */
    status: p.smallint().default(1),
  },
});
export class Pharmacy extends PharmacySchema.class {}
PharmacySchema.setClass(Pharmacy);

/** What a pharmacy has of a medicine; a row with quantity 0 is out of stock. */
export const PharmacyStockSchema = defineEntity({
  name: 'PharmacyStock',
  tableName: 'pharmacy_stock',
  indexes: [{ properties: ['medicineId'] }],
  properties: {
    pharmacyId: p.integer().primary(),
    medicineId: p.integer().primary(),
    quantity: p.integer().default(0),
  },
});
export class PharmacyStock extends PharmacyStockSchema.class {}
PharmacyStockSchema.setClass(PharmacyStock);

/** An online store (spec 3 §3): only status 1 is shown; `storeUrl` is where 去购买 navigates. */
export const OnlineStoreSchema = defineEntity({
  name: 'OnlineStore',
  tableName: 'online_store',
  properties: {
    id: p.integer().primary().autoincrement(),
    storeCode: p.string().length(32).unique(),
    storeName: p.string().length(64),
    storeIcon: p.string().length(256).default(''),
    remark: p.string().length(128).default(''),
    storeUrl: p.string().length(512),
    status: p.smallint().default(1),
    sort: p.integer().default(0),
  },
});
export class OnlineStore extends OnlineStoreSchema.class {}
OnlineStoreSchema.setClass(OnlineStore);
