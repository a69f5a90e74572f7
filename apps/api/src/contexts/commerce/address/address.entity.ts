import { defineEntity, p } from '@mikro-orm/core';

/**
 * A customer's delivery address for the mall (spec 3 §3 "Address"). Exactly one of a customer's
 * addresses is the default: the partial unique index makes a second default impossible, whatever
 * two requests do at once (docs/adr/0182-addresses-one-default.md). Orders copy the address when
 * placed, so editing or deleting a row never changes an order.
 */
export const CustomerAddressSchema = defineEntity({
  name: 'CustomerAddress',
  tableName: 'customer_address',
  indexes: [{ properties: ['customerId', 'createdAt'] }],
  uniques: [
    {
      name: 'customer_address_one_default',
      expression:
        'create unique index "customer_address_one_default" on "customer_address" ("customer_id") where "is_default"',
    },
  ],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    consigneeName: p.string().length(16),
    phone: p.string().length(16),
    /** Region names as the picker gives them (广东省, 深圳市, 南山区). */
    province: p.string().length(20),
    city: p.string().length(30),
    district: p.string().length(30),
    /** The street and house, without the region; 5 to 40 characters. */
    detailAddress: p.string().length(64),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class CustomerAddress extends CustomerAddressSchema.class {}
CustomerAddressSchema.setClass(CustomerAddress);
