import type { EntityManager } from '@mikro-orm/core';
import type { MeterKind, MeterReading } from '@glucoguard/domain';
import { nativeQuery, sql } from '../../../lib/db';

// Storing a meter's readings in bulk: the readings core's path for source 'meter'
// (`recordMeterBatch`, `attachMeterRecords` in recordReading.ts). Ingestion writes hundreds of
// rows per call, so these are single SQL statements with array parameters rather than entity flushes.

/** A sugar_test row a meter reading becomes, with its id allocated in advance. */
export interface SugarRecordRow {
  id: string;
  customerId: string;
  timeType: number;
  sugar: number;
  measuredAt: Date;
  imei: string;
}

/** A blood_pressure_test row a meter reading becomes, with its id allocated in advance. */
export interface PressureRecordRow {
  id: string;
  customerId: string;
  sbp: number;
  dbp: number;
  hr: number;
  measuredAt: Date;
  imei: string;
}

/** `(?, ?, …), (?, ?, …)` for `rows` rows of `columns` values, each cast where given. */
function placeholders(rows: number, casts: readonly string[]): string {
  const row = `(${casts.map((cast) => (cast ? `?::${cast}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
}

/** One reading of an ingestion batch, as the meter sent it (checked), with the slot its sugar record gets (glucose only). */
export interface BatchReading {
  imei: string;
  reading: MeterReading;
  /** The record's slot: the meter's own, else the dictionary's for the time measured. */
  recordTimeType: number | null;
}

/** What became of one reading of a batch. */
export type BatchReadingResult =
  /** Stored now; with the record it became when its meter is bound. */
  | { status: 'stored'; recordId: string | null; customerId: string | null }
  /** Stored before (a resend). */
  | { status: 'duplicate' }
  /** No such meter. */
  | { status: 'unknownMeter' }
  /** The meter measures the other kind. */
  | { status: 'otherKind'; meterKind: MeterKind };

/** How long a meter's `last_seen_at` may lag behind its newest message before a batch rewrites it. */
export const LAST_SEEN_RESOLUTION_MS = 30_000;

/**
 * A PostgreSQL array literal of the values, or null when every value is null (`unnest` pads a
 * missing array with nulls, so a batch of glucose readings sends no pressure columns at all).
 * Built here rather than by node-postgres, whose generic serialisation of a parameter array costs
 * a type check, a string conversion and two regular expressions per element: numbers go as they
 * print, and text is quoted with its quotes and backslashes escaped.
 */
function arrayLiteral(values: readonly (string | number | null)[]): string | null {
  let literal = '';
  let any = false;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) {
      literal += ',';
    }
    if (value === null || value === undefined) {
      literal += 'NULL';
    } else if (typeof value === 'number') {
      any = true;
      literal += String(value);
    } else {
      any = true;
      literal += `"${/["\\]/.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
    }
  }
  return any ? `{${literal}}` : null;
}

/**
 * The whole of storing a batch of meter readings, in one statement (one round trip):
 * - `seen`: the batch's meters. `held` locks, in IMEI order and until the transaction ends, the
 *   ones this batch may write or must not race: those nobody has bound (a bind waits for this
 *   batch and then attaches its readings, or, having bound first, is seen here after the wait) and
 *   those whose last-seen time, battery or signal is due a rewrite. Its rows are the meters as
 *   they are after any wait. Every device row the statement writes is one `held` locked, so two
 *   batches always take their locks in the same order and cannot deadlock; bound meters seen
 *   recently are not locked at all, so batches of the same meters run side by side.
 * - `judged`: every reading with its meter's kind and owner; one whose meter exists and measures
 *   its kind (`fresh`) and is a bound meter's gets the id of the record it would become.
 * - `stored`: the fresh readings, inserted unless `(imei, reading_id)` is there already (a resend),
 *   in key order, so two batches holding the same resent readings wait for each other in one order.
 * - the sugar and pressure records of the readings stored: those of `judged` whose record id the
 *   insert returned. The ids are gathered once into an array and each candidate is looked up in
 *   it, rather than joining `judged` to `stored`: both are estimated at a row or so, so a join
 *   became a nested loop rescanning `stored` for every reading — quadratic in the batch size, and
 *   a quarter of the statement's time at a hundred readings. `touched`: the held meters' last-seen
 *   time, battery and signal when they changed or the time is older than LAST_SEEN_RESOLUTION_MS
 *   — judged on the locked row, so a meter another batch has just touched is left alone.
 * - The answer, as text rather than JSON: each reading's result in batch order (`recordId/customerId`
 *   or `+` for a fresh reading, `?` unknown meter, `!kind` the meter measures that kind); the batch
 *   positions of fresh readings that were stored already, only when the insert stored fewer than
 *   it was given (the duplicate check is a join, but runs only for a batch with resends).
 */
const METER_BATCH_SQL = `
with batch as materialized (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::text[], $6::numeric[], $7::smallint[], $8::smallint[], $9::smallint[], $10::smallint[], $11::timestamptz[], $12::text[], $13::smallint[])
    with ordinality as b (imei, reading_id, kind, value, unit, sugar, time_type, sbp, dbp, hr, measured_at, out_of_range, record_time_type, n)
),
health as materialized (
  select * from unnest($14::text[], $16::smallint[], $17::smallint[]) as h (imei, battery, signal)
),
seen as materialized (
  select imei, kind, customer_id, last_seen_at, battery, signal from device where imei = any($14::text[])
),
held as materialized (
  select d.imei, d.customer_id, d.last_seen_at, d.battery, d.signal from device d
   where d.imei in (
     select s.imei from seen s join health h on h.imei = s.imei
      where s.customer_id is null or s.last_seen_at is null or s.last_seen_at < $18::timestamptz
         or (h.battery is not null and h.battery is distinct from s.battery) or (h.signal is not null and h.signal is distinct from s.signal))
   order by d.imei for no key update
),
route as materialized (
  select s.imei, s.kind, case when h.imei is null then s.customer_id else h.customer_id end as customer_id
    from seen s left join held h on h.imei = s.imei
),
judged as materialized (
  select j.*,
         case when j.fresh and j.customer_id is not null then
           case when j.kind = 'glucose' then nextval('sugar_test_id_seq'::regclass) else nextval('blood_pressure_test_id_seq'::regclass) end
         end as record_id
    from (select b.*, r.kind as meter_kind, r.customer_id, coalesce(r.kind = b.kind, false) as fresh
            from batch b left join route r on r.imei = b.imei
          offset 0) j
),
stored as (
  insert into meter_reading (imei, reading_id, kind, value, unit, sugar, time_type, sbp, dbp, hr, measured_at, received_at, out_of_range, customer_id, record_id)
  select imei, reading_id, kind, value, unit, sugar, time_type, sbp, dbp, hr, measured_at, $15::timestamptz, out_of_range, customer_id, record_id from judged
   where fresh
   order by imei collate "C", reading_id collate "C"
  on conflict (imei, reading_id) do nothing
  returning imei, reading_id, kind, customer_id, record_id
),
sugar_records as (
  insert into sugar_test (id, customer_id, recorded_by, time_type, sugar, remark, tags, measured_at, synckey, device_imei, created_at, updated_at)
  select record_id, customer_id, customer_id, record_time_type, coalesce(sugar, 0), '', '[]'::jsonb, measured_at, null, imei, $15::timestamptz, $15::timestamptz
    from judged where kind = 'glucose' and record_id = any (array(select record_id from stored where kind = 'glucose' and record_id is not null))
),
pressure_records as (
  insert into blood_pressure_test (id, customer_id, recorded_by, sbp, dbp, hr, remark, measured_at, synckey, device_imei, created_at, updated_at)
  select record_id, customer_id, customer_id, coalesce(sbp, 0), coalesce(dbp, 0), coalesce(hr, 0), '', measured_at, null, imei, $15::timestamptz, $15::timestamptz
    from judged where kind = 'bp' and record_id = any (array(select record_id from stored where kind = 'bp' and record_id is not null))
),
touched as (
  update device d set last_seen_at = $15::timestamptz, battery = coalesce(h.battery, d.battery), signal = coalesce(h.signal, d.signal)
    from held l join health h on h.imei = l.imei
   where d.imei = l.imei
     and (l.last_seen_at is null or l.last_seen_at < $18::timestamptz
          or (h.battery is not null and h.battery is distinct from l.battery) or (h.signal is not null and h.signal is distinct from l.signal))
)
select
  (select string_agg(case when fresh then coalesce(record_id::text || '/' || customer_id::text, '+')
                          when meter_kind is null then '?'
                          when meter_kind <> kind then '!' || meter_kind
                          else '=' end, ',' order by n) from judged) as results,
  case when (select count(*) from stored) < (select count(*) from judged where fresh) then
    (select string_agg(j.n::text, ',') from judged j where j.fresh and not exists (select from stored s where s.imei = j.imei and s.reading_id = j.reading_id))
  end as duplicates
`;

/** A reading's result as METER_BATCH_SQL answers it (a fresh one as stored: the duplicates are listed apart). */
function resultOf(code: string): BatchReadingResult {
  if (code === '+') {
    return { status: 'stored', recordId: null, customerId: null };
  }
  if (code === '?') {
    return { status: 'unknownMeter' };
  }
  if (code.startsWith('!')) {
    return { status: 'otherKind', meterKind: code.slice(1) as MeterKind };
  }
  const slash = code.indexOf('/');
  return { status: 'stored', recordId: code.slice(0, slash), customerId: code.slice(slash + 1) };
}

/** Storage of meter readings and the glucose and pressure records they become. */
export class MeterBatchRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores a batch of readings from the meters `health` lists (each with the battery and signal its
   * last message reported) in one statement (METER_BATCH_SQL); readings must be distinct by `(imei, reading.id)`.
   */
  async ingest(
    readings: readonly BatchReading[],
    health: readonly { imei: string; battery: number | null; signal: number | null }[],
    now: Date,
  ): Promise<BatchReadingResult[]> {
    const n = readings.length;
    const columns = Array.from({ length: 13 }, () => new Array<string | number | null>(n));
    for (let i = 0; i < n; i += 1) {
      const { imei, reading, recordTimeType } = readings[i]!;
      const glucose = reading.kind === 'glucose' ? reading : null;
      const bp = reading.kind === 'bp' ? reading : null;
      columns[0]![i] = imei;
      columns[1]![i] = reading.id;
      columns[2]![i] = reading.kind;
      columns[3]![i] = glucose ? glucose.rawValue : null;
      columns[4]![i] = glucose ? glucose.unit : null;
      columns[5]![i] = glucose ? glucose.sugar : null;
      columns[6]![i] = glucose ? glucose.timeType : null;
      columns[7]![i] = bp ? bp.sbp : null;
      columns[8]![i] = bp ? bp.dbp : null;
      columns[9]![i] = bp ? bp.hr : null;
      columns[10]![i] = reading.measuredAt.toISOString();
      columns[11]![i] = reading.outOfRange;
      columns[12]![i] = glucose ? recordTimeType : null;
    }
    const [row] = await nativeQuery<{
      results: string | null;
      duplicates: string | null;
    }>(
      this.em,
      METER_BATCH_SQL,
      [
        ...columns.map(arrayLiteral),
        arrayLiteral(health.map((h) => h.imei)),
        now.toISOString(),
        arrayLiteral(health.map((h) => h.battery)),
        arrayLiteral(health.map((h) => h.signal)),
        new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString(),
      ],
      { name: 'meter_batch' },
    );
    const codes = row!.results === null ? [] : row!.results.split(',');
    if (codes.length !== n) {
      throw new Error(`the meter batch statement answered ${codes.length} results for ${n} readings`);
    }
    const results = codes.map(resultOf);
    // Batch positions count from 1.
    for (const position of row!.duplicates?.split(',') ?? []) {
      results[Number(position) - 1] = { status: 'duplicate' };
    }
    return results;
  }

  /** `count` fresh ids of a table's serial column, so rows that point at each other can be written in bulk. */
  async allocateIds(table: 'sugar_test' | 'blood_pressure_test', count: number): Promise<string[]> {
    if (count === 0) {
      return [];
    }
    const rows = await sql(this.em).execute<{ id: string }[]>(
      `select nextval(pg_get_serial_sequence('${table}', 'id'))::text as id from generate_series(1, ?)`,
      [count],
    );
    return rows.map((r) => r.id);
  }

  async insertSugarRecords(rows: readonly SugarRecordRow[], now: Date): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `insert into sugar_test (id, customer_id, recorded_by, time_type, sugar, remark, tags, measured_at, synckey, device_imei, created_at, updated_at)
       values ${placeholders(rows.length, ['bigint', 'uuid', 'uuid', '', '', '', 'jsonb', 'timestamptz', '', '', 'timestamptz', 'timestamptz'])}`,
      rows.flatMap((r) => [
        r.id,
        r.customerId,
        r.customerId,
        r.timeType,
        r.sugar,
        '',
        '[]',
        r.measuredAt,
        null,
        r.imei,
        now,
        now,
      ]),
    );
  }

  async insertPressureRecords(rows: readonly PressureRecordRow[], now: Date): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `insert into blood_pressure_test (id, customer_id, recorded_by, sbp, dbp, hr, remark, measured_at, synckey, device_imei, created_at, updated_at)
       values ${placeholders(rows.length, ['bigint', 'uuid', 'uuid', '', '', '', '', 'timestamptz', '', '', 'timestamptz', 'timestamptz'])}`,
      rows.flatMap((r) => [
        r.id,
        r.customerId,
        r.customerId,
        r.sbp,
        r.dbp,
        r.hr,
        '',
        r.measuredAt,
        null,
        r.imei,
        now,
        now,
      ]),
    );
  }
}
