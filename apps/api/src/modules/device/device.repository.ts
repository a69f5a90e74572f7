import type { EntityManager } from '@mikro-orm/core';
import type { MeterKind } from '@glucoguard/domain';
import { sql } from '../../lib/db';
import { Device } from './device.entity';

/** What ingestion needs to know of a meter. */
export interface DeviceRoute {
  imei: string;
  kind: MeterKind;
  customerId: string | null;
}

/** A meter_reading row to insert; the record fields are set when the meter is bound. */
export interface MeterReadingRow {
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
  receivedAt: Date;
  outOfRange: string | null;
  customerId: string | null;
  recordId: string | null;
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

const READING_COLUMNS = [
  'imei',
  'reading_id',
  'kind',
  'value',
  'unit',
  'sugar',
  'time_type',
  'sbp',
  'dbp',
  'hr',
  'measured_at',
  'received_at',
  'out_of_range',
  'customer_id',
  'record_id',
] as const;

/** `(?, ?, …), (?, ?, …)` for `rows` rows of `columns` values, each cast where given. */
function placeholders(rows: number, casts: readonly string[]): string {
  const row = `(${casts.map((cast) => (cast ? `?::${cast}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

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

  /** The meters of `imeis` that exist, their rows locked in IMEI order until the transaction ends. */
  async routes(imeis: readonly string[]): Promise<Map<string, DeviceRoute>> {
    if (imeis.length === 0) {
      return new Map();
    }
    const rows = await sql(this.em).execute<{ imei: string; kind: MeterKind; customer_id: string | null }[]>(
      `select imei, kind, customer_id from device where imei in (${imeis.map(() => '?').join(', ')}) order by imei for no key update`,
      [...imeis],
    );
    return new Map(rows.map((r) => [r.imei, { imei: r.imei, kind: r.kind, customerId: r.customer_id }]));
  }

  /** `count` fresh ids of a table's serial column, so rows that point at each other can be written in bulk. */
  async allocateIds(table: 'sugar_test' | 'blood_pressure_test', count: number): Promise<string[]> {
    if (count === 0) {
      return [];
    }
    const rows = await sql(this.em).execute<{ id: string }[]>(`select nextval(pg_get_serial_sequence('${table}', 'id'))::text as id from generate_series(1, ?)`, [count]);
    return rows.map((r) => r.id);
  }

  /** Inserts the readings that are new; returns the `imei|readingId` keys of those it inserted. */
  async insertReadings(rows: readonly MeterReadingRow[]): Promise<Set<string>> {
    if (rows.length === 0) {
      return new Set();
    }
    const casts = ['', '', '', '', '', '', '', '', '', '', 'timestamptz', 'timestamptz', '', 'uuid', 'bigint'];
    const inserted = await sql(this.em).execute<{ imei: string; reading_id: string }[]>(
      `insert into meter_reading (${READING_COLUMNS.join(', ')}) values ${placeholders(rows.length, casts)}
       on conflict (imei, reading_id) do nothing returning imei, reading_id`,
      rows.flatMap((r) => [r.imei, r.readingId, r.kind, r.value, r.unit, r.sugar, r.timeType, r.sbp, r.dbp, r.hr, r.measuredAt, r.receivedAt, r.outOfRange, r.customerId, r.recordId]),
    );
    return new Set(inserted.map((r) => `${r.imei}|${r.reading_id}`));
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

  /** Marks meters as seen now, with the battery and signal they reported (null keeps the last known). */
  async touch(updates: readonly { imei: string; battery: number | null; signal: number | null }[], now: Date): Promise<void> {
    if (updates.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `update device d set last_seen_at = v.seen, battery = coalesce(v.battery, d.battery), signal = coalesce(v.signal, d.signal)
         from (values ${placeholders(updates.length, ['text', 'timestamptz', 'smallint', 'smallint'])}) as v (imei, seen, battery, signal)
        where d.imei = v.imei`,
      updates.flatMap((u) => [u.imei, now, u.battery, u.signal]),
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
