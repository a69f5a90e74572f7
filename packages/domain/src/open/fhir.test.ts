import { describe, expect, it } from 'vitest';
import {
  decodeFhirCursor,
  encodeFhirCursor,
  FHIR_OBSERVATION_CODES,
  FHIR_OBSERVATION_KINDS,
  fhirChinaDateTime,
  fhirDateSpan,
  fhirGender,
  fhirKindRank,
  kindsForCodes,
  observationId,
  parseObservationId,
} from './fhir';

const iso = (span: { from: Date | null; to: Date | null } | null) =>
  span && { from: span.from?.toISOString() ?? null, to: span.to?.toISOString() ?? null };

describe('FHIR LOINC and UCUM table', () => {
  it('codes each kind as ADR 0226 records', () => {
    expect(FHIR_OBSERVATION_CODES.glucose).toMatchObject({ code: '14743-9', ucum: 'mmol/L' });
    expect(FHIR_OBSERVATION_CODES.bp).toMatchObject({ code: '85354-9', ucum: null, category: 'vital-signs' });
    expect(FHIR_OBSERVATION_CODES['heart-rate']).toMatchObject({ code: '8867-4', ucum: '/min' });
    expect(FHIR_OBSERVATION_CODES.weight).toMatchObject({ code: '29463-7', ucum: 'kg' });
    expect(FHIR_OBSERVATION_CODES['uric-acid']).toMatchObject({ code: '14933-6', ucum: 'umol/L' });
    expect(FHIR_OBSERVATION_CODES.ketone).toMatchObject({ code: '66441-7', ucum: 'mmol/L' });
  });

  it('reads code parameters with or without the LOINC system, a component naming its panel', () => {
    expect(kindsForCodes('14743-9')).toEqual(['glucose']);
    expect(kindsForCodes('http://loinc.org|8480-6,29463-7')).toEqual(['bp', 'weight']);
    expect(kindsForCodes('8462-4,85354-9,8867-4')).toEqual(['bp', 'heart-rate']);
    expect(kindsForCodes('http://snomed.info/sct|14743-9')).toEqual([]);
    expect(kindsForCodes('2345-7')).toEqual([]);
  });
});

describe('FHIR ids', () => {
  it('round-trips every kind and refuses ids that are not ours', () => {
    for (const kind of FHIR_OBSERVATION_KINDS) {
      expect(parseObservationId(observationId(kind, '42'))).toEqual({ kind, recordId: '42' });
    }
    expect(parseObservationId('pulse-3')).toBeNull();
    expect(parseObservationId('pressure-3-pulse')).toBeNull();
    expect(parseObservationId('glucose-3-heart-rate')).toBeNull();
    expect(parseObservationId('glucose-0')).toBeNull();
    expect(parseObservationId('glucose-01')).toBeNull();
    expect(parseObservationId('glucose-1234567890123456789')).toBeNull();
    expect(parseObservationId('glucose')).toBeNull();
  });
});

describe('FHIR Observation ids are the open API reading ids (ADR 0231)', () => {
  it('names a reading as GET /open/v1/readings does, the pulse of a pressure reading after it', () => {
    expect(FHIR_OBSERVATION_KINDS.map((kind) => observationId(kind, '540'))).toEqual([
      'glucose-540',
      'pressure-540',
      'pressure-540-heart-rate',
      'weight-540',
      'uricAcid-540',
      'ketone-540',
    ]);
    for (const kind of FHIR_OBSERVATION_KINDS) {
      // FHIR's id rule: [A-Za-z0-9\-\.]{1,64}, here with the longest record id.
      expect(observationId(kind, '999999999999999999')).toMatch(/^[A-Za-z0-9.-]{1,64}$/);
    }
    // The longest: the pulse of a pressure reading with an 18-digit record id (ADR 0231 says 38).
    expect(Math.max(...FHIR_OBSERVATION_KINDS.map((kind) => observationId(kind, '999999999999999999').length))).toBe(
      38,
    );
    expect(parseObservationId('pressure-999999999999999999-heart-rate')).toEqual({
      kind: 'heart-rate',
      recordId: '999999999999999999',
    });
    expect(parseObservationId('pressure-540-heart-rate')).toEqual({ kind: 'heart-rate', recordId: '540' });
    expect(parseObservationId('uricAcid-540')).toEqual({ kind: 'uric-acid', recordId: '540' });
  });

  it('no longer reads the ids the export gave before', () => {
    for (const old of ['bp-540', 'heart-rate-540', 'uric-acid-540']) {
      expect(parseObservationId(old)).toBeNull();
    }
  });
});

describe('FHIR China time', () => {
  it('writes an instant with +08:00, milliseconds only when present', () => {
    expect(fhirChinaDateTime(new Date('2026-11-26T16:30:00Z'))).toBe('2026-11-27T00:30:00+08:00');
    expect(fhirChinaDateTime(new Date('2026-11-27T01:02:03.456Z'))).toBe('2026-11-27T09:02:03.456+08:00');
  });
});

describe('FHIR date search', () => {
  it('reads a day without an offset as the China day, le including all of it', () => {
    expect(iso(fhirDateSpan(['ge2026-11-01', 'le2026-11-27']))).toEqual({
      from: '2026-10-31T16:00:00.000Z',
      to: '2026-11-27T16:00:00.000Z',
    });
  });

  it('reads gt and lt as beyond the value, eq and no prefix as within it', () => {
    expect(iso(fhirDateSpan(['gt2026-11']))).toEqual({ from: '2026-11-30T16:00:00.000Z', to: null });
    expect(iso(fhirDateSpan(['lt2026']))).toEqual({ from: null, to: '2025-12-31T16:00:00.000Z' });
    expect(iso(fhirDateSpan(['2026-11-27T08:00']))).toEqual({
      from: '2026-11-27T00:00:00.000Z',
      to: '2026-11-27T00:01:00.000Z',
    });
  });

  it('honours an explicit offset and fractions of a second', () => {
    expect(iso(fhirDateSpan(['ge2026-11-27T00:00:00Z']))).toEqual({ from: '2026-11-27T00:00:00.000Z', to: null });
    expect(iso(fhirDateSpan(['le2026-11-27T08:00:00.5-05:00']))).toEqual({
      from: null,
      to: '2026-11-27T13:00:00.600Z',
    });
  });

  it('keeps the narrowest bounds of several values', () => {
    expect(iso(fhirDateSpan(['ge2026-01-01', 'ge2026-06-01']))).toEqual({
      from: '2026-05-31T16:00:00.000Z',
      to: null,
    });
  });

  it('refuses what is not a date', () => {
    expect(fhirDateSpan(['ge2026-02-30'])).toBeNull();
    expect(fhirDateSpan(['ge2026-13'])).toBeNull();
    expect(fhirDateSpan(['sa2026-01-01'])).toBeNull();
    expect(fhirDateSpan(['2026-11-27T25:00'])).toBeNull();
  });
});

describe('FHIR paging cursor', () => {
  it('round-trips and refuses anything else', () => {
    const cursor = { measuredAtUs: 1_764_203_400_123_456n, kindRank: fhirKindRank('ketone'), recordId: 987n };
    expect(decodeFhirCursor(encodeFhirCursor(cursor))).toEqual(cursor);
    expect(decodeFhirCursor('1_7_1')).toBeNull();
    expect(decodeFhirCursor('1_0_1')).toBeNull();
    expect(decodeFhirCursor('abc')).toBeNull();
  });

  it('ranks the kinds in the table order, glucose first', () => {
    expect(fhirKindRank('glucose')).toBeGreaterThan(fhirKindRank('bp'));
    expect(fhirKindRank('ketone')).toBe(1);
  });
});

describe('FHIR gender', () => {
  it('maps the profile sex', () => {
    expect([fhirGender(1), fhirGender(2), fhirGender(0)]).toEqual(['male', 'female', 'unknown']);
  });
});
