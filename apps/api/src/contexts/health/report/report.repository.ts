import type { EntityManager } from '@mikro-orm/core';
import type { ReportBpReading, ReportSugarReading } from '@glucoguard/domain';
import { nativeQuery } from '../../../lib/db';
import type { SugarTag } from '../readings/glucose.entity';

/** How many readings of one type a customer has on each China day. */
export interface DayCount {
  day: string;
  count: number;
}

const CHINA_TIME = `to_char(measured_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const EPOCH_MS = `(extract(epoch from measured_at) * 1000)::bigint`;
const NO_TAGS: ReportSugarReading['tags'] = Object.freeze([]);

/** A sugar report's readings of customer $1 in [$2, $3), oldest first (the bench runs this very text). */
export const REPORT_SUGAR_READINGS_SQL = `select time_type, sugar, remark, tags, ${CHINA_TIME} as time, ${EPOCH_MS} as ms
         from sugar_test
        where customer_id = $1 and measured_at >= $2 and measured_at < $3
        order by measured_at, id`;

/**
 * The reports' reads: plain rows, no entities (a month of readings is hundreds of rows), with China
 * time formatted by the database, always filtered by the caller's own customer id.
 */
export class ReportRepository {
  constructor(private readonly em: EntityManager) {}

  /** Sugar readings of [start, end), oldest first, with remark and tags for the remark analysis. */
  async sugarReadings(customerId: string, start: Date, end: Date): Promise<ReportSugarReading[]> {
    const rows = await nativeQuery<{
      time_type: number;
      sugar: string;
      remark: string;
      tags: SugarTag[] | string | null;
      time: string;
      ms: string | number;
    }>(this.em, REPORT_SUGAR_READINGS_SQL, [customerId, start, end]);
    return rows.map((r) => {
      const tags = typeof r.tags === 'string' ? (JSON.parse(r.tags) as SugarTag[]) : (r.tags ?? []);
      return {
        timeType: r.time_type,
        sugar: Number(r.sugar),
        remark: r.remark,
        // Most readings carry no tags: they share one empty list.
        tags: tags.length === 0 ? NO_TAGS : tags.map((t) => ({ typeCode: t.typeCode, itemKey: t.itemKey })),
        time: r.time,
        at: Number(r.ms),
      };
    });
  }

  /** Pressure readings of [start, end), oldest first. */
  async pressureReadings(customerId: string, start: Date, end: Date): Promise<ReportBpReading[]> {
    const rows = await nativeQuery<{ sbp: number; dbp: number; hr: number; time: string; ms: string | number }>(
      this.em,
      `select sbp, dbp, hr, ${CHINA_TIME} as time, ${EPOCH_MS} as ms
         from blood_pressure_test
        where customer_id = $1 and measured_at >= $2 and measured_at < $3
        order by measured_at, id`,
      [customerId, start, end],
    );
    return rows.map((r) => ({ sbp: r.sbp, dbp: r.dbp, hr: r.hr, time: r.time, at: Number(r.ms) }));
  }

  /** Readings per China day in [start, end), counted in the database. */
  async dayCounts(table: 'sugar' | 'pressure', customerId: string, start: Date, end: Date): Promise<DayCount[]> {
    const name = table === 'sugar' ? 'sugar_test' : 'blood_pressure_test';
    const rows = await nativeQuery<{ day: string; n: string | number }>(
      this.em,
      `select to_char(measured_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*) as n
         from ${name}
        where customer_id = $1 and measured_at >= $2 and measured_at < $3
        group by 1`,
      [customerId, start, end],
    );
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  }
}
