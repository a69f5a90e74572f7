import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { MeterKind } from '@glucoguard/domain';
import { sql } from '../../../lib/db';
import { Device } from './meter.entity';

/** A stored reading that no record was made of yet (its meter was not bound). */
export interface UnattachedReading {
  imei: string;
  readingId: string;
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

  /** The meter, locked until the transaction ends (a bind waits for a batch storing its readings, and the reverse). */
  lockByImei(imei: string): Promise<Device | null> {
    return this.em.findOne(Device, { imei }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The customer's meter by IMEI or id; null when it is not theirs. */
  findOwn(customerId: string, where: { imei: string } | { id: string }): Promise<Device | null> {
    return this.em.findOne(Device, { ...where, customerId });
  }

  /** The customer's meters, newest bind first. */
  listOfCustomer(customerId: string): Promise<Device[]> {
    return this.em.find(Device, { customerId }, { orderBy: { boundAt: 'desc', id: 'desc' } });
  }

  /** The meters that have no bind code (provisioned before bind codes), in IMEI order. */
  listWithoutBindCode(): Promise<Device[]> {
    return this.em.find(Device, { bindCodeHash: null }, { orderBy: { imei: 'asc' } });
  }

  /** A new meter, stored at once. */
  async create(data: {
    imei: string;
    kind: string;
    model: string;
    iccid: string | null;
    secretHash: string;
    bindCodeHash: string;
    createdAt: Date;
  }) {
    const device = this.em.create(Device, data);
    await this.em.flush();
    return device;
  }

  /** Writes the changes made to meters this repository read (a new secret, a bind code, a name). */
  async save(): Promise<void> {
    await this.em.flush();
  }

  /** Reads the meter again, after a statement changed its row. */
  async reload(device: Device): Promise<void> {
    await this.em.refresh(device);
  }

  /** Notes when a meter signed in. */
  async touchLastSeen(id: string, now: Date): Promise<void> {
    await sql(this.em).execute('update device set last_seen_at = ? where id = ?', [now, id]);
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
      {
        imei: string;
        reading_id: string;
        kind: MeterKind;
        sugar: string | null;
        time_type: number | null;
        sbp: number | null;
        dbp: number | null;
        hr: number | null;
        measured_at: Date | string;
      }[]
    >(
      `select imei, reading_id, kind, sugar, time_type, sbp, dbp, hr, measured_at from meter_reading
        where imei = ? and record_id is null and measured_at >= ?${receivedAfter ? ' and received_at > ?' : ''}
        order by measured_at, reading_id for update`,
      [imei, measuredSince, ...(receivedAfter ? [receivedAfter] : [])],
    );
    return rows.map((r) => ({
      imei: r.imei,
      readingId: r.reading_id,
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
  async attach(
    links: readonly { imei: string; readingId: string; recordId: string; customerId: string }[],
  ): Promise<void> {
    if (links.length === 0) {
      return;
    }
    await sql(this.em).execute(
      `update meter_reading m set record_id = v.record_id, customer_id = v.customer_id
         from (values ${placeholders(links.length, ['', '', 'bigint', 'uuid'])}) as v (imei, reading_id, record_id, customer_id)
        where m.imei = v.imei and m.reading_id = v.reading_id`,
      links.flatMap((l) => [l.imei, l.readingId, l.recordId, l.customerId]),
    );
  }
}
