import { readingDeletion, READING_DELETE_MESSAGES, type MeterKind } from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import {
  MeterBatchRepository,
  type BatchReading,
  type BatchReadingResult,
  type PressureRecordRow,
  type SugarRecordRow,
} from './meterBatch.repository';
import {
  readingEvents,
  type AfterCommit,
  type ReadingKind,
  type ReadingRecorded,
  type ReadingSource,
  type ReadingUpdated,
  type RecordedReading,
} from './readings.events';
import { isDuplicateKey, ReadingsRepository, type NewReadingRow, type ReadingRow } from './readings.repository';

/*
 * "A reading was recorded" — the one path, top to bottom (docs/adr/0010).
 *
 *   glucose / pressure / lab / weight services        devices (meter ingestion, bind)
 *     check the input (domain rules), and for a          parse and check the meter's payload
 *     relative `readingOwner` (actingFor.ts)                 │
 *                 │                                          │
 *           recordReading(db, kind, row, who)       recordMeterBatch / attachMeterRecords
 *                 └──────────────┬───────────────────────────┘
 *                one transaction: store the row(s) (ReadingsRepository / MeterBatchRepository)
 *                                │
 *                publish ReadingRecorded on `readingEvents`, in that transaction:
 *                  - social/notice  tells the patient's followers (and queues their push)
 *                  - engagement/points  pays the reading's points (own and meter readings)
 *                  - (feed posts are the readings themselves: nothing to write)
 *                                │
 *                commit; then whatever the subscribers left for after the commit
 *
 *   deleteReading(db, kind, id, callerId): owner only, never a meter's; removes the row and
 *   publishes ReadingDeleted in the same transaction (notices withdrawn, the feed post's likes
 *   and comments removed; points paid stay paid).
 *
 * The subscribers are registered in apps/api/src/composition.ts. Nothing here knows them.
 */

/** Who a reading is for and who put it in. */
export interface Recorder {
  /** The patient whose reading it is. */
  customerId: string;
  /** Who typed it in: the patient or a relative acting for them (`readingOwner`). */
  recordedBy: string;
  source: Extract<ReadingSource, 'self' | 'relative'>;
}

/** Runs `work` in one transaction, then what its subscribers left for after the commit. */
async function committed<T>(db: Db, work: (tx: Db, after: AfterCommit[]) => Promise<T>): Promise<T> {
  const after: AfterCommit[] = [];
  const result = await inTransaction(db, (tx) => work(tx, after));
  after.forEach((then) => then());
  return result;
}

/** The event's view of a stored row. */
function recorded<K extends ReadingKind>(kind: K, row: ReadingRow<K>): RecordedReading {
  const r = row as ReadingRow<ReadingKind> & Record<string, unknown>;
  const base = { id: r.id, measuredAt: r.measuredAt };
  switch (kind) {
    case 'glucose':
      return { kind, ...base, sugar: Number(r.sugar), timeType: Number(r.timeType) };
    case 'pressure':
      return { kind, ...base, sbp: Number(r.sbp), dbp: Number(r.dbp), hr: Number(r.hr) };
    case 'ketone':
      return { kind, ...base, ketone: Number(r.ketone) };
    case 'uricAcid':
      return { kind, ...base, urine: Number(r.urine) };
    case 'weight':
      return { kind, ...base, weightKg: Number(r.weightKg), heightCm: Number(r.heightCm), bmi: Number(r.bmi) };
    default:
      throw new Error(`unknown reading kind ${String(kind)}`);
  }
}

/**
 * Stores one reading typed into a form and publishes ReadingRecorded, in one transaction (joining
 * the caller's when `db` is one). Answers the stored reading, or null when its synckey was stored
 * at the same moment by another save (the caller answers that one instead).
 */
export async function recordReading<K extends ReadingKind>(
  db: Db,
  kind: K,
  row: NewReadingRow<K>,
  who: Recorder,
  now: Date,
): Promise<ReadingRow<K> | null> {
  try {
    return await committed(db, async (tx, after) => {
      const reading = await new ReadingsRepository(tx).insert(kind, row);
      const event: ReadingRecorded = { type: 'ReadingRecorded', reading: recorded(kind, reading), ...who, at: now };
      after.push(...(await readingEvents.publish(tx, 'ReadingRecorded', [event])));
      return reading;
    });
  } catch (error) {
    if (isDuplicateKey(error) && (row as { synckey?: string | null }).synckey) {
      new ReadingsRepository(db).forget();
      return null;
    }
    throw error;
  }
}

/**
 * One of the caller's readings of `kind`, to be changed: the same ownership rule as deleting
 * (domain `readingDeletion`): another user's answers exactly like a missing one (40400), a meter's
 * is read-only (40300).
 */
export async function readingToChange<K extends ReadingKind>(
  db: Db,
  kind: K,
  readingId: string,
  callerId: string,
): Promise<ReadingRow<K>> {
  const reading = await new ReadingsRepository(db).find(kind, readingId);
  const verdict = readingDeletion(reading, callerId);
  if (verdict === 'gone' || !reading) {
    throw new AppError(ErrorCodes.notFound, READING_DELETE_MESSAGES.gone, 404);
  }
  if (verdict === 'meter') {
    throw forbidden(READING_DELETE_MESSAGES.meterNotEditable);
  }
  return reading;
}

/**
 * Changes a stored reading (the edit forms) and publishes ReadingUpdated with the reading as it now
 * is, in one transaction (joining the caller's when `db` is one): the open platform's change feed
 * and webhooks hear it (issue 23).
 */
export async function changeReading<K extends ReadingKind>(
  db: Db,
  kind: K,
  reading: ReadingRow<K>,
  changes: Partial<NewReadingRow<K>>,
  now: Date,
): Promise<void> {
  await committed(db, async (tx, after) => {
    await new ReadingsRepository(tx).update(reading, changes);
    const row = reading as ReadingRow<K> & { customerId: string; recordedBy?: string | null };
    const event: ReadingUpdated = {
      type: 'ReadingUpdated',
      reading: recorded(kind, reading),
      customerId: row.customerId,
      source: row.recordedBy && row.recordedBy !== row.customerId ? 'relative' : 'self',
      at: now,
    };
    after.push(...(await readingEvents.publish(tx, 'ReadingUpdated', [event])));
  });
}

/** The meter reading a glucose or pressure record was made of, as the event tells it. */
function meterRecorded(
  record: { sugar?: SugarRecordRow; pressure?: PressureRecordRow },
  readingId: string,
  now: Date,
  backfill: boolean,
): ReadingRecorded {
  const { sugar, pressure } = record;
  const row = (sugar ?? pressure)!;
  const reading: RecordedReading = sugar
    ? { kind: 'glucose', id: sugar.id, measuredAt: sugar.measuredAt, sugar: sugar.sugar, timeType: sugar.timeType }
    : {
        kind: 'pressure',
        id: row.id,
        measuredAt: row.measuredAt,
        sbp: pressure!.sbp,
        dbp: pressure!.dbp,
        hr: pressure!.hr,
      };
  return {
    type: 'ReadingRecorded',
    reading,
    customerId: row.customerId,
    recordedBy: row.customerId,
    source: 'meter',
    at: now,
    meter: { imei: row.imei, readingId, backfill },
  };
}

/**
 * Stores a batch of meter readings in one transaction and one statement (MeterBatchRepository):
 * each reading exactly once by `(imei, reading.id)`, a bound meter's new ones also as the owner's
 * glucose or pressure records, the meters' last-seen time, battery and signal. Publishes one
 * ReadingRecorded per new record, all in one publication. Answers each reading's result, in order.
 */
export async function recordMeterBatch(
  db: Db,
  readings: readonly BatchReading[],
  health: readonly { imei: string; battery: number | null; signal: number | null }[],
  now: Date,
): Promise<BatchReadingResult[]> {
  return committed(db, async (tx, after) => {
    const results = await new MeterBatchRepository(tx).ingest(readings, health, now);
    const events: ReadingRecorded[] = [];
    results.forEach((result, i) => {
      if (result.status === 'stored' && result.recordId !== null && result.customerId !== null) {
        const { imei, reading, recordTimeType } = readings[i]!;
        const record =
          reading.kind === 'glucose'
            ? {
                sugar: {
                  id: result.recordId,
                  customerId: result.customerId,
                  timeType: recordTimeType ?? 1,
                  sugar: reading.sugar,
                  measuredAt: reading.measuredAt,
                  imei,
                },
              }
            : {
                pressure: {
                  id: result.recordId,
                  customerId: result.customerId,
                  sbp: reading.sbp,
                  dbp: reading.dbp,
                  hr: reading.hr,
                  measuredAt: reading.measuredAt,
                  imei,
                },
              };
        events.push(meterRecorded(record, reading.id, now, false));
      }
    });
    after.push(...(await readingEvents.publish(tx, 'ReadingRecorded', events)));
    return results;
  });
}

/** A meter reading stored while its meter was unbound, to become the new owner's record. */
export interface UnattachedMeterReading {
  imei: string;
  readingId: string;
  kind: MeterKind;
  measuredAt: Date;
  sugar: number | null;
  /** The record's slot (the meter's, else the dictionary's for the time measured). */
  timeType: number;
  sbp: number | null;
  dbp: number | null;
  hr: number | null;
}

/**
 * Makes the customer's glucose and pressure records of a newly bound meter's earlier readings, in
 * the caller's transaction (the bind's), and publishes them as ReadingRecorded with `backfill`
 * (notices and points skip a backfill, as they always have). Answers each reading's record id, in order.
 */
export async function attachMeterRecords(
  tx: Db,
  readings: readonly UnattachedMeterReading[],
  customerId: string,
  now: Date,
): Promise<string[]> {
  if (readings.length === 0) {
    return [];
  }
  const repo = new MeterBatchRepository(tx);
  const sugarIds = await repo.allocateIds('sugar_test', readings.filter((r) => r.kind === 'glucose').length);
  const pressureIds = await repo.allocateIds('blood_pressure_test', readings.filter((r) => r.kind === 'bp').length);
  const records = readings.map((r) =>
    r.kind === 'glucose'
      ? {
          sugar: {
            id: sugarIds.shift()!,
            customerId,
            timeType: r.timeType,
            sugar: r.sugar ?? 0,
            measuredAt: r.measuredAt,
            imei: r.imei,
          },
        }
      : {
          pressure: {
            id: pressureIds.shift()!,
            customerId,
            sbp: r.sbp ?? 0,
            dbp: r.dbp ?? 0,
            hr: r.hr ?? 0,
            measuredAt: r.measuredAt,
            imei: r.imei,
          },
        },
  );
  await repo.insertSugarRecords(
    records.flatMap((r) => (r.sugar ? [r.sugar] : [])),
    now,
  );
  await repo.insertPressureRecords(
    records.flatMap((r) => (r.pressure ? [r.pressure] : [])),
    now,
  );
  await readingEvents.publish(
    tx,
    'ReadingRecorded',
    records.map((record, i) => meterRecorded(record, readings[i]!.readingId, now, true)),
  );
  return records.map((r) => (r.sugar ?? r.pressure).id);
}

/**
 * Deletes one of the caller's readings of `kind`, the same way for every kind: only its owner may
 * (domain `readingDeletion`; another user's answers exactly like a missing one, 40400), a meter's
 * never (40300); the row goes outright, so every read statement stays as it is. Publishes
 * ReadingDeleted in the same transaction (joining the caller's when `db` is one).
 */
export async function deleteReading(db: Db, kind: ReadingKind, readingId: string, callerId: string): Promise<void> {
  await committed(db, async (tx, after) => {
    const repo = new ReadingsRepository(tx);
    const reading = await repo.find(kind, readingId);
    const verdict = readingDeletion(reading, callerId);
    if (verdict === 'gone' || !reading) {
      throw new AppError(ErrorCodes.notFound, READING_DELETE_MESSAGES.gone, 404);
    }
    if (verdict === 'meter') {
      throw forbidden(READING_DELETE_MESSAGES.meterReadOnly);
    }
    await repo.remove(reading);
    after.push(
      ...(await readingEvents.publish(tx, 'ReadingDeleted', [
        { type: 'ReadingDeleted', kind, readingId: reading.id, customerId: reading.customerId },
      ])),
    );
  });
}
