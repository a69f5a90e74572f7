import { nativeQuery, type Db } from '../../../lib/db';
import type { ReadingKind, ReadingSource, RecordedReading } from './readings.events';

/**
 * Stored readings as the readings core's events describe them, with who put each in and, for a
 * meter's, the meter's own reading id: what the open platform (issue 23) lists and answers. One
 * statement per call, by kind; meter ids come from `meter_reading` (the record a meter reading became).
 */
export interface ReadingView {
  reading: RecordedReading;
  customerId: string;
  source: ReadingSource;
  meter: { imei: string; readingId: string } | null;
}

/** Per kind: its table, and the columns beyond id, customer and time. */
const TABLES: Record<ReadingKind, { table: string; columns: string; recorded: boolean; meter: boolean }> = {
  glucose: {
    table: 'sugar_test',
    columns: 't.sugar::float8 as sugar, t.time_type as time_type',
    recorded: true,
    meter: true,
  },
  pressure: { table: 'blood_pressure_test', columns: 't.sbp, t.dbp, t.hr', recorded: true, meter: true },
  ketone: { table: 'ketone_test', columns: 't.ketone::float8 as ketone', recorded: false, meter: false },
  uricAcid: { table: 'uric_acid_test', columns: 't.urine::float8 as urine', recorded: false, meter: false },
  weight: {
    table: 'weight_record',
    columns: 't.weight_kg::float8 as weight_kg, t.height_cm::float8 as height_cm, t.bmi::float8 as bmi',
    recorded: false,
    meter: false,
  },
};

type Row = Record<string, unknown> & {
  id: string;
  customer_id: string;
  measured_at: Date | string;
  recorded_by: string | null;
  device_imei: string | null;
  meter_reading_id: string | null;
  total?: number;
};

function selectOf(kind: ReadingKind): string {
  const t = TABLES[kind];
  return `select t.id::text as id, t.customer_id::text as customer_id, t.measured_at, ${t.columns},
      ${t.recorded ? 't.recorded_by::text' : 'null'} as recorded_by,
      ${t.meter ? 't.device_imei' : 'null'} as device_imei,
      ${t.meter ? 'm.reading_id' : 'null'} as meter_reading_id
    from ${t.table} t
    ${t.meter ? 'left join meter_reading m on m.imei = t.device_imei and m.record_id = t.id' : ''}`;
}

function viewOf(kind: ReadingKind, r: Row): ReadingView {
  const base = { id: r.id, measuredAt: new Date(r.measured_at) };
  const n = (key: string) => Number(r[key]);
  const reading: RecordedReading =
    kind === 'glucose'
      ? { kind, ...base, sugar: n('sugar'), timeType: n('time_type') }
      : kind === 'pressure'
        ? { kind, ...base, sbp: n('sbp'), dbp: n('dbp'), hr: n('hr') }
        : kind === 'ketone'
          ? { kind, ...base, ketone: n('ketone') }
          : kind === 'uricAcid'
            ? { kind, ...base, urine: n('urine') }
            : { kind, ...base, weightKg: n('weight_kg'), heightCm: n('height_cm'), bmi: n('bmi') };
  const source: ReadingSource = r.device_imei
    ? 'meter'
    : r.recorded_by && r.recorded_by !== r.customer_id
      ? 'relative'
      : 'self';
  return {
    reading,
    customerId: r.customer_id,
    source,
    meter: r.device_imei && r.meter_reading_id ? { imei: r.device_imei, readingId: r.meter_reading_id } : null,
  };
}

export class ReadingViewsRepository {
  constructor(private readonly db: Db) {}

  /** One stored reading of `kind`, or null. */
  async find(kind: ReadingKind, id: string): Promise<ReadingView | null> {
    if (!/^\d{1,18}$/.test(id)) {
      return null;
    }
    const [row] = await nativeQuery<Row>(this.db, `${selectOf(kind)} where t.id = $1::bigint`, [id]);
    return row ? viewOf(kind, row) : null;
  }

  /** A page of the customer's readings of `kind` measured in `[from, to)`, newest first, and how many there are. */
  async page(
    kind: ReadingKind,
    customerId: string,
    span: { from: Date | null; to: Date | null },
    page: number,
    pageSize: number,
  ): Promise<{ items: ReadingView[]; total: number }> {
    const rows = await nativeQuery<Row>(
      this.db,
      `with chosen as (${selectOf(kind)}
         where t.customer_id = $1::uuid
           and ($2::timestamptz is null or t.measured_at >= $2::timestamptz)
           and ($3::timestamptz is null or t.measured_at < $3::timestamptz))
       select chosen.*, (select count(*)::int from chosen) as total
       from chosen order by measured_at desc, id::bigint desc limit $4 offset $5`,
      [customerId, span.from?.toISOString() ?? null, span.to?.toISOString() ?? null, pageSize, (page - 1) * pageSize],
    );
    const total =
      rows[0]?.total ??
      (page > 1
        ? Number(
            (
              await nativeQuery<{ total: number }>(
                this.db,
                `select count(*)::int as total from ${TABLES[kind].table} t where t.customer_id = $1::uuid
                   and ($2::timestamptz is null or t.measured_at >= $2::timestamptz)
                   and ($3::timestamptz is null or t.measured_at < $3::timestamptz)`,
                [customerId, span.from?.toISOString() ?? null, span.to?.toISOString() ?? null],
              )
            )[0]?.total ?? 0,
          )
        : 0);
    return { items: rows.map((r) => viewOf(kind, r)), total: Number(total) };
  }
}
