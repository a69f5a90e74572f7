/**
 * The FHIR R4 export's rules (issue 23, docs/adr/0225-fhir-r4-export.md and
 * 0226-fhir-loinc-and-ucum.md): which LOINC code and UCUM unit each kind of reading carries, the
 * Observation ids, the search's date prefixes, China time with its +08:00 offset, and the paging
 * cursor. Pure: the API's fhir module maps rows with these.
 */

import { openDateTime, openReadingId, type OpenReadingKind } from './changes';

export const LOINC_SYSTEM = 'http://loinc.org';

/** The kinds of Observation the export makes; a blood-pressure reading makes a `bp` panel and a `heart-rate`. */
export const FHIR_OBSERVATION_KINDS = ['glucose', 'bp', 'heart-rate', 'weight', 'uric-acid', 'ketone'] as const;
export type FhirObservationKind = (typeof FHIR_OBSERVATION_KINDS)[number];

export interface FhirCodeRow {
  /** The LOINC code (its long common name, the Coding's `display`, is the API's: ADR 0226). */
  readonly code: string;
  /** What the app calls it (the CodeableConcept's `text`). */
  readonly text: string;
  /** The UCUM unit (`code`) and how it is printed (`unit`); null for the panel, whose values are its components'. */
  readonly ucum: string | null;
  readonly unit: string | null;
  readonly category: 'vital-signs' | 'laboratory';
}

/**
 * The LOINC table (ADR 0226). Capillary glucose is 14743-9 (by meter); uric acid the molar term
 * 14933-6 in µmol/L; ketone the fingerstick meter's term, β-hydroxybutyrate in blood by test strip
 * 66441-7 in mmol/L (ADR 0226 says why not the other candidate, 53060-9).
 */
export const FHIR_OBSERVATION_CODES: Readonly<Record<FhirObservationKind, FhirCodeRow>> = {
  glucose: {
    code: '14743-9',
    text: '血糖',
    ucum: 'mmol/L',
    unit: 'mmol/L',
    category: 'laboratory',
  },
  bp: {
    code: '85354-9',
    text: '血压',
    ucum: null,
    unit: null,
    category: 'vital-signs',
  },
  'heart-rate': {
    code: '8867-4',
    text: '心率',
    ucum: '/min',
    unit: 'beats/minute',
    category: 'vital-signs',
  },
  weight: {
    code: '29463-7',
    text: '体重',
    ucum: 'kg',
    unit: 'kg',
    category: 'vital-signs',
  },
  'uric-acid': {
    code: '14933-6',
    text: '尿酸',
    ucum: 'umol/L',
    unit: 'µmol/L',
    category: 'laboratory',
  },
  ketone: {
    code: '66441-7',
    text: '血酮（β-羟丁酸）',
    ucum: 'mmol/L',
    unit: 'mmol/L',
    category: 'laboratory',
  },
};

/** The blood-pressure panel's components, in mm[Hg]. */
export const FHIR_BP_COMPONENTS = {
  systolic: { code: '8480-6', text: '收缩压' },
  diastolic: { code: '8462-4', text: '舒张压' },
} as const;
export const MM_HG = { ucum: 'mm[Hg]', unit: 'mmHg' } as const;

/**
 * The kinds a `code` search parameter names (`14743-9`, `http://loinc.org|8480-6`, comma-separated):
 * a component's code names its panel; a code of another system or no kind of ours names nothing.
 */
export function kindsForCodes(parameter: string): FhirObservationKind[] {
  const kinds = new Set<FhirObservationKind>();
  for (const token of parameter.split(',')) {
    const bar = token.indexOf('|');
    if (bar >= 0 && token.slice(0, bar) !== LOINC_SYSTEM) {
      continue;
    }
    const code = bar >= 0 ? token.slice(bar + 1) : token;
    if (code === FHIR_BP_COMPONENTS.systolic.code || code === FHIR_BP_COMPONENTS.diastolic.code) {
      kinds.add('bp');
    }
    for (const kind of FHIR_OBSERVATION_KINDS) {
      if (FHIR_OBSERVATION_CODES[kind].code === code) {
        kinds.add(kind);
      }
    }
  }
  return FHIR_OBSERVATION_KINDS.filter((kind) => kinds.has(kind));
}

/** The open kind of the reading an Observation comes from, where its name differs (ADR 0231). */
const OPEN_KIND: Partial<Record<FhirObservationKind, OpenReadingKind>> = {
  bp: 'pressure',
  'heart-rate': 'pressure',
  'uric-acid': 'uricAcid',
};

/**
 * An Observation's id: the id the open API, the change feed and webhooks give its reading
 * (`glucose-123`, `pressure-45`, `uricAcid-8`); the pulse of a pressure reading is
 * `pressure-45-heart-rate` (docs/adr/0231-one-reading-id-across-open-api-and-fhir.md).
 */
export function observationId(kind: FhirObservationKind, recordId: string): string {
  const id = openReadingId(OPEN_KIND[kind] ?? (kind as OpenReadingKind), recordId);
  return kind === 'heart-rate' ? `${id}-heart-rate` : id;
}

/** The kind and record id an Observation id names (one `observationId` gives), or null when it names none of ours. */
export function parseObservationId(id: string): { kind: FhirObservationKind; recordId: string } | null {
  const recordId = /^[A-Za-z]+-([1-9][0-9]{0,17})(-|$)/.exec(id)?.[1];
  const kind = recordId && FHIR_OBSERVATION_KINDS.find((k) => observationId(k, recordId) === id);
  return kind ? { kind, recordId } : null;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant in China time with its offset, `2026-11-27T08:30:00+08:00` (milliseconds only when there are some). */
export function fhirChinaDateTime(at: Date): string {
  return openDateTime(at).replace(/\.000\+08:00$/, '+08:00');
}

/** A half-open span of instants, `from` ≤ t < `to`; null sides are open. */
export interface FhirDateSpan {
  readonly from: Date | null;
  readonly to: Date | null;
}

const DATE_PARAMETER =
  /^(ge|le|gt|lt|eq)?([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2})(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,3}))?)?(Z|[+-][0-9]{2}:[0-9]{2})?)?)?)?$/;

/** The instants a FHIR date value covers (`2026-11` is the whole month), in China time when it has no offset. */
function valueSpan(match: RegExpExecArray): { start: number; end: number } | null {
  const [, , y, mo, d, h, mi, s, ms, zone] = match;
  const year = Number(y);
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const milli = ms === undefined ? 0 : Number(ms.padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) {
    return null;
  }
  let offsetMs = CHINA_OFFSET_MS;
  if (zone === 'Z') {
    offsetMs = 0;
  } else if (zone !== undefined) {
    const sign = zone.startsWith('-') ? -1 : 1;
    offsetMs = sign * (Number(zone.slice(1, 3)) * 3_600_000 + Number(zone.slice(4, 6)) * 60_000);
  }
  const start = Date.UTC(year, month - 1, day, hour, minute, second, milli) - offsetMs;
  let end: number;
  if (mo === undefined) {
    end = Date.UTC(year + 1, 0, 1) - offsetMs;
  } else if (d === undefined) {
    end = Date.UTC(year, month, 1) - offsetMs;
  } else if (h === undefined) {
    end = start + 86_400_000;
  } else if (s === undefined) {
    end = start + 60_000;
  } else if (ms === undefined) {
    end = start + 1000;
  } else {
    end = start + 10 ** (3 - ms.length);
  }
  return { start, end };
}

/**
 * The span a set of FHIR date search values allows (each narrows it: `ge` from the value's start,
 * `gt` from its end, `le` up to its end, `lt` up to its start, `eq` within it), or null when a value
 * is not a date.
 */
export function fhirDateSpan(values: readonly string[]): FhirDateSpan | null {
  let from: number | null = null;
  let to: number | null = null;
  const narrowFrom = (at: number) => {
    from = from === null ? at : Math.max(from, at);
  };
  const narrowTo = (at: number) => {
    to = to === null ? at : Math.min(to, at);
  };
  for (const value of values) {
    const match = DATE_PARAMETER.exec(value);
    const span = match ? valueSpan(match) : null;
    if (!match || !span) {
      return null;
    }
    const prefix = match[1] ?? 'eq';
    if (prefix === 'ge' || prefix === 'eq') {
      narrowFrom(span.start);
    }
    if (prefix === 'gt') {
      narrowFrom(span.end);
    }
    if (prefix === 'le' || prefix === 'eq') {
      narrowTo(span.end);
    }
    if (prefix === 'lt') {
      narrowTo(span.start);
    }
  }
  return { from: from === null ? null : new Date(from), to: to === null ? null : new Date(to) };
}

/**
 * Where a page of Observations starts: just after the last one of the page before, in the search's
 * order (newest measured first, then kind, then record id, all descending). Written as
 * `{microseconds since 1970}_{kind's place}_{record id}`: readable, and all of it checked on the way in.
 */
export interface FhirCursor {
  readonly measuredAtUs: bigint;
  readonly kindRank: number;
  readonly recordId: bigint;
}

/** A kind's place in the search's order (higher first at the same instant). */
export function fhirKindRank(kind: FhirObservationKind): number {
  return FHIR_OBSERVATION_KINDS.length - FHIR_OBSERVATION_KINDS.indexOf(kind);
}

export function encodeFhirCursor(cursor: FhirCursor): string {
  return `${cursor.measuredAtUs}_${cursor.kindRank}_${cursor.recordId}`;
}

/** The cursor a `_cursor` parameter holds, or null when it is not one this server wrote. */
export function decodeFhirCursor(text: string): FhirCursor | null {
  const match = /^(-?[0-9]{1,17})_([0-9])_([0-9]{1,19})$/.exec(text);
  if (!match) {
    return null;
  }
  const kindRank = Number(match[2]);
  if (kindRank < 1 || kindRank > FHIR_OBSERVATION_KINDS.length) {
    return null;
  }
  return { measuredAtUs: BigInt(match[1]!), kindRank, recordId: BigInt(match[3]!) };
}

/** FHIR's `gender` for the profile's sex (1 male, 2 female, anything else unknown). */
export function fhirGender(sex: number): 'male' | 'female' | 'unknown' {
  return sex === 1 ? 'male' : sex === 2 ? 'female' : 'unknown';
}

/** The page size a search uses: `_count` when given (1–100), else 20. */
export const FHIR_PAGE = { default: 20, max: 100 } as const;
