import {
  CHANGE_FEED_LIMITS,
  CHANGE_FEED_START,
  decodeChangeCursor,
  encodeChangeCursor,
  openDateTime,
  openReadingId,
  OPEN_DATA_MESSAGES,
  type ChangeCursor,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { inSnapshot, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { ReadingDeleted, ReadingRecorded, ReadingUpdated } from '../../health';
import { openDeviceOf, openReadingOf, type OpenDevice, type OpenReading } from '../open-data/openReading';
import { ChangesRepository, type ChangeRow, type NewChange } from './changes.repository';

/*
 * The change feed (docs/adr/0221-change-feed-ordered-by-transaction.md).
 *
 *   readings core (health)          devices (meters)
 *   ReadingRecorded / Updated /     DeviceBound / DeviceUnbound
 *   Deleted on readingEvents        on deviceEvents
 *            └──────────── subscribed in src/composition.ts ────────────┘
 *                                    │  inside the writing transaction
 *                      append rows to open_change (xid = that transaction's id)
 *                                    │
 *   GET /open/v1/changes: rows after the cursor, ordered by (xid, id), only of transactions older
 *   than every running one, only of patients with a live readings.read grant to the caller.
 */

/**
 * 410: retention deleted a change of one of the client's patients after the cursor
 * (docs/adr/0233). Not in ErrorCodes: only this module raises it.
 */
export const CHANGE_CURSOR_EXPIRED = 41000;

/** The scope that lets a client read the feed, and whose grants select its patients. */
const FEED_SCOPE = 'readings.read';

/** ReadingRecorded → `created` rows (a meter's batch: one statement for all). */
export async function changesOnReadingRecorded(tx: Db, events: readonly ReadingRecorded[]): Promise<void> {
  await new ChangesRepository(tx).append(
    events.map((e) => ({
      customerId: e.customerId,
      resourceType: 'reading',
      resourceId: openReadingId(e.reading.kind, e.reading.id),
      op: 'created',
      payload: openReadingOf(e.reading, e.customerId, e.source, e.meter),
      occurredAt: e.at,
    })),
  );
}

/** ReadingUpdated → `updated` rows with the reading as it now is. */
export async function changesOnReadingUpdated(tx: Db, events: readonly ReadingUpdated[]): Promise<void> {
  await new ChangesRepository(tx).append(
    events.map((e) => ({
      customerId: e.customerId,
      resourceType: 'reading',
      resourceId: openReadingId(e.reading.kind, e.reading.id),
      op: 'updated',
      payload: openReadingOf(e.reading, e.customerId, e.source),
      occurredAt: e.at,
    })),
  );
}

/** ReadingDeleted → tombstones. */
export async function changesOnReadingDeleted(tx: Db, events: readonly ReadingDeleted[], now: Date): Promise<void> {
  await new ChangesRepository(tx).append(
    events.map((e) => ({
      customerId: e.customerId,
      resourceType: 'reading',
      resourceId: openReadingId(e.kind, e.readingId),
      op: 'deleted',
      payload: null,
      occurredAt: now,
    })),
  );
}

/**
 * Devices' DeviceBound and DeviceUnbound, described here by their shape: the open context may not
 * import devices (its CLI imports every entity, which would close a cycle of folders), so
 * composition.ts subscribes these functions to devices' bus.
 */
export interface DeviceChangeEvent {
  type: 'DeviceBound' | 'DeviceUnbound';
  device: { imei: string; kind: string; model: string };
  customerId: string;
  at: Date;
}

/** DeviceBound → `created` device rows; DeviceUnbound → device tombstones. */
export async function changesOnDevice(tx: Db, events: readonly DeviceChangeEvent[]): Promise<void> {
  await new ChangesRepository(tx).append(
    events.map((e): NewChange => ({
      customerId: e.customerId,
      resourceType: 'device',
      resourceId: e.device.imei,
      op: e.type === 'DeviceBound' ? 'created' : 'deleted',
      payload: e.type === 'DeviceBound' ? openDeviceOf(e.device, e.at) : null,
      occurredAt: e.at,
    })),
  );
}

type OpenChangePage = Schema<'OpenChangePage'>;
type OpenChange = Schema<'OpenChange'>;

function openChangeOf(row: ChangeRow): OpenChange {
  const change: OpenChange = {
    cursor: encodeChangeCursor(row),
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    op: row.op,
    patientId: row.customerId,
    occurredAt: openDateTime(row.occurredAt),
  };
  if (row.payload && row.resourceType === 'reading') {
    change.reading = row.payload as unknown as OpenReading;
  }
  if (row.payload && row.resourceType === 'device') {
    change.device = row.payload as unknown as OpenDevice;
  }
  return change;
}

/** The later of two positions in the feed's `(xid, id)` order (either when equal). */
function laterOf(a: ChangeCursor, b: ChangeCursor): ChangeCursor {
  const [ax, bx] = [BigInt(a.xid), BigInt(b.xid)];
  return ax < bx || (ax === bx && BigInt(a.id) < BigInt(b.id)) ? b : a;
}

/**
 * One page of the client's feed after `cursorText` (from the start when absent): at most `limit`
 * changes, the cursor to pass next, and whether more were ready. When nothing is ready the next
 * cursor is the given one, or the whole feed's retention watermark when that lies further on.
 */
export async function readChanges(
  db: Db,
  clientId: string,
  cursorText: string | undefined,
  limit: number = CHANGE_FEED_LIMITS.default,
): Promise<OpenChangePage> {
  const fromStart = cursorText === undefined || cursorText === '';
  const given = fromStart ? null : decodeChangeCursor(cursorText);
  if (!fromStart && !given) {
    throw new AppError(ErrorCodes.badRequest, OPEN_DATA_MESSAGES.badCursor);
  }
  const size = Math.min(Math.max(1, Math.trunc(limit)), CHANGE_FEED_LIMITS.max);
  // The watermark, the page and the check read one snapshot (docs/adr/0233): a deletion is either
  // wholly in it (rows gone, watermarks moved) or not at all (rows still on the page).
  return inSnapshot(db, async (tx) => {
    const repository = new ChangesRepository(tx);
    // Without a cursor the page starts at the oldest change still kept.
    const fresh = given ? null : await repository.retainedAfter();
    const after = given ?? fresh ?? CHANGE_FEED_START;
    const rows = await repository.page(clientId, FEED_SCOPE, after, size + 1);
    const { missed, retained } = given
      ? await repository.missedAfter(clientId, FEED_SCOPE, given)
      : { missed: false, retained: fresh };
    if (missed) {
      throw new AppError(CHANGE_CURSOR_EXPIRED, OPEN_DATA_MESSAGES.cursorExpired, 410);
    }
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    // Nothing the client may read was deleted after its cursor, and every change up to the
    // watermark is deleted: a quiet client moves up to it, so a patient who grants it later with
    // deleted changes behind that point does not expire its cursor.
    return {
      changes: page.map(openChangeOf),
      nextCursor: encodeChangeCursor(retained ? laterOf(last ?? after, retained) : (last ?? after)),
      hasMore: rows.length > size,
    };
  });
}
