import type { EntityManager } from '@mikro-orm/core';
import { fhirKindRank, type FhirCursor, type FhirObservationKind } from '@glucoguard/domain';
import { Customer } from '../../identity';
import { nativeQuery } from '../../../lib/db';

/**
 * The FHIR export's reads (read-only, plain rows, always filtered by the patient the token is for).
 * The readings are health's tables and the meters devices'; the export reads them as they are
 * stored (docs/adr/0225-fhir-r4-export.md), never writes them.
 */

/** One reading of any kind as the export maps it. */
export interface FhirReadingRow {
  kind: FhirObservationKind;
  recordId: string;
  /** When measured, and in microseconds since 1970 (the paging cursor's exact instant). */
  measuredAt: Date;
  measuredAtUs: bigint;
  lastUpdated: Date;
  /** The kind's value: mmol/L, mm[Hg] systolic, /min, kg, umol/L. */
  value: number;
  /** The diastolic pressure (blood-pressure panels only). */
  value2: number | null;
  /** The meter that measured it, and the meter's own id of the reading. */
  deviceId: string | null;
  meterReadingId: string | null;
  imei: string | null;
}

/** One kind's rows: its table, value columns, when it last changed, and its meter (if meters make it). */
interface KindSource {
  table: string;
  value: string;
  value2: string;
  lastUpdated: string;
  imei: string;
  meterKind: string;
  where: string;
}

const SOURCES: Readonly<Record<FhirObservationKind, KindSource>> = {
  glucose: {
    table: 'sugar_test',
    value: 'sugar',
    value2: 'null::numeric',
    lastUpdated: 'updated_at',
    imei: 'device_imei',
    meterKind: `'glucose'`,
    where: '',
  },
  bp: {
    table: 'blood_pressure_test',
    value: 'sbp',
    value2: 'dbp',
    lastUpdated: 'updated_at',
    imei: 'device_imei',
    meterKind: `'bp'`,
    where: '',
  },
  // A pressure reading's pulse, when it has one (a meter without a pulse sends none: stored as 0).
  'heart-rate': {
    table: 'blood_pressure_test',
    value: 'hr',
    value2: 'null::numeric',
    lastUpdated: 'updated_at',
    imei: 'device_imei',
    meterKind: `'bp'`,
    where: 'and hr > 0',
  },
  weight: {
    table: 'weight_record',
    value: 'weight_kg',
    value2: 'null::numeric',
    lastUpdated: 'created_at',
    imei: 'null::text',
    meterKind: 'null::text',
    where: '',
  },
  'uric-acid': {
    table: 'uric_acid_test',
    value: 'urine',
    value2: 'null::numeric',
    lastUpdated: 'created_at',
    imei: 'null::text',
    meterKind: 'null::text',
    where: '',
  },
  ketone: {
    table: 'ketone_test',
    value: 'ketone',
    value2: 'null::numeric',
    lastUpdated: 'created_at',
    imei: 'null::text',
    meterKind: 'null::text',
    where: '',
  },
};

/**
 * One kind's branch of the search: its newest `limit` rows after the cursor within the spans. The
 * parameters are shared by every branch: $1 customer, $2/$3 measured span, $4/$5 last-updated span,
 * $6/$7/$8 cursor (microseconds, kind rank, record id), $9 page size + 1, $10 one record id.
 */
function branch(kind: FhirObservationKind): string {
  const s = SOURCES[kind];
  const rank = fhirKindRank(kind);
  return `(select '${kind}'::text as kind, ${rank} as rank, id, measured_at, ${s.lastUpdated} as last_updated,
          ${s.value}::numeric as value, ${s.value2} as value2, ${s.imei} as imei, ${s.meterKind} as meter_kind
     from ${s.table}
    where customer_id = $1 ${s.where}
      and ($2::timestamptz is null or measured_at >= $2::timestamptz)
      and ($3::timestamptz is null or measured_at < $3::timestamptz)
      and ($4::timestamptz is null or ${s.lastUpdated} >= $4::timestamptz)
      and ($5::timestamptz is null or ${s.lastUpdated} < $5::timestamptz)
      and ($6::bigint is null or (measured_at, ${rank}, id) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::int, $8::bigint))
      and ($10::bigint is null or id = $10::bigint)
    order by measured_at desc, id desc
    limit $9)`;
}

function searchSql(kinds: readonly FhirObservationKind[]): string {
  return `select x.kind, x.id::text as record_id, x.measured_at,
                 (extract(epoch from x.measured_at) * 1000000)::bigint::text as us,
                 x.last_updated, x.value::text as value, x.value2::text as value2, x.imei,
                 d.id::text as device_id, m.reading_id
            from (${kinds.map(branch).join('\n union all ')}) x
            left join device d on d.imei = x.imei and d.customer_id = $1
            left join meter_reading m on m.imei = x.imei and m.record_id = x.id and m.kind = x.meter_kind
           order by x.measured_at desc, x.rank desc, x.id desc
           limit $9`;
}

export interface ReadingSearch {
  kinds: readonly FhirObservationKind[];
  measured: { from: Date | null; to: Date | null };
  lastUpdated: { from: Date | null; to: Date | null };
  after: FhirCursor | null;
  limit: number;
}

export interface DeviceRow {
  id: string;
  imei: string;
  kind: string;
  model: string;
  name: string | null;
}

export interface PatientRow {
  id: string;
  nickname: string;
  sex: number;
  birthday: string | null;
}

export class FhirRepository {
  constructor(private readonly em: EntityManager) {}

  /** The patient's readings as the search asks, newest first, at most `limit`. */
  async readings(customerId: string, search: ReadingSearch, recordId: string | null = null): Promise<FhirReadingRow[]> {
    if (search.kinds.length === 0) {
      return [];
    }
    const rows = await nativeQuery<{
      kind: FhirObservationKind;
      record_id: string;
      measured_at: Date | string;
      us: string;
      last_updated: Date | string;
      value: string;
      value2: string | null;
      imei: string | null;
      device_id: string | null;
      reading_id: string | null;
    }>(this.em, searchSql(search.kinds), [
      customerId,
      search.measured.from,
      search.measured.to,
      search.lastUpdated.from,
      search.lastUpdated.to,
      search.after ? String(search.after.measuredAtUs) : null,
      search.after ? search.after.kindRank : null,
      search.after ? String(search.after.recordId) : null,
      search.limit,
      recordId,
    ]);
    return rows.map((r) => ({
      kind: r.kind,
      recordId: r.record_id,
      measuredAt: new Date(r.measured_at),
      measuredAtUs: BigInt(r.us),
      lastUpdated: new Date(r.last_updated),
      value: Number(r.value),
      value2: r.value2 === null ? null : Number(r.value2),
      deviceId: r.device_id,
      meterReadingId: r.reading_id,
      imei: r.imei,
    }));
  }

  /** The meters bound to the patient, by id, after `afterId`. */
  async devices(
    customerId: string,
    afterId: string | null,
    limit: number,
    id: string | null = null,
  ): Promise<DeviceRow[]> {
    return nativeQuery<DeviceRow>(
      this.em,
      `select id::text as id, imei, kind, model, name from device
        where customer_id = $1 and ($2::bigint is null or id > $2::bigint) and ($4::bigint is null or id = $4::bigint)
        order by id limit $3`,
      [customerId, afterId, limit, id],
    );
  }

  /** The patient, unless the account was closed. */
  async patient(customerId: string): Promise<PatientRow | null> {
    const customer = await this.em.findOne(Customer, { id: customerId, closedAt: null });
    return customer
      ? { id: customer.id, nickname: customer.nickname, sex: customer.sex, birthday: customer.birthday ?? null }
      : null;
  }
}
