import { defineEntity, p } from '@mikro-orm/core';

/**
 * A product's warranty registration by one customer (spec 3 §3 "Warranty"): a device code (IMEI or
 * SN), the model from the catalogue and the purchase date the customer gave. One device code is
 * registered once per customer (the unique index decides); another customer may register the same
 * device; each record's warranty runs from its own purchase date
 * (docs/adr/0200-one-warranty-per-device-and-customer.md).
 */
export const WarrantyRecordSchema = defineEntity({
  name: 'WarrantyRecord',
  tableName: 'aftersales_warranty',
  indexes: [
    { properties: ['customerId', 'createdAt'] },
    { properties: ['deviceImei', 'createdAt'] },
    { properties: ['phone'] },
  ],
  uniques: [{ name: 'aftersales_warranty_customer_device', properties: ['customerId', 'deviceImei'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    customerId: p.uuid(),
    /** The catalogue model (aftersales_product). */
    productId: p.integer(),
    deviceImei: p.string().length(32),
    phone: p.string().length(16),
    /** The purchase date as given, YYYY-MM-DD (China). */
    orderDate: p.string().length(10),
    createdAt: p.datetime(),
  },
});

export class WarrantyRecord extends WarrantyRecordSchema.class {}
WarrantyRecordSchema.setClass(WarrantyRecord);
