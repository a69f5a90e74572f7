import { defineEntity, p } from '@mikro-orm/core';

/**
 * One data-plan renewal of a meter, applied once: `key` is the caller's idempotency key (a paid
 * order's `order:{orderId}`), so a second delivery of the same payment extends nothing. It also
 * keeps what the renewal did, for support: the end before and after.
 */
export const DataPlanRenewalSchema = defineEntity({
  name: 'DataPlanRenewal',
  tableName: 'device_data_plan_renewal',
  indexes: [{ properties: ['imei'] }],
  properties: {
    key: p.string().length(80).primary(),
    imei: p.string().length(15),
    customerId: p.uuid(),
    months: p.smallint(),
    previousEnd: p.datetime().nullable(),
    newEnd: p.datetime(),
    createdAt: p.datetime(),
  },
});

export class DataPlanRenewal extends DataPlanRenewalSchema.class {}
DataPlanRenewalSchema.setClass(DataPlanRenewal);
