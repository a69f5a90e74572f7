import { defineEntity, p } from '@mikro-orm/core';

/**
 * A shipping event the console recorded for an order (docs/adr/0189-logistics-provider.md): shipped
 * with a courier and waybill, then signed for or refused. They are the traces of the `local`
 * logistics provider and the console's own history of the parcel, whatever the provider.
 */
export const ShippingEventSchema = defineEntity({
  name: 'ShippingEvent',
  tableName: 'order_shipping_event',
  indexes: [{ properties: ['orderId', 'at'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    orderId: p.integer(),
    /** `shipped`, `signed` or `refused` (domain ShippingEvent). */
    event: p.string().length(8),
    /** The courier's 快递鸟 code and the waybill number at the time. */
    shipperCode: p.string().length(16),
    logisticCode: p.string().length(40),
    /** What the trace says (domain shippingEventStation). */
    station: p.string().length(200),
    /** The shipment state it leaves (domain SHIPPING_EVENT_STATE). */
    state: p.smallint(),
    /** The staff member who recorded it. */
    staffId: p.uuid(),
    at: p.datetime(),
  },
});

export class ShippingEvent extends ShippingEventSchema.class {}
ShippingEventSchema.setClass(ShippingEvent);
