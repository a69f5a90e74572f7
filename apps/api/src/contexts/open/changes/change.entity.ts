import { defineEntity, p } from '@mikro-orm/core';

/**
 * One row of the change feed (docs/adr/0221-change-feed-ordered-by-transaction.md): a reading
 * created, updated or deleted, or a meter bound or unbound, for one patient. Written by the open
 * context's subscribers inside the transaction that made the change; never updated. `xid` is that
 * transaction's id (`pg_current_xact_id()`, a 64-bit xid8 that never wraps): pages are ordered by
 * `(xid, id)` and withhold every transaction that might still be running, so a change committed
 * later never sorts before a cursor already given out. `payload` is the resource as integrators see
 * it (OpenReading, OpenDevice), null for a tombstone.
 */
export const OpenChangeSchema = defineEntity({
  name: 'OpenChange',
  tableName: 'open_change',
  indexes: [
    { name: 'open_change_xid_id_index', properties: ['xid', 'id'] },
    // A client with few patients reads each one's rows through this (ChangesRepository.page).
    { name: 'open_change_customer_id_xid_id_index', properties: ['customerId', 'xid', 'id'] },
  ],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    xid: p.string().columnType('xid8').defaultRaw('pg_current_xact_id()'),
    customerId: p.uuid(),
    /** `reading` or `device`. */
    resourceType: p.string().length(8),
    /** An open reading id (`glucose-12`) or a meter's IMEI. */
    resourceId: p.string().length(40),
    /** `created`, `updated` or `deleted`. */
    op: p.string().length(8),
    payload: p.json<Record<string, unknown>>().nullable(),
    occurredAt: p.datetime(),
  },
});

export class OpenChange extends OpenChangeSchema.class {}
OpenChangeSchema.setClass(OpenChange);
