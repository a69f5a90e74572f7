import { BP_VALUE_MAX } from '../pressure/bloodPressure';
import { isImei } from './imei';
import { SUGAR_MAX, SUGAR_MIN } from '../glucose/sugar';
import { roundTo } from '../shared/numbers';
import { mgdlToMmol } from '../glucose/units';
import { toMs } from '../shared/time';
import type { Instant } from '../shared/time';

/**
 * The cellular meter protocol (docs/device-protocol.md): topics, the uplink payload and the acks.
 * The gateway, the ingestion worker and the API all judge a meter's message with these functions.
 */

/** What a meter measures: blood glucose or blood pressure (with pulse). */
export const METER_KINDS = ['glucose', 'bp'] as const;
/** One of {@link METER_KINDS}. */
export type MeterKind = (typeof METER_KINDS)[number];

/** The one topic a meter may publish to: its readings. */
export function meterReadingsTopic(imei: string): string {
  return `meters/${imei}/readings`;
}

/** The one topic a meter may subscribe to: the gateway's acks for its readings. */
export function meterAcksTopic(imei: string): string {
  return `meters/${imei}/acks`;
}

/** The shared subscription through which ingestion workers split the readings of every meter. */
export const METER_INGEST_SHARED_SUBSCRIPTION = '$share/ingest/meters/+/readings';

/** Whether the meter `imei` may publish to `topic`: only its own readings topic. */
export function canMeterPublish(imei: string, topic: string): boolean {
  return isImei(imei) && topic === meterReadingsTopic(imei);
}

/**
 * Whether the meter `imei` may subscribe to `filter`: only its own acks topic, written out. A
 * wildcard, another meter's topic or `$SYS` is refused even when it would match the own topic.
 */
export function canMeterSubscribe(imei: string, filter: string): boolean {
  return isImei(imei) && filter === meterAcksTopic(imei);
}

/** The IMEI in a readings topic (`meters/{imei}/readings`), or null for any other topic. */
export function imeiOfReadingsTopic(topic: string): string | null {
  const match = /^meters\/(\d{15})\/readings$/.exec(topic);
  return match?.[1] ?? null;
}

/** Largest uplink payload, in bytes of UTF-8: 100 readings of about 200 bytes fit three times over. */
export const METER_PAYLOAD_MAX_BYTES = 64 * 1024;
/** Most readings in one message (a JSON array). */
export const METER_READINGS_PER_MESSAGE_MAX = 100;
/** Longest reading id, in characters. */
export const METER_READING_ID_MAX = 64;
/** How far ahead of the server's clock a meter's clock may run before a reading is refused. */
export const METER_FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
/** How old a reading may be; older ones come from a meter whose clock was reset. */
export const METER_MAX_AGE_DAYS = 365;
/**
 * When a meter is bound, its readings that were stored while nobody had it become the binder's
 * records if they were measured within this many days (and after the meter's last unbind).
 */
export const METER_BACKFILL_DAYS = 30;
/** Glucose a meter may report, in mmol/L; outside 0.3–33.3 it is kept as measured but flagged. */
export const METER_GLUCOSE_LIMITS = { min: 0, max: 99.9 } as const;
/** Pressures and pulse a meter may report; above the manual entry's 250 they are kept but flagged. */
export const METER_BP_LIMITS = { min: 1, max: 300 } as const;
/** Battery level in percent. */
export const METER_BATTERY_LIMITS = { min: 0, max: 100 } as const;
/** Received signal strength in dBm. */
export const METER_SIGNAL_LIMITS = { min: -150, max: 0 } as const;

/** Where a meter's value lies outside what a person may type in: kept as measured, flagged. */
export type MeterOutOfRange = 'low' | 'high' | null;

/** A glucose reading from a meter, checked. */
export type MeterGlucoseReading = {
  readonly kind: 'glucose';
  readonly id: string;
  /** mmol/L, one decimal, as measured (not clamped to the manual 0.3–33.3). */
  readonly sugar: number;
  /** The value and unit the meter sent. */
  readonly rawValue: number;
  readonly unit: 'mmol/L' | 'mg/dL';
  /** The slot the meter chose, or null to take the slot of the measuring time. */
  readonly timeType: number | null;
  readonly measuredAt: Date;
  readonly outOfRange: MeterOutOfRange;
};

/** A blood-pressure reading from a meter, checked. */
export type MeterBpReading = {
  readonly kind: 'bp';
  readonly id: string;
  readonly sbp: number;
  readonly dbp: number;
  readonly hr: number;
  readonly measuredAt: Date;
  readonly outOfRange: MeterOutOfRange;
};

export type MeterReading = MeterGlucoseReading | MeterBpReading;

/** Readings refused for one reason; `ids` holds those that carried a usable id. */
export type MeterRejection = { readonly ids: string[]; readonly reason: string };

/** A meter's message after checking: the good readings, the refused ones and the device health. */
export type MeterUplink = {
  readonly readings: MeterReading[];
  readonly rejected: MeterRejection[];
  /** The last battery level (percent) and signal (dBm) the message reported, if any. */
  readonly battery: number | null;
  readonly signal: number | null;
};

/** How a message's readings ended: stored now, stored before (a resend), or refused. */
export type MeterAckStatus = 'stored' | 'duplicate' | 'rejected';

/** One downlink ack on `meters/{imei}/acks`. */
export type MeterAck = { readonly ids: string[]; readonly status: MeterAckStatus; readonly reason?: string };

/** The reason given when a reading's kind is not the kind the meter was provisioned for. */
export function meterKindMismatchReason(deviceKind: MeterKind): string {
  return `kind: this meter is provisioned for ${deviceKind} readings`;
}

/** The reason given for readings of an IMEI that was never provisioned (ingestion workers only). */
export const METER_UNKNOWN_DEVICE_REASON = 'unknown meter';

/** The number of bytes the text takes in UTF-8. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const ID_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${METER_READING_ID_MAX}}$`);
const TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const DAY_MS = 86_400_000;

/** Whether a value is a usable reading id: 1–64 printable ASCII characters, no spaces. */
export function isMeterReadingId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/**
 * An ISO 8601 time with a UTC offset (`2026-11-21T08:05:00+08:00`, `…Z`) as an instant; null for
 * anything else, including impossible dates such as 02-30 and times without an offset, whose zone
 * would be a guess.
 */
export function parseMeterTime(text: string): Date | null {
  const m = TIME_PATTERN.exec(text);
  if (!m) {
    return null;
  }
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  // Milliseconds: `.5` is 500, `.05` is 50.
  const fraction = m[7] === undefined ? 0 : Number(m[7]) * 10 ** (3 - m[7].length);
  const offsetMinutes = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10])) : 0;
  if (hour > 23 || minute > 59 || second > 59 || Math.abs(offsetMinutes) > 14 * 60 || Number(m[10] ?? 0) > 59) {
    return null;
  }
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, fraction));
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) {
    return null;
  }
  return new Date(local.getTime() - offsetMinutes * 60_000);
}

type Item = Record<string, unknown>;
type Checked = { reading: MeterReading; battery: number | null; signal: number | null } | { reason: string };

const isInteger = (value: unknown, limits: { readonly min: number; readonly max: number }): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= limits.min && value <= limits.max;

/**
 * `roundTo(value, 1)` for a value of at least 0, without its round trip through a string when the
 * value is a whole number of tenths but for float noise (6.3, 7.2 from 130 mg/dL): nearly every
 * meter's. Within a millionth of a whole number, rounding to 12 significant digits first (what
 * roundTo does against the noise) cannot change which whole number is nearest.
 */
function toTenth(value: number): number {
  const scaled = value * 10;
  const whole = Math.round(scaled);
  return scaled < 1e6 && Math.abs(scaled - whole) < 1e-6 ? whole / 10 : roundTo(value, 1);
}

function checkGlucose(item: Item, id: string, measuredAt: Date): MeterGlucoseReading | string {
  const { value, unit = 'mmol/L', timeType } = item;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return 'value: must be a number';
  }
  if (unit !== 'mmol/L' && unit !== 'mg/dL') {
    return 'unit: must be "mmol/L" or "mg/dL"';
  }
  const mmol = unit === 'mg/dL' ? mgdlToMmol(value) : value;
  if (mmol < METER_GLUCOSE_LIMITS.min || mmol > METER_GLUCOSE_LIMITS.max) {
    return `value: must be from ${METER_GLUCOSE_LIMITS.min} to ${METER_GLUCOSE_LIMITS.max} mmol/L`;
  }
  if (timeType !== undefined && timeType !== null && !isInteger(timeType, { min: 1, max: 8 })) {
    return 'timeType: must be an integer from 1 to 8';
  }
  const sugar = toTenth(mmol);
  const outOfRange = sugar < SUGAR_MIN ? 'low' : sugar > SUGAR_MAX ? 'high' : null;
  return {
    kind: 'glucose',
    id,
    sugar,
    rawValue: value,
    unit,
    timeType: typeof timeType === 'number' ? timeType : null,
    measuredAt,
    outOfRange,
  };
}

function checkBp(item: Item, id: string, measuredAt: Date): MeterBpReading | string {
  for (const field of ['sbp', 'dbp', 'hr'] as const) {
    if (!isInteger(item[field], METER_BP_LIMITS)) {
      return `${field}: must be an integer from ${METER_BP_LIMITS.min} to ${METER_BP_LIMITS.max}`;
    }
  }
  const [sbp, dbp, hr] = [item.sbp, item.dbp, item.hr] as [number, number, number];
  // The same rule as a typed reading (validateBloodPressureEntry): a cuff cannot measure systolic at
  // or under diastolic, so such a pair is a fault, not a reading to tell relatives about.
  if (sbp <= dbp) {
    return 'sbp: must be above dbp';
  }
  const outOfRange = Math.max(sbp, dbp, hr) > BP_VALUE_MAX ? 'high' : null;
  return { kind: 'bp', id, sbp, dbp, hr, measuredAt, outOfRange };
}

/** Checks one reading object of a message, in the order the protocol document lists its fields. */
function checkReading(item: unknown, now: number): Checked {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { reason: 'reading: must be a JSON object' };
  }
  const fields = item as Item;
  if (!isMeterReadingId(fields.id)) {
    return { reason: `id: must be a string of 1–${METER_READING_ID_MAX} printable ASCII characters without spaces` };
  }
  if (fields.kind !== 'glucose' && fields.kind !== 'bp') {
    return { reason: 'kind: must be "glucose" or "bp"' };
  }
  const measuredAt = typeof fields.measuredAt === 'string' ? parseMeterTime(fields.measuredAt) : null;
  if (!measuredAt) {
    return { reason: 'measuredAt: must be an ISO 8601 time with a UTC offset, e.g. 2026-11-21T08:05:00+08:00' };
  }
  if (measuredAt.getTime() > now + METER_FUTURE_TOLERANCE_MS) {
    return {
      reason: `measuredAt: more than ${METER_FUTURE_TOLERANCE_MS / 60_000} minutes ahead of the server's clock`,
    };
  }
  if (measuredAt.getTime() < now - METER_MAX_AGE_DAYS * DAY_MS) {
    return { reason: `measuredAt: more than ${METER_MAX_AGE_DAYS} days ago (is the meter's clock set?)` };
  }
  const reading =
    fields.kind === 'glucose' ? checkGlucose(fields, fields.id, measuredAt) : checkBp(fields, fields.id, measuredAt);
  if (typeof reading === 'string') {
    return { reason: reading };
  }
  const { battery, signal } = fields;
  if (battery !== undefined && !isInteger(battery, METER_BATTERY_LIMITS)) {
    return { reason: `battery: must be an integer from ${METER_BATTERY_LIMITS.min} to ${METER_BATTERY_LIMITS.max}` };
  }
  if (signal !== undefined && !isInteger(signal, METER_SIGNAL_LIMITS)) {
    return { reason: `signal: must be an integer dBm from ${METER_SIGNAL_LIMITS.min} to ${METER_SIGNAL_LIMITS.max}` };
  }
  return { reading, battery: battery ?? null, signal: signal ?? null };
}

const idOf = (item: unknown): string[] => {
  const id = typeof item === 'object' && item !== null ? (item as Item).id : undefined;
  return isMeterReadingId(id) ? [id] : [];
};

const refuseAll = (items: readonly unknown[], reason: string): MeterUplink => ({
  readings: [],
  rejected: [{ ids: items.flatMap(idOf), reason }],
  battery: null,
  signal: null,
});

/**
 * Checks a meter's message: UTF-8 JSON, one reading object or an array of up to 100. Each reading
 * is judged on its own, so one bad reading does not refuse its neighbours; refusals with the same
 * reason are grouped into one. Unknown fields are ignored so newer firmware can add some.
 */
export function parseMeterUplink(payload: string, now: Instant): MeterUplink {
  // A UTF-16 code unit takes at most 3 bytes of UTF-8, so most payloads need no counting.
  if (payload.length * 3 > METER_PAYLOAD_MAX_BYTES && utf8ByteLength(payload) > METER_PAYLOAD_MAX_BYTES) {
    return refuseAll([], `payload: larger than ${METER_PAYLOAD_MAX_BYTES} bytes`);
  }
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return refuseAll([], 'payload: not valid JSON');
  }
  const items = Array.isArray(data) ? (data as unknown[]) : [data];
  if (items.length === 0) {
    return refuseAll([], 'payload: an empty array holds no readings');
  }
  if (items.length > METER_READINGS_PER_MESSAGE_MAX) {
    return refuseAll(items, `payload: more than ${METER_READINGS_PER_MESSAGE_MAX} readings in one message`);
  }
  const readings: MeterReading[] = [];
  // Made only for a message with a refused reading.
  let byReason: Map<string, string[]> | null = null;
  let battery: number | null = null;
  let signal: number | null = null;
  const nowMs = toMs(now);
  for (const item of items) {
    const checked = checkReading(item, nowMs);
    if ('reason' in checked) {
      byReason ??= new Map();
      byReason.set(checked.reason, [...(byReason.get(checked.reason) ?? []), ...idOf(item)]);
      continue;
    }
    readings.push(checked.reading);
    battery = checked.battery ?? battery;
    signal = checked.signal ?? signal;
  }
  return {
    readings,
    rejected: byReason ? [...byReason].map(([reason, ids]) => ({ ids, reason })) : [],
    battery,
    signal,
  };
}

/** The acks of one message: one per outcome that has readings, stored first. */
export function meterAcks(outcome: {
  readonly stored: readonly string[];
  readonly duplicate: readonly string[];
  readonly rejected: readonly MeterRejection[];
}): MeterAck[] {
  const acks: MeterAck[] = [];
  if (outcome.stored.length > 0) {
    acks.push({ ids: [...outcome.stored], status: 'stored' });
  }
  if (outcome.duplicate.length > 0) {
    acks.push({ ids: [...outcome.duplicate], status: 'duplicate' });
  }
  for (const r of outcome.rejected) {
    acks.push({ ids: [...r.ids], status: 'rejected', reason: r.reason });
  }
  return acks;
}

/** An ack as a meter receives it, or null when the text is not one. */
export function parseMeterAck(text: string): MeterAck | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) {
    return null;
  }
  const { ids, status, reason } = data as Item;
  if (
    !Array.isArray(ids) ||
    !ids.every((id) => typeof id === 'string') ||
    (status !== 'stored' && status !== 'duplicate' && status !== 'rejected')
  ) {
    return null;
  }
  return { ids, status, ...(typeof reason === 'string' && { reason }) };
}
