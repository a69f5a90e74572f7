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

/**
 * The change feed's retention watermarks (docs/adr/0233-change-feed-retention.md): for each patient
 * whose changes retention deleted, the highest `(xid, changeId)` deleted, and in the row of the nil
 * uuid (`RETAINED_FROM_ALL`) the highest deleted of all. Retention deletes the feed in `(xid, id)`
 * order only, so every row at or below the global watermark is gone and every row above it is still
 * there: an absent cursor starts at it, and a cursor below a granted patient's watermark may have
 * missed that patient's changes, so it is refused.
 */
export const OpenChangeRetentionSchema = defineEntity({
  name: 'OpenChangeRetention',
  tableName: 'open_change_retention',
  properties: {
    customerId: p.uuid().primary(),
    xid: p.string().columnType('xid8'),
    changeId: p.bigint('string'),
    /** When a deletion last moved it. */
    prunedAt: p.datetime(),
  },
});

export class OpenChangeRetention extends OpenChangeRetentionSchema.class {}
OpenChangeRetentionSchema.setClass(OpenChangeRetention);
