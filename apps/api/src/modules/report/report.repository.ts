import type { EntityManager } from '@mikro-orm/core';
import type { ReportBpReading, ReportSugarReading } from '@glucoguard/domain';
import { sql } from '../../lib/db';
import type { SugarTag } from '../sugar/sugar.entity';

/** How many readings of one type a customer has on each China day. */
export interface DayCount {
  day: string;
  count: number;
}

const CHINA_TIME = `to_char(measured_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const EPOCH_MS = `(extract(epoch from measured_at) * 1000)::bigint`;

/**
 * The reports' reads: plain rows, no entities (a month of readings is hundreds of rows), with China
 * time formatted by the database, always filtered by the caller's own customer id.
 */
export class ReportRepository {
  constructor(private readonly em: EntityManager) {}

  /** Sugar readings of [start, end), oldest first, with remark and tags for the remark analysis. */
  async sugarReadings(customerId: string, start: Date, end: Date): Promise<ReportSugarReading[]> {
    const rows = await sql(this.em).execute<{ time_type: number; sugar: string; remark: string; tags: SugarTag[] | string | null; time: string; ms: string | number }[]>(
      `select time_type, sugar, remark, tags, ${CHINA_TIME} as time, ${EPOCH_MS} as ms
         from sugar_test
        where customer_id = ? and measured_at >= ? and measured_at < ?
        order by measured_at, id`,
      [customerId, start, end],
    );
    return rows.map((r) => ({
      timeType: r.time_type,
      sugar: Number(r.sugar),
      remark: r.remark,
      tags: (typeof r.tags === 'string' ? (JSON.parse(r.tags) as SugarTag[]) : (r.tags ?? [])).map((t) => ({ typeCode: t.typeCode, itemKey: t.itemKey })),
      time: r.time,
      at: Number(r.ms),
    }));
  }

  /** Pressure readings of [start, end), oldest first. */
  async pressureReadings(customerId: string, start: Date, end: Date): Promise<ReportBpReading[]> {
    const rows = await sql(this.em).execute<{ sbp: number; dbp: number; hr: number; time: string; ms: string | number }[]>(
      `select sbp, dbp, hr, ${CHINA_TIME} as time, ${EPOCH_MS} as ms
         from blood_pressure_test
        where customer_id = ? and measured_at >= ? and measured_at < ?
        order by measured_at, id`,
      [customerId, start, end],
    );
    return rows.map((r) => ({ sbp: r.sbp, dbp: r.dbp, hr: r.hr, time: r.time, at: Number(r.ms) }));
  }

  /** Readings per China day in [start, end), counted in the database. */
  async dayCounts(table: 'sugar' | 'pressure', customerId: string, start: Date, end: Date): Promise<DayCount[]> {
    const name = table === 'sugar' ? 'sugar_test' : 'blood_pressure_test';
    const rows = await sql(this.em).execute<{ day: string; n: string | number }[]>(
      `select to_char(measured_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*) as n
         from ${name}
        where customer_id = ? and measured_at >= ? and measured_at < ?
        group by 1`,
      [customerId, start, end],
    );
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  }
}
