import type { EntityManager } from '@mikro-orm/core';
import type { MeterKind } from '@glucoguard/domain';
import { nativeQuery, sql } from '../../lib/db';
import type { NoticeRecipient } from '../follower/follower.repository';
import { Device } from './device.entity';

/** What ingestion needs to know of a meter. */
export interface DeviceRoute {
  imei: string;
  kind: MeterKind;
  customerId: string | null;
}

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

/** A stored reading that no record was made of yet (its meter was not bound). */
export interface UnattachedReading {
  id: string;
  imei: string;
  kind: MeterKind;
  sugar: number | null;
  timeType: number | null;
  sbp: number | null;
  dbp: number | null;
  hr: number | null;
  measuredAt: Date;
}

/** `(?, ?, …), (?, ?, …)` for `rows` rows of `columns` values, each cast where given. */
function placeholders(rows: number, casts: readonly string[]): string {
  const row = `(${casts.map((cast) => (cast ? `?::${cast}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** One reading of an ingestion batch, with the slot its sugar record gets (glucose only). */
export interface BatchReading {
  imei: string;
  readingId: string;
  kind: MeterKind;
  value: number | null;
  unit: string | null;
  sugar: number | null;
  timeType: number | null;
  sbp: number | null;
  dbp: number | null;
  hr: number | null;
  measuredAt: Date;
  outOfRange: string | null;
  /** The record's slot: the meter's own, else the dictionary's for the time measured. */
  recordTimeType: number | null;
}

/** What one ingestion statement did: the meters it knew, the readings it stored, who follows their owners. */
export interface BatchOutcome {
  routes: DeviceRoute[];
  stored: { imei: string; readingId: string; recordId: string | null }[];
  recipients: (NoticeRecipient & { patientId: string })[];
}

/** How long a meter's `last_seen_at` may lag behind its newest message before a batch rewrites it. */
export const LAST_SEEN_RESOLUTION_MS = 30_000;

/**
 * The whole of storing a batch of meter readings, in one statement (one round trip):
 * - `seen`: the batch's meters. `held` locks, in IMEI order and until the transaction ends, the
 *   ones this batch may write or must not race: those nobody has bound (a bind waits for this
 *   batch and then attaches its readings, or, having bound first, is seen here after the wait) and
 *   those whose last-seen time, battery or signal is due a rewrite. Its rows are the meters as
 *   they are after any wait. Every device row the statement writes is one `held` locked, so two
 *   batches always take their locks in the same order and cannot deadlock; bound meters seen
 *   recently are not locked at all, so batches of the same meters run side by side.
 * - `fresh`: the readings whose meter exists and measures their kind; a bound meter's reading gets
 *   the id of the record it becomes.
 * - `stored`: inserted unless `(imei, reading_id)` is there already (a resend), in key order, so two
 *   batches holding the same resent readings wait for each other in one order; then the sugar and
 *   pressure records of those stored, and (`touched`) the held meters' last-seen time, battery and
 *   signal when they changed or the time is older than LAST_SEEN_RESOLUTION_MS — judged on the
 *   locked row, so a meter another batch has just touched is left alone.
 * - The answer: the meters, the stored readings and the followers of their owners, as JSON.
 */
const INGEST_SQL = `
with batch as materialized (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::text[], $6::numeric[], $7::smallint[], $8::smallint[], $9::smallint[], $10::smallint[], $11::timestamptz[], $12::text[], $13::smallint[])
    as b (imei, reading_id, kind, value, unit, sugar, time_type, sbp, dbp, hr, measured_at, out_of_range, record_time_type)
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
fresh as materialized (
  select b.*, r.customer_id,
         case when r.customer_id is null then null
              when b.kind = 'glucose' then nextval('sugar_test_id_seq'::regclass)
              else nextval('blood_pressure_test_id_seq'::regclass) end as record_id
    from batch b join route r on r.imei = b.imei and r.kind = b.kind
),
stored as (
  insert into meter_reading (imei, reading_id, kind, value, unit, sugar, time_type, sbp, dbp, hr, measured_at, received_at, out_of_range, customer_id, record_id)
  select imei, reading_id, kind, value, unit, sugar, time_type, sbp, dbp, hr, measured_at, $15::timestamptz, out_of_range, customer_id, record_id from fresh
   order by imei, reading_id
  on conflict (imei, reading_id) do nothing
  returning imei, reading_id, kind, customer_id, record_id
),
sugar_records as (
  insert into sugar_test (id, customer_id, recorded_by, time_type, sugar, remark, tags, measured_at, synckey, device_imei, created_at, updated_at)
  select f.record_id, f.customer_id, f.customer_id, f.record_time_type, coalesce(f.sugar, 0), '', '[]'::jsonb, f.measured_at, null, f.imei, $15::timestamptz, $15::timestamptz
    from fresh f join stored s on s.record_id = f.record_id and s.kind = f.kind
   where f.kind = 'glucose' and f.record_id is not null
),
pressure_records as (
  insert into blood_pressure_test (id, customer_id, recorded_by, sbp, dbp, hr, remark, measured_at, synckey, device_imei, created_at, updated_at)
  select f.record_id, f.customer_id, f.customer_id, coalesce(f.sbp, 0), coalesce(f.dbp, 0), coalesce(f.hr, 0), '', f.measured_at, null, f.imei, $15::timestamptz, $15::timestamptz
    from fresh f join stored s on s.record_id = f.record_id and s.kind = f.kind
   where f.kind = 'bp' and f.record_id is not null
),
touched as (
  update device d set last_seen_at = $15::timestamptz, battery = coalesce(h.battery, d.battery), signal = coalesce(h.signal, d.signal)
    from held l join health h on h.imei = l.imei
   where d.imei = l.imei
     and (l.last_seen_at is null or l.last_seen_at < $18::timestamptz
          or (h.battery is not null and h.battery is distinct from l.battery) or (h.signal is not null and h.signal is distinct from l.signal))
)
select
  (select coalesce(json_agg(json_build_array(imei, kind, customer_id)), '[]'::json) from route) as routes,
  (select coalesce(json_agg(json_build_array(imei, reading_id, record_id::text)), '[]'::json) from stored) as stored,
  (select coalesce(json_agg(json_build_array(f.patient_id, f.follower_id, f.customer_note, c.msg_receive)), '[]'::json)
     from follow f join customer c on c.id = f.follower_id
    where f.patient_id in (select customer_id from stored where record_id is not null) and f.status = 'accepted' and f.is_receive) as recipients
`;

/**
 * Storage of meters and their readings. Ingestion writes hundreds of rows per call, so the bulk
 * paths are single SQL statements rather than entity flushes.
 */
export class DeviceRepository {
  constructor(private readonly em: EntityManager) {}

  findByImei(imei: string): Promise<Device | null> {
    return this.em.findOne(Device, { imei });
  }

  list(): Promise<Device[]> {
    return this.em.find(Device, {}, { orderBy: { id: 'asc' } });
  }

  /**
   * Stores a batch of readings from the meters `health` lists (each with the battery and signal its
   * last message reported) in one statement (INGEST_SQL); readings must be distinct by `(imei, readingId)`.
   */
  async ingest(readings: readonly BatchReading[], health: readonly { imei: string; battery: number | null; signal: number | null }[], now: Date): Promise<BatchOutcome> {
    const column = <K extends keyof BatchReading>(k: K) => readings.map((r) => r[k]);
    const [row] = await nativeQuery<{ routes: [string, MeterKind, string | null][]; stored: [string, string, string | null][]; recipients: [string, string, string | null, boolean][] }>(
      this.em,
      INGEST_SQL,
      [
        column('imei'),
        column('readingId'),
        column('kind'),
        column('value'),
        column('unit'),
        column('sugar'),
        column('timeType'),
        column('sbp'),
        column('dbp'),
        column('hr'),
        readings.map((r) => r.measuredAt.toISOString()),
        column('outOfRange'),
        column('recordTimeType'),
        health.map((h) => h.imei),
        now.toISOString(),
        health.map((h) => h.battery),
        health.map((h) => h.signal),
        new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString(),
      ],
      { name: 'meter_ingest' },
    );
    const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    return {
      routes: parse(row!.routes).map(([imei, kind, customerId]) => ({ imei, kind, customerId })),
      stored: parse(row!.stored).map(([imei, readingId, recordId]) => ({ imei, readingId, recordId })),
      recipients: parse(row!.recipients).map(([patientId, followerId, customerNote, msgReceive]) => ({ patientId, followerId, customerNote, msgReceive })),
    };
  }

  /** `count` fresh ids of a table's serial column, so rows that point at each other can be written in bulk. */
  async allocateIds(table: 'sugar_test' | 'blood_pressure_test', count: number): Promise<string[]> {
    if (count === 0) {
      return [];
    }
    const rows = await sql(this.em).execute<{ id: string }[]>(`select nextval(pg_get_serial_sequence('${table}', 'id'))::text as id from generate_series(1, ?)`, [count]);
    return rows.map((r) => r.id);
  }

  async insertSugarRecords(rows: readonly SugarRecordRow[], now: Date): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `insert into sugar_test (id, customer_id, recorded_by, time_type, sugar, remark, tags, measured_at, synckey, device_imei, created_at, updated_at)
       values ${placeholders(rows.length, ['bigint', 'uuid', 'uuid', '', '', '', 'jsonb', 'timestamptz', '', '', 'timestamptz', 'timestamptz'])}`,
      rows.flatMap((r) => [r.id, r.customerId, r.customerId, r.timeType, r.sugar, '', '[]', r.measuredAt, null, r.imei, now, now]),
    );
  }

  async insertPressureRecords(rows: readonly PressureRecordRow[], now: Date): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `insert into blood_pressure_test (id, customer_id, recorded_by, sbp, dbp, hr, remark, measured_at, synckey, device_imei, created_at, updated_at)
       values ${placeholders(rows.length, ['bigint', 'uuid', 'uuid', '', '', '', '', 'timestamptz', '', '', 'timestamptz', 'timestamptz'])}`,
      rows.flatMap((r) => [r.id, r.customerId, r.customerId, r.sbp, r.dbp, r.hr, '', r.measuredAt, null, r.imei, now, now]),
    );
  }

  /** Binds the meter to a customer unless somebody already has it; returns whether it did. */
  async bind(imei: string, customerId: string, now: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ id: string }[]>(
      'update device set customer_id = ?, bound_at = ? where imei = ? and customer_id is null returning id::text as id',
      [customerId, now, imei],
    );
    return rows.length === 1;
  }

  /** Unbinds the meter from the customer and forgets the name they gave it; returns whether it was theirs. */
  async unbind(imei: string, customerId: string, now: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ id: string }[]>(
      // The name was the previous owner's.
      'update device set customer_id = null, bound_at = null, unbound_at = ?, name = null where imei = ? and customer_id = ? returning id::text as id',
      [now, imei, customerId],
    );
    return rows.length === 1;
  }

  /**
   * Readings of the meter that became nobody's record, measured since `measuredSince` and received
   * after `receivedAfter` (the last unbind), locked until the transaction ends.
   */
  async unattached(imei: string, measuredSince: Date, receivedAfter: Date | null): Promise<UnattachedReading[]> {
    const rows = await sql(this.em).execute<
      { id: string; imei: string; kind: MeterKind; sugar: string | null; time_type: number | null; sbp: number | null; dbp: number | null; hr: number | null; measured_at: Date | string }[]
    >(
      `select id::text as id, imei, kind, sugar, time_type, sbp, dbp, hr, measured_at from meter_reading
        where imei = ? and record_id is null and measured_at >= ?${receivedAfter ? ' and received_at > ?' : ''}
        order by measured_at, id for update`,
      [imei, measuredSince, ...(receivedAfter ? [receivedAfter] : [])],
    );
    return rows.map((r) => ({
      id: r.id,
      imei: r.imei,
      kind: r.kind,
      sugar: r.sugar === null ? null : Number(r.sugar),
      timeType: r.time_type,
      sbp: r.sbp,
      dbp: r.dbp,
      hr: r.hr,
      measuredAt: toDate(r.measured_at),
    }));
  }

  /** Links stored readings to the records made of them. */
  async attach(links: readonly { readingId: string; recordId: string; customerId: string }[]): Promise<void> {
    if (links.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `update meter_reading m set record_id = v.record_id, customer_id = v.customer_id
         from (values ${placeholders(links.length, ['bigint', 'bigint', 'uuid'])}) as v (id, record_id, customer_id)
        where m.id = v.id`,
      links.flatMap((l) => [l.readingId, l.recordId, l.customerId]),
    );
  }
}
