import { describe, expect, it } from 'vitest';
import {
  METER_INGEST_SHARED_SUBSCRIPTION,
  METER_PAYLOAD_MAX_BYTES,
  canMeterPublish,
  canMeterSubscribe,
  imeiOfReadingsTopic,
  meterAcks,
  meterAcksTopic,
  meterKindMismatchReason,
  meterReadingsTopic,
  parseMeterAck,
  parseMeterTime,
  parseMeterUplink,
  utf8ByteLength,
} from './meter';

const IMEI = '868888000000017';
const OTHER = '868888000000025';
// 2026-11-21 08:10 China time.
const NOW = new Date('2026-11-21T00:10:00Z');
const glucose = (fields: Record<string, unknown> = {}) => ({
  id: 'r1',
  kind: 'glucose',
  value: 6.3,
  unit: 'mmol/L',
  measuredAt: '2026-11-21T08:05:00+08:00',
  ...fields,
});
const bp = (fields: Record<string, unknown> = {}) => ({
  id: 'b1',
  kind: 'bp',
  sbp: 128,
  dbp: 82,
  hr: 70,
  measuredAt: '2026-11-21T08:05:00+08:00',
  ...fields,
});
const parse = (payload: unknown) =>
  parseMeterUplink(typeof payload === 'string' ? payload : JSON.stringify(payload), NOW);

describe('meter topics', () => {
  it('names the readings and acks topics of a meter', () => {
    expect(meterReadingsTopic(IMEI)).toBe('meters/868888000000017/readings');
    expect(meterAcksTopic(IMEI)).toBe('meters/868888000000017/acks');
    expect(METER_INGEST_SHARED_SUBSCRIPTION).toBe('$share/ingest/meters/+/readings');
  });

  it.each([
    [IMEI, `meters/${IMEI}/readings`, true],
    [IMEI, `meters/${OTHER}/readings`, false],
    [IMEI, `meters/${IMEI}/acks`, false],
    [IMEI, `meters/${IMEI}/readings/`, false],
    [IMEI, `/meters/${IMEI}/readings`, false],
    [IMEI, '$SYS/broker/load', false],
    ['not-an-imei', 'meters/not-an-imei/readings', false],
  ])('lets %s publish to %j: %s', (imei, topic, allowed) => {
    expect(canMeterPublish(imei, topic)).toBe(allowed);
  });

  it.each([
    [IMEI, `meters/${IMEI}/acks`, true],
    [IMEI, `meters/${OTHER}/acks`, false],
    [IMEI, 'meters/+/acks', false],
    [IMEI, `meters/${IMEI}/+`, false],
    [IMEI, '#', false],
    [IMEI, 'meters/#', false],
    [IMEI, `meters/${IMEI}/readings`, false],
    [IMEI, '$SYS/#', false],
    ['', 'meters//acks', false],
  ])('lets %s subscribe to %j: %s', (imei, filter, allowed) => {
    expect(canMeterSubscribe(imei, filter)).toBe(allowed);
  });

  it.each([
    [`meters/${IMEI}/readings`, IMEI],
    [`meters/${IMEI}/acks`, null],
    ['meters/12345/readings', null],
    [`meters/${IMEI}/readings/x`, null],
  ])('reads the IMEI of %j as %j', (topic, imei) => {
    expect(imeiOfReadingsTopic(topic)).toBe(imei);
  });
});

describe('parseMeterTime', () => {
  it.each([
    ['2026-11-21T08:05:00+08:00', '2026-11-21T00:05:00.000Z'],
    ['2026-11-21T00:05:00Z', '2026-11-21T00:05:00.000Z'],
    ['2026-11-21T08:05+08:00', '2026-11-21T00:05:00.000Z'],
    ['2026-11-21T08:05:00.5+08:00', '2026-11-21T00:05:00.500Z'],
    ['2026-11-20T19:05:00-05:00', '2026-11-21T00:05:00.000Z'],
    ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseMeterTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    ['2026-11-21T08:05:00', 'no offset: the zone would be a guess'],
    ['2026-11-21 08:05:00+08:00', 'a space instead of T'],
    ['2026-02-30T08:00:00+08:00', 'an impossible day'],
    ['2026-13-01T08:00:00+08:00', 'an impossible month'],
    ['2026-11-21T24:00:00+08:00', 'hour 24'],
    ['2026-11-21T08:60:00+08:00', 'minute 60'],
    ['2026-11-21T08:05:60+08:00', 'second 60'],
    ['2026-11-21T08:05:00+15:00', 'an offset beyond 14 hours'],
    ['2026-11-21T08:05:00+08:60', 'offset minutes 60'],
    ['1763683500', 'epoch seconds'],
  ])('refuses %s (%s)', (text) => {
    expect(parseMeterTime(text)).toBeNull();
  });
});

describe('parseMeterUplink', () => {
  it('accepts one glucose reading in mmol/L', () => {
    expect(parse(glucose())).toEqual({
      readings: [
        {
          kind: 'glucose',
          id: 'r1',
          sugar: 6.3,
          rawValue: 6.3,
          unit: 'mmol/L',
          timeType: null,
          measuredAt: new Date('2026-11-21T00:05:00Z'),
          outOfRange: null,
        },
      ],
      rejected: [],
      battery: null,
      signal: null,
    });
  });

  it('converts mg/dL to mmol/L at 18 and keeps what the meter sent', () => {
    expect(parse(glucose({ value: 126, unit: 'mg/dL' })).readings[0]).toMatchObject({
      sugar: 7,
      rawValue: 126,
      unit: 'mg/dL',
    });
  });

  it('takes mmol/L when the unit is left out, and the slot when the meter gives one', () => {
    expect(parse(glucose({ unit: undefined, timeType: 3 })).readings[0]).toMatchObject({
      sugar: 6.3,
      unit: 'mmol/L',
      timeType: 3,
    });
  });

  it('accepts a blood-pressure reading', () => {
    expect(parse(bp()).readings).toEqual([
      {
        kind: 'bp',
        id: 'b1',
        sbp: 128,
        dbp: 82,
        hr: 70,
        measuredAt: new Date('2026-11-21T00:05:00Z'),
        outOfRange: null,
      },
    ]);
  });

  it.each([
    [glucose({ value: 0.2 }), 'low', 0.2],
    [glucose({ value: 0 }), 'low', 0],
    [glucose({ value: 0.3 }), null, 0.3],
    [glucose({ value: 33.3 }), null, 33.3],
    [glucose({ value: 33.4 }), 'high', 33.4],
    [glucose({ value: 45 }), 'high', 45],
    [glucose({ value: 700, unit: 'mg/dL' }), 'high', 38.9],
  ])('keeps the LO/HI value of %j as measured, flagged %s', (reading, flag, sugar) => {
    expect(parse(reading).readings[0]).toMatchObject({ sugar, outOfRange: flag });
  });

  it.each([
    [bp({ sbp: 250 }), null],
    [bp({ sbp: 251 }), 'high'],
    [bp({ hr: 260 }), 'high'],
  ])('flags pressure or pulse above the manual 250: %j → %s', (reading, flag) => {
    expect(parse(reading).readings[0]).toMatchObject({ outOfRange: flag });
  });

  it('reads battery and signal, the last reported winning', () => {
    expect(parse([glucose({ battery: 80, signal: -90 }), glucose({ id: 'r2', battery: 79 })])).toMatchObject({
      battery: 79,
      signal: -90,
    });
  });

  it('ignores fields it does not know', () => {
    expect(parse(glucose({ firmware: '1.2.3' })).readings).toHaveLength(1);
  });

  it.each([
    ['not json', 'payload: not valid JSON'],
    ['', 'payload: not valid JSON'],
    ['[]', 'payload: an empty array holds no readings'],
  ])('refuses the whole message %j: %s', (payload, reason) => {
    expect(parse(payload)).toEqual({ readings: [], rejected: [{ ids: [], reason }], battery: null, signal: null });
  });

  it('refuses a payload over 64 KiB counted in UTF-8 bytes', () => {
    const padding = '血'.repeat(Math.ceil(METER_PAYLOAD_MAX_BYTES / 3));
    expect(parse(JSON.stringify({ ...glucose(), padding })).rejected).toEqual([
      { ids: [], reason: 'payload: larger than 65536 bytes' },
    ]);
  });

  it('refuses 101 readings at once, naming their ids', () => {
    const items = Array.from({ length: 101 }, (_, i) => glucose({ id: `r${i}` }));
    const result = parse(items);
    expect(result.readings).toEqual([]);
    expect(result.rejected).toEqual([
      { ids: items.map((i) => i.id), reason: 'payload: more than 100 readings in one message' },
    ]);
  });

  it('accepts 100 readings at once', () => {
    expect(parse(Array.from({ length: 100 }, (_, i) => glucose({ id: `r${i}` }))).readings).toHaveLength(100);
  });

  it.each([
    [42, [], 'reading: must be a JSON object'],
    [null, [], 'reading: must be a JSON object'],
    [[[glucose()]], [], 'reading: must be a JSON object'],
    [glucose({ id: 7 }), [], 'id: must be a string of 1–64 printable ASCII characters without spaces'],
    [glucose({ id: '' }), [], 'id: must be a string of 1–64 printable ASCII characters without spaces'],
    [glucose({ id: 'a b' }), [], 'id: must be a string of 1–64 printable ASCII characters without spaces'],
    [glucose({ id: 'x'.repeat(65) }), [], 'id: must be a string of 1–64 printable ASCII characters without spaces'],
    [glucose({ kind: 'ketone' }), ['r1'], 'kind: must be "glucose" or "bp"'],
    [
      glucose({ measuredAt: undefined }),
      ['r1'],
      'measuredAt: must be an ISO 8601 time with a UTC offset, e.g. 2026-11-21T08:05:00+08:00',
    ],
    [
      glucose({ measuredAt: 1763683500 }),
      ['r1'],
      'measuredAt: must be an ISO 8601 time with a UTC offset, e.g. 2026-11-21T08:05:00+08:00',
    ],
    [
      glucose({ measuredAt: '2026-11-21T08:21:00+08:00' }),
      ['r1'],
      "measuredAt: more than 10 minutes ahead of the server's clock",
    ],
    [
      glucose({ measuredAt: '2025-11-20T08:00:00+08:00' }),
      ['r1'],
      "measuredAt: more than 365 days ago (is the meter's clock set?)",
    ],
    [glucose({ value: '6.3' }), ['r1'], 'value: must be a number'],
    [glucose({ value: null }), ['r1'], 'value: must be a number'],
    [glucose({ unit: 'mmol' }), ['r1'], 'unit: must be "mmol/L" or "mg/dL"'],
    [glucose({ value: -0.1 }), ['r1'], 'value: must be from 0 to 99.9 mmol/L'],
    [glucose({ value: 100 }), ['r1'], 'value: must be from 0 to 99.9 mmol/L'],
    [glucose({ timeType: 9 }), ['r1'], 'timeType: must be an integer from 1 to 8'],
    [glucose({ timeType: '1' }), ['r1'], 'timeType: must be an integer from 1 to 8'],
    [bp({ sbp: 128.5 }), ['b1'], 'sbp: must be an integer from 1 to 300'],
    [bp({ dbp: 0 }), ['b1'], 'dbp: must be an integer from 1 to 300'],
    [bp({ hr: undefined }), ['b1'], 'hr: must be an integer from 1 to 300'],
    [bp({ sbp: 80, dbp: 120 }), ['b1'], 'sbp: must be above dbp'],
    [bp({ sbp: 90, dbp: 90 }), ['b1'], 'sbp: must be above dbp'],
    [glucose({ battery: 101 }), ['r1'], 'battery: must be an integer from 0 to 100'],
    [glucose({ battery: '80' }), ['r1'], 'battery: must be an integer from 0 to 100'],
    [glucose({ signal: 5 }), ['r1'], 'signal: must be an integer dBm from -150 to 0'],
  ])('refuses %j (ids %j): %s', (reading, ids, reason) => {
    expect(parse(reading)).toEqual({ readings: [], rejected: [{ ids, reason }], battery: null, signal: null });
  });

  it('accepts a reading 10 minutes ahead and refuses one a second later', () => {
    expect(parse(glucose({ measuredAt: '2026-11-21T08:20:00+08:00' })).readings).toHaveLength(1);
    expect(parse(glucose({ measuredAt: '2026-11-21T08:20:01+08:00' })).readings).toHaveLength(0);
  });

  it('judges each reading of an array on its own and groups refusals by reason', () => {
    const result = parse([
      glucose({ id: 'a' }),
      glucose({ id: 'b', value: 'x' }),
      bp({ id: 'c' }),
      glucose({ id: 'd', value: 'y' }),
      glucose({ id: 'e', unit: '?' }),
    ]);
    expect(result.readings.map((r) => r.id)).toEqual(['a', 'c']);
    expect(result.rejected).toEqual([
      { ids: ['b', 'd'], reason: 'value: must be a number' },
      { ids: ['e'], reason: 'unit: must be "mmol/L" or "mg/dL"' },
    ]);
  });
});

describe('meter acks', () => {
  it('lists stored, duplicate and each refusal, leaving out empty outcomes', () => {
    expect(
      meterAcks({ stored: ['a'], duplicate: [], rejected: [{ ids: ['b'], reason: 'value: must be a number' }] }),
    ).toEqual([
      { ids: ['a'], status: 'stored' },
      { ids: ['b'], status: 'rejected', reason: 'value: must be a number' },
    ]);
    expect(meterAcks({ stored: [], duplicate: ['a'], rejected: [] })).toEqual([{ ids: ['a'], status: 'duplicate' }]);
  });

  it.each([
    ['{"ids":["a"],"status":"stored"}', { ids: ['a'], status: 'stored' }],
    [
      '{"ids":[],"status":"rejected","reason":"payload: not valid JSON"}',
      { ids: [], status: 'rejected', reason: 'payload: not valid JSON' },
    ],
    ['{"ids":["a"],"status":"lost"}', null],
    ['{"ids":[1],"status":"stored"}', null],
    ['{"status":"stored"}', null],
    ['null', null],
    ['nope', null],
  ])('reads the ack %s as %j', (text, ack) => {
    expect(parseMeterAck(text)).toEqual(ack);
  });

  it('names the kind a meter was provisioned for', () => {
    expect(meterKindMismatchReason('bp')).toBe('kind: this meter is provisioned for bp readings');
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['血糖', 6],
    ['😀', 4],
  ])('counts %j as %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });
});
