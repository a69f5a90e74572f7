import type { EntityManager } from '@mikro-orm/core';
import { nativeQuery } from '../../../lib/db';
import { SugarObjective, SugarSlot } from './glucoseSlot.entity';
import { SugarTest } from '../readings/glucose.entity';

/** A reading as the read-heavy queries need it: no entity, China time already formatted by the database. */
export interface LeanReading {
  timeType: number;
  sugar: number;
  /** China wall-clock time, yyyy-MM-dd HH:mm:ss. */
  time: string;
}

/** A slot of the sugar dictionary as plain data. */
export type SlotRow = Pick<
  SugarSlot,
  'timeType' | 'name' | 'code' | 'startTime' | 'endTime' | 'minValue' | 'lowValue' | 'highValue' | 'maxValue'
>;
/** A customer's own thresholds for one slot. */
export type ObjectiveRow = Pick<SugarObjective, 'timeType' | 'minValue' | 'lowValue' | 'highValue' | 'maxValue'>;

/** One cell of the day table: a China day, a slot, how many readings and the latest value. */
export interface DayCell {
  day: string;
  timeType: number;
  count: number;
  latest: number;
}

// The read-heavy statements, exported so the bench (bench/sugar.bench.ts) runs the very same text.
// Parameters are bound ($1 …), not written into the text.

/** Slot dictionary and the customer's ($1) own targets: one row per slot, target columns null where none is set. */
export const SLOT_THRESHOLDS_SQL = `select s.time_type as "timeType", s.name, s.code, s.start_time as "startTime", s.end_time as "endTime",
              s.min_value as "minValue", s.low_value as "lowValue", s.high_value as "highValue", s.max_value as "maxValue",
              o.min_value as o_min, o.low_value as o_low, o.high_value as o_high, o.max_value as o_max
         from sugar_slot s left join sugar_objective o on o.time_type = s.time_type and o.customer_id = $1
        order by s.time_type`;

/** Readings of customer $1 in [$2, $3), China time formatted; with `timeTypes` > 0, only time types $4 …. */
export function leanReadingsSql(timeTypes: number): string {
  const slotFilter =
    timeTypes > 0 ? ` and time_type in (${Array.from({ length: timeTypes }, (_, i) => `$${i + 4}`).join(', ')})` : '';
  return `select time_type, sugar, to_char(measured_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as time
         from sugar_test
        where customer_id = $1 and measured_at >= $2 and measured_at < $3${slotFilter}
        order by measured_at, id`;
}

/** The day table's cells of customer $1 in [$2, $3): readings per China day and slot, with the latest value. */
export const DAY_CELLS_SQL = `select to_char(measured_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, time_type, count(*) as n,
              (array_agg(sugar order by measured_at desc, id desc))[1] as latest
         from sugar_test
        where customer_id = $1 and measured_at >= $2 and measured_at < $3
        group by 1, 2`;

/** Storage of readings, the slot dictionary and the customers' own targets. */
export class SugarRepository {
  constructor(private readonly em: EntityManager) {}

  slots(): Promise<SugarSlot[]> {
    return this.em.find(SugarSlot, {}, { orderBy: { timeType: 'asc' } });
  }

  /**
   * The slot dictionary and the customer's own targets in one round trip (every table, chart and
   * report needs both): one row per slot, the target columns null where none is set.
   */
  async slotsWithObjectives(customerId: string): Promise<{ slots: SlotRow[]; objectives: ObjectiveRow[] }> {
    const rows = await nativeQuery<
      Record<keyof SlotRow, string | number> & {
        o_min: string | null;
        o_low: string | null;
        o_high: string | null;
        o_max: string | null;
      }
    >(this.em, SLOT_THRESHOLDS_SQL, [customerId]);
    const slots: SlotRow[] = [];
    const objectives: ObjectiveRow[] = [];
    for (const r of rows) {
      const timeType = Number(r.timeType);
      slots.push({
        timeType,
        name: String(r.name),
        code: String(r.code),
        startTime: String(r.startTime),
        endTime: String(r.endTime),
        minValue: Number(r.minValue),
        lowValue: Number(r.lowValue),
        highValue: Number(r.highValue),
        maxValue: Number(r.maxValue),
      });
      if (r.o_min !== null && r.o_low !== null && r.o_high !== null && r.o_max !== null) {
        objectives.push({
          timeType,
          minValue: Number(r.o_min),
          lowValue: Number(r.o_low),
          highValue: Number(r.o_high),
          maxValue: Number(r.o_max),
        });
      }
    }
    return { slots, objectives };
  }

  /** Replaces a customer's targets for the given slots in one transaction. */
  async saveObjectives(customerId: string, rows: Omit<SugarObjective, 'id' | 'customerId'>[]): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.nativeDelete(SugarObjective, { customerId, timeType: { $in: rows.map((r) => r.timeType) } });
      for (const row of rows) {
        tx.create(SugarObjective, { customerId, ...row });
      }
    });
  }

  findById(id: string): Promise<SugarTest | null> {
    return /^\d{1,18}$/.test(id) ? this.em.findOne(SugarTest, { id }) : Promise.resolve(null);
  }

  findBySynckey(customerId: string, synckey: string): Promise<SugarTest | null> {
    return this.em.findOne(SugarTest, { customerId, synckey });
  }

  /** A customer's latest reading by measuring time (the newest stored first on a tie), or null. */
  latest(customerId: string): Promise<SugarTest | null> {
    return this.em.findOne(SugarTest, { customerId }, { orderBy: { measuredAt: 'desc', id: 'desc' } });
  }

  /** A customer's readings in [start, end), oldest first; optionally only some slots. */
  inRange(customerId: string, start: Date, end: Date, timeTypes?: readonly number[]): Promise<SugarTest[]> {
    return this.em.find(
      SugarTest,
      { customerId, measuredAt: { $gte: start, $lt: end }, ...(timeTypes && { timeType: { $in: [...timeTypes] } }) },
      { orderBy: { measuredAt: 'asc', id: 'asc' } },
    );
  }

  /**
   * Readings of [start, end) without building entities: tables and charts read hundreds at a time,
   * and the database formats China time faster than JavaScript can.
   */
  async leanInRange(customerId: string, start: Date, end: Date, timeTypes?: readonly number[]): Promise<LeanReading[]> {
    const rows = await nativeQuery<{ time_type: number; sugar: string; time: string }>(
      this.em,
      leanReadingsSql(timeTypes?.length ?? 0),
      [customerId, start, end, ...(timeTypes ?? [])],
    );
    return rows.map((r) => ({ timeType: r.time_type, sugar: Number(r.sugar), time: r.time }));
  }

  /** The day table's cells in [start, end): grouped by China day and slot in the database. */
  async dayCells(customerId: string, start: Date, end: Date): Promise<DayCell[]> {
    const rows = await nativeQuery<{ day: string; time_type: number; n: string | number; latest: string }>(
      this.em,
      DAY_CELLS_SQL,
      [customerId, start, end],
    );
    return rows.map((r) => ({ day: r.day, timeType: r.time_type, count: Number(r.n), latest: Number(r.latest) }));
  }

  /** Readings with a remark or a tag in [start, end), for the medal. */
  countAnnotated(customerId: string, start: Date, end: Date): Promise<number> {
    return this.em.count(SugarTest, {
      customerId,
      measuredAt: { $gte: start, $lt: end },
      $or: [{ remark: { $ne: '' } }, { tags: { $ne: [] } }],
    });
  }
}
