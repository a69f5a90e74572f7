import { defineEntity, p } from '@mikro-orm/core';

/**
 * A dealer's procurement enquiry (spec 3 §3 "Dealer enquiry"), sent by any session (visitors too),
 * and whether the service desk handled it.
 */
export const DealerEnquirySchema = defineEntity({
  name: 'DealerEnquiry',
  tableName: 'aftersales_dealer_enquiry',
  indexes: [{ properties: ['createdAt'] }, { properties: ['phone'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    customerId: p.uuid(),
    purchaser: p.string().length(30),
    phone: p.string().length(16),
    productName: p.string().length(50),
    /** The quantity (the spec's `account`). */
    quantity: p.integer(),
    saleChannel: p.string().length(50),
    saleArea: p.string().length(50),
    remark: p.string().length(200).default(''),
    createdAt: p.datetime(),
    handledAt: p.datetime().nullable(),
    handledById: p.uuid().nullable(),
    handledByName: p.string().length(32).nullable(),
    note: p.string().length(200).default(''),
  },
});

export class DealerEnquiry extends DealerEnquirySchema.class {}
DealerEnquirySchema.setClass(DealerEnquiry);
