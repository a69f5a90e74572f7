import { randomBytes } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  BIND_CODE_MESSAGES,
  BIND_CODE_RANDOM_SYMBOLS,
  BIND_FAILURES,
  DEVICE_BIND_RATE_LIMITS,
  canMeterPublish,
  canMeterSubscribe,
  DEVICE_KINDS,
  chinaDateKey,
  DEVICE_MESSAGES,
  METER_BACKFILL_DAYS,
  deviceKindOf,
  deviceListGroup,
  deviceNameError,
  formatChinaTime,
  METER_KINDS,
  METER_UNKNOWN_DEVICE_REASON,
  isImei,
  makeBindCode,
  meterAcks,
  normalizeBindCode,
  meterKindMismatchReason,
  parseMeterUplink,
  slotFinder,
  timeTypeAt,
  type MeterAck,
  type MeterKind,
  type MeterRejection,
  type MeterUplink,
  type SugarDictionaryEntry,
} from '@glucoguard/domain';
import { sql } from '../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../lib/errors';
import { FollowerRepository, type NoticeRecipient } from '../../contexts/social/follow/follow.repository';
import { notifyFollowersOfReading } from '../../contexts/social/notice/notice.service';
import { awardForReading } from '../../contexts/engagement/points/points.service';
import { takeRateLimit } from '../rate-limit/rateLimit.service';
import { SugarRepository } from '../../contexts/health/glucose/glucose.repository';
import { Device } from './device.entity';
import {
  DeviceRepository,
  type BatchReading,
  type PressureRecordRow,
  type SugarRecordRow,
  type UnattachedReading,
} from './device.repository';
import { hashDeviceSecret, newDeviceSecret, verifyDeviceSecret } from './device.secret';
import { DerivationBusyError } from './device.secret-worker';

/** One MQTT message of a meter as the gateway or an ingestion worker hands it over. */
export interface MeterMessage {
  imei: string;
  /** The MQTT packet id, for logs only: a resend may carry a new one. */
  messageId?: string;
  /** The payload as UTF-8 text. */
  payload: string;
}

const DAY_MS = 86_400_000;
const key = (imei: string, readingId: string) => `${imei}|${readingId}`;

/** Adds a refusal to a message's list, joining one with the same reason. */
function refuse(rejected: MeterRejection[], id: string, reason: string) {
  const index = rejected.findIndex((r) => r.reason === reason);
  const existing = rejected[index];
  if (existing) {
    rejected[index] = { reason, ids: [...existing.ids, id] };
  } else {
    rejected.push({ ids: [id], reason });
  }
}

/** What a record is made from: a reading just received, or one stored while its meter was unbound. */
type RecordSource = Pick<
  UnattachedReading,
  'kind' | 'imei' | 'measuredAt' | 'sugar' | 'timeType' | 'sbp' | 'dbp' | 'hr'
>;

/** The sugar or pressure record a reading becomes for a customer; its slot comes from the dictionary when the meter gave none. */
function recordOf(
  reading: RecordSource,
  id: string,
  customerId: string,
  dictionary: readonly SugarDictionaryEntry[],
): { sugar?: SugarRecordRow; pressure?: PressureRecordRow } {
  if (reading.kind === 'glucose') {
    const timeType = reading.timeType ?? timeTypeAt(reading.measuredAt, dictionary) ?? 1;
    return {
      sugar: {
        id,
        customerId,
        timeType,
        sugar: reading.sugar ?? 0,
        measuredAt: reading.measuredAt,
        imei: reading.imei,
      },
    };
  }
  return {
    pressure: {
      id,
      customerId,
      sbp: reading.sbp ?? 0,
      dbp: reading.dbp ?? 0,
      hr: reading.hr ?? 0,
      measuredAt: reading.measuredAt,
      imei: reading.imei,
    },
  };
}

async function dictionaryOf(em: EntityManager): Promise<SugarDictionaryEntry[]> {
  return (await new SugarRepository(em).slots()).map((s) => ({ ...s }));
}

/**
 * Makes the sugar and pressure records of `sources` for the customer, with ids allocated in
 * advance so the caller can link each reading to its record in the same statement that stores it.
 */
async function makeRecords(
  repo: DeviceRepository,
  em: EntityManager,
  sources: readonly { source: RecordSource; recordId: string; customerId: string }[],
  now: Date,
) {
  if (sources.length === 0) {
    return [];
  }
  const needsDictionary = sources.some((s) => s.source.kind === 'glucose' && s.source.timeType === null);
  const dictionary = needsDictionary ? await dictionaryOf(em) : [];
  const records = sources.map((s) => recordOf(s.source, s.recordId, s.customerId, dictionary));
  await repo.insertSugarRecords(
    records.flatMap((r) => (r.sugar ? [r.sugar] : [])),
    now,
  );
  await repo.insertPressureRecords(
    records.flatMap((r) => (r.pressure ? [r.pressure] : [])),
    now,
  );
  return records;
}

/**
 * What a meter's new records earn and tell: points for each up to the daily cap (key
 * `meter:{imei}:{id}`, paid at the moment it reached us, so a resend pays nothing and a backlog
 * cannot pay for past days), and one
 * notice to the followers per customer and kind, of the newest reading of the batch (a meter that
 * comes back online with a backlog does not flood them). Customers are taken in id order, so two
 * batches take the points ledger's per-customer locks in the same order. Answers the
 * `customer|task` groups that reached the day's cap, for the caller to remember after the commit.
 */
async function announceRecords(
  tx: EntityManager,
  fresh: readonly {
    imei: string;
    readingId: string;
    record: { sugar?: SugarRecordRow; pressure?: PressureRecordRow };
  }[],
  now: Date,
  /** The followers to tell, by patient, when the caller has them; else looked up here. */
  known?: Map<string, NoticeRecipient[]>,
): Promise<string[]> {
  // Once a customer's reading pays 0 (the day's cap is reached), the rest of that China day's
  // readings would pay 0 too: they are skipped, so a meter's stream costs no ledger calls once
  // capped and leaves no zero lines in the ledger.
  const day = chinaDateKey(now);
  const capped: string[] = [];
  const taskOf = (record: { sugar?: SugarRecordRow }) => (record.sugar ? 'SUGAR_TEST' : 'BLOOD_PRESSURE_TEST');
  const payable = fresh.filter(({ record }) => cappedOn.get(`${customerOfRecord(record)}|${taskOf(record)}`) !== day);
  payable.sort((a, b) => customerOfRecord(a.record).localeCompare(customerOfRecord(b.record)));
  for (const { imei, readingId, record } of payable) {
    const kind = taskOf(record);
    const group = `${customerOfRecord(record)}|${kind}`;
    if (!capped.includes(group)) {
      const paid = await awardForReading(tx, customerOfRecord(record), kind, `meter:${imei}:${readingId}`, now);
      if (!paid.duplicate && paid.score === 0) {
        capped.push(group);
      }
    }
  }
  if (known?.size === 0) {
    // Nobody follows the owners of these records: there is no notice to send.
    return capped;
  }
  const newest = new Map<string, { sugar?: SugarRecordRow; pressure?: PressureRecordRow }>();
  for (const { record } of fresh) {
    const group = `${customerOfRecord(record)}|${record.sugar ? 's' : 'b'}`;
    const last = newest.get(group);
    if (!last || measuredAtOf(record) >= measuredAtOf(last)) {
      newest.set(group, record);
    }
  }
  // One statement finds who follows any of the batch's customers; most have nobody to tell.
  const recipients =
    known ??
    (await new FollowerRepository(tx).noticeRecipientsOf([...new Set([...newest.values()].map(customerOfRecord))]));
  for (const record of newest.values()) {
    const { sugar, pressure } = record;
    const followers = recipients.get(customerOfRecord(record));
    if (!followers) {
      continue;
    }
    if (sugar) {
      await notifyFollowersOfReading(
        tx,
        {
          kind: 'bloodSugar',
          id: sugar.id,
          customerId: sugar.customerId,
          measuredAt: sugar.measuredAt,
          sugar: sugar.sugar,
          timeType: sugar.timeType,
        },
        now,
        followers,
      );
    } else if (pressure) {
      await notifyFollowersOfReading(
        tx,
        {
          kind: 'bloodPressure',
          id: pressure.id,
          customerId: pressure.customerId,
          measuredAt: pressure.measuredAt,
          sbp: pressure.sbp,
          dbp: pressure.dbp,
          hr: pressure.hr,
        },
        now,
        followers,
      );
    }
  }
  return capped;
}

/**
 * `customer|task` → the China day its meter readings reached the daily cap, in this process: the
 * ledger only grows, so a cap reached stays reached for that day, and a busy meter then costs no
 * ledger call at all. Another process learns it with one call of its own.
 */
const cappedOn = new Map<string, string>();
const CAPPED_MEMORY_MAX = 100_000;

function rememberCapped(group: string, day: string) {
  if (cappedOn.size >= CAPPED_MEMORY_MAX) {
    cappedOn.clear();
  }
  cappedOn.set(group, day);
}

const customerOfRecord = (r: { sugar?: SugarRecordRow; pressure?: PressureRecordRow }) =>
  (r.sugar ?? r.pressure)?.customerId ?? '';
const measuredAtOf = (r: { sugar?: SugarRecordRow; pressure?: PressureRecordRow }) =>
  (r.sugar ?? r.pressure)?.measuredAt.getTime() ?? 0;

/** `count` ids each for sugar and pressure records, handed out in the order of `kinds`. */
async function recordIdsFor(repo: DeviceRepository, kinds: readonly MeterKind[]): Promise<string[]> {
  const sugarIds = await repo.allocateIds('sugar_test', kinds.filter((k) => k === 'glucose').length);
  const pressureIds = await repo.allocateIds('blood_pressure_test', kinds.filter((k) => k === 'bp').length);
  return kinds.map((k) => (k === 'glucose' ? sugarIds : pressureIds).shift() as string);
}

/**
 * The slot of a moment by the sugar slot dictionary, for ingestion: the dictionary is read once a
 * minute at most — the API seeds it as it starts and nothing changes it afterwards — and a meter
 * batch needs it whenever a reading comes without a slot. An empty dictionary (a gateway storing
 * in a database the API has migrated but not seeded yet) is not kept.
 */
type SlotOf = (instant: Date) => number | undefined;
let slotCache: { until: number; finder: Promise<SlotOf> } | null = null;
const SLOT_CACHE_MS = 60_000;

function cachedSlotFinder(em: EntityManager): Promise<SlotOf> {
  const now = Date.now();
  if (!slotCache || slotCache.until < now) {
    const finder = dictionaryOf(em).then((entries) => {
      if (entries.length === 0) {
        slotCache = null;
      }
      return slotFinder(entries);
    });
    slotCache = { until: now + SLOT_CACHE_MS, finder };
    // A failed read is not kept.
    finder.catch(() => (slotCache = null));
  }
  return slotCache.finder;
}

/** The record a stored reading became, as announceRecords takes it. */
function madeRecord(
  row: BatchReading,
  recordId: string,
  customerId: string,
): { sugar?: SugarRecordRow; pressure?: PressureRecordRow } {
  const { imei, reading } = row;
  return reading.kind === 'glucose'
    ? {
        sugar: {
          id: recordId,
          customerId,
          timeType: row.recordTimeType ?? 1,
          sugar: reading.sugar,
          measuredAt: reading.measuredAt,
          imei,
        },
      }
    : {
        pressure: {
          id: recordId,
          customerId,
          sbp: reading.sbp,
          dbp: reading.dbp,
          hr: reading.hr,
          measuredAt: reading.measuredAt,
          imei,
        },
      };
}

/** The meters' last battery and signal in the batch (null keeps what was known). */
function healthOf(parsed: readonly { imei: string; uplink: MeterUplink }[]) {
  const health = new Map<string, { imei: string; battery: number | null; signal: number | null }>();
  for (const { imei, uplink } of parsed) {
    const last = health.get(imei);
    health.set(imei, {
      imei,
      battery: uplink.battery ?? last?.battery ?? null,
      signal: uplink.signal ?? last?.signal ?? null,
    });
  }
  return [...health.values()].sort((a, b) => a.imei.localeCompare(b.imei));
}

/**
 * Stores the readings of a batch of meter messages in one transaction, each reading exactly once:
 * `(imei, readingId)` is unique, so a resend stores nothing and is reported as a duplicate. A bound
 * meter's new readings also become the customer's sugar or pressure records in the same
 * transaction — all of that in one statement (DeviceRepository.ingest); points and notices follow
 * in the same transaction only when there are any to give. Answers, per message and in order, the
 * acks to send to the meter. Throws only when the database fails; the caller must then not
 * acknowledge any of the messages.
 */
export async function storeMeterMessages(
  em: EntityManager,
  messages: readonly MeterMessage[],
  now: Date,
): Promise<{ acks: MeterAck[] }[]> {
  const parsed = messages.map((m) => ({ imei: m.imei, uplink: parseMeterUplink(m.payload, now) }));
  // A reading sent twice within the batch goes to the database once; the repeat is answered like
  // the first copy when that is refused, else as a duplicate.
  const candidates: BatchReading[] = [];
  const messageOf: number[] = [];
  const repeats: { message: number; id: string; first: number }[] = [];
  const seen = new Map<string, number>();
  let needsSlots = false;
  parsed.forEach(({ imei, uplink }, message) => {
    for (const reading of uplink.readings) {
      const k = key(imei, reading.id);
      const first = seen.get(k);
      if (first !== undefined) {
        repeats.push({ message, id: reading.id, first });
      } else {
        seen.set(k, candidates.length);
        candidates.push({ imei, reading, recordTimeType: reading.kind === 'glucose' ? reading.timeType : null });
        messageOf.push(message);
        needsSlots ||= reading.kind === 'glucose' && reading.timeType === null;
      }
    }
  });
  if (needsSlots) {
    const slotOf = await cachedSlotFinder(em);
    for (const c of candidates) {
      if (c.reading.kind === 'glucose' && c.recordTimeType === null) {
        c.recordTimeType = slotOf(c.reading.measuredAt) ?? 1;
      }
    }
  }
  const outcomes = parsed.map((p) => ({
    stored: [] as string[],
    duplicate: [] as string[],
    rejected: [...p.uplink.rejected],
  }));
  const capped: string[] = [];
  await em.transactional(async (tx) => {
    const { results, recipients } = await new DeviceRepository(tx).ingest(candidates, healthOf(parsed), now);
    const fresh: {
      imei: string;
      readingId: string;
      record: { sugar?: SugarRecordRow; pressure?: PressureRecordRow };
    }[] = [];
    const reasonOf = (i: number) => {
      const result = results[i]!;
      return result.status === 'unknownMeter'
        ? METER_UNKNOWN_DEVICE_REASON
        : result.status === 'otherKind'
          ? meterKindMismatchReason(result.meterKind)
          : null;
    };
    for (let i = 0; i < candidates.length; i += 1) {
      const c = candidates[i]!;
      const result = results[i]!;
      const outcome = outcomes[messageOf[i]!]!;
      if (result.status === 'stored') {
        outcome.stored.push(c.reading.id);
        if (result.recordId !== null && result.customerId !== null) {
          fresh.push({
            imei: c.imei,
            readingId: c.reading.id,
            record: madeRecord(c, result.recordId, result.customerId),
          });
        }
      } else if (result.status === 'duplicate') {
        outcome.duplicate.push(c.reading.id);
      } else {
        refuse(outcome.rejected, c.reading.id, reasonOf(i)!);
      }
    }
    for (const r of repeats) {
      const reason = reasonOf(r.first);
      if (reason === null) {
        outcomes[r.message]!.duplicate.push(r.id);
      } else {
        refuse(outcomes[r.message]!.rejected, r.id, reason);
      }
    }
    if (fresh.length > 0) {
      const byPatient = new Map<string, NoticeRecipient[]>();
      for (const { patientId, ...recipient } of recipients) {
        byPatient.set(patientId, [...(byPatient.get(patientId) ?? []), recipient]);
      }
      capped.push(...(await announceRecords(tx, fresh, now, byPatient)));
    }
  });
  // Only a committed cap is remembered: a batch that rolled back took its points with it.
  capped.forEach((group) => rememberCapped(group, chinaDateKey(now)));
  return outcomes.map((o) => ({ acks: meterAcks(o) }));
}

/**
 * Checks a meter's MQTT credentials: the client id must be the IMEI, the IMEI provisioned and the
 * secret its own. An unknown IMEI costs as much time as a wrong secret.
 */
export async function authenticateMeter(
  em: EntityManager,
  input: { imei: string; secret: string; clientId: string },
  now: Date,
) {
  const device = isImei(input.imei) ? await new DeviceRepository(em).findByImei(input.imei) : null;
  const secretOk = await verifyDeviceSecret(input.secret, device?.secretHash ?? null).catch((error: unknown) => {
    if (error instanceof DerivationBusyError) {
      // The gateway answers CONNACK 3 (server unavailable): the meter retries with backoff.
      throw new AppError(ErrorCodes.unavailable, '设备认证繁忙，请稍后再试', 503);
    }
    throw error;
  });
  if (!device || !secretOk || input.clientId !== input.imei) {
    return { ok: false, kind: null };
  }
  await sql(em).execute('update device set last_seen_at = ? where id = ?', [now, device.id]);
  return { ok: true, kind: device.kind as MeterKind };
}

/** EMQX's verdict on a connect, a publish or a subscribe. */
export type EmqxResult = 'allow' | 'deny' | 'ignore';

/**
 * EMQX's HTTP authenticator: a 15-digit username is a meter and gets `allow` or `deny` by the same
 * check as our gateway's; any other username is not ours to judge (`ignore`), so EMQX asks the
 * next authenticator in its chain, the one holding the ingestion workers' user.
 */
export async function emqxAuthenticate(
  em: EntityManager,
  input: { username: string; password: string; clientid: string },
  now: Date,
) {
  if (!isImei(input.username)) {
    return { result: 'ignore' as EmqxResult, is_superuser: false as const };
  }
  const verdict = await authenticateMeter(
    em,
    { imei: input.username, secret: input.password, clientId: input.clientid },
    now,
  );
  return { result: (verdict.ok ? 'allow' : 'deny') as EmqxResult, is_superuser: false as const };
}

/** EMQX's HTTP authorizer: the gateway's ACL (packages/domain) for meters, `ignore` for anyone else. */
export function emqxAuthorize(input: {
  username: string;
  clientid: string;
  topic: string;
  action: 'publish' | 'subscribe' | 'all';
}): { result: EmqxResult } {
  if (!isImei(input.username)) {
    return { result: 'ignore' };
  }
  const imei = input.username;
  const allowed =
    input.clientid === imei &&
    ((input.action === 'publish' && canMeterPublish(imei, input.topic)) ||
      (input.action === 'subscribe' && canMeterSubscribe(imei, input.topic)));
  return { result: allowed ? 'allow' : 'deny' };
}

/** A device as the provisioning tool lists it. */
export function deviceSummary(d: Device) {
  return {
    imei: d.imei,
    kind: d.kind as MeterKind,
    model: d.model,
    hasBindCode: d.bindCodeHash !== null,
    name: d.name ?? null,
    customerId: d.customerId ?? null,
    lastSeenAt: d.lastSeenAt ?? null,
    battery: d.battery ?? null,
    signal: d.signal ?? null,
  };
}

/** Why provisioning refused its input. */
export class ProvisioningError extends Error {
  override name = 'ProvisioningError';
}

/** A new bind code (domain `makeBindCode`, from the system's random source) and its stored hash. */
async function newBindCode(given?: string): Promise<{ bindCode: string; bindCodeHash: string }> {
  const bindCode = given ?? makeBindCode(randomBytes(BIND_CODE_RANDOM_SYMBOLS));
  if (normalizeBindCode(bindCode) !== bindCode) {
    throw new ProvisioningError(`"${bindCode}" is not a bind code.`);
  }
  return { bindCode, bindCodeHash: await hashDeviceSecret(bindCode) };
}

/**
 * Creates a meter and returns its secret and bind code, which are not stored (only their hashes)
 * and so can never be shown again. `secret` and `bindCode` are given only by the demo seed and tests.
 */
export async function provisionDevice(
  em: EntityManager,
  input: { imei: string; kind: string; model?: string; secret?: string; bindCode?: string },
  now: Date,
) {
  if (!isImei(input.imei)) {
    throw new ProvisioningError(`--imei must be 15 digits, got "${input.imei}".`);
  }
  if (!(METER_KINDS as readonly string[]).includes(input.kind)) {
    throw new ProvisioningError(`--kind must be one of ${METER_KINDS.join(', ')}, got "${input.kind}".`);
  }
  const model = input.model ?? '';
  if (model.length > 32) {
    throw new ProvisioningError('--model must be at most 32 characters.');
  }
  if (await new DeviceRepository(em).findByImei(input.imei)) {
    throw new ProvisioningError(
      `A device with IMEI ${input.imei} is already provisioned (use rotate-secret to issue a new secret).`,
    );
  }
  const secret = input.secret ?? newDeviceSecret();
  const { bindCode, bindCodeHash } = await newBindCode(input.bindCode);
  const device = em.create(Device, {
    imei: input.imei,
    kind: input.kind,
    model,
    secretHash: await hashDeviceSecret(secret),
    bindCodeHash,
    createdAt: now,
  });
  await em.flush();
  return { device, secret, bindCode };
}

/** Issues a new secret for a meter; the old one stops working at once (after the gateway's short auth cache). */
export async function rotateDeviceSecret(em: EntityManager, imei: string) {
  const device = await new DeviceRepository(em).findByImei(imei);
  if (!device) {
    throw new ProvisioningError(`No device with IMEI ${imei} is provisioned.`);
  }
  const secret = newDeviceSecret();
  device.secretHash = await hashDeviceSecret(secret);
  await em.flush();
  return { device, secret };
}

/**
 * Issues a new bind code for a meter, for a new label: a lost or unreadable one, or a meter
 * provisioned before bind codes. The old code stops working at once; a binding stays as it is.
 */
export async function issueBindCode(em: EntityManager, imei: string) {
  const device = await new DeviceRepository(em).findByImei(imei);
  if (!device) {
    throw new ProvisioningError(`No device with IMEI ${imei} is provisioned.`);
  }
  const { bindCode, bindCodeHash } = await newBindCode();
  device.bindCodeHash = bindCodeHash;
  await em.flush();
  return { device, bindCode };
}

/** Issues bind codes for every meter that has none (those provisioned before bind codes), in IMEI order. */
export async function issueMissingBindCodes(em: EntityManager) {
  const issued: { device: Device; bindCode: string }[] = [];
  for (const device of await em.find(Device, { bindCodeHash: null }, { orderBy: { imei: 'asc' } })) {
    const { bindCode, bindCodeHash } = await newBindCode();
    device.bindCodeHash = bindCodeHash;
    issued.push({ device, bindCode });
  }
  await em.flush();
  return issued;
}

/**
 * Turns the meter's readings that were stored while nobody had it into the customer's records:
 * those measured in the last {@link METER_BACKFILL_DAYS} days and received after the meter's last
 * unbind (older ones may be the previous owner's). Returns how many it attached.
 */
export async function attachUnboundReadings(
  em: EntityManager,
  device: Pick<Device, 'imei' | 'unboundAt'>,
  customerId: string,
  now: Date,
): Promise<number> {
  const repo = new DeviceRepository(em);
  const readings = await repo.unattached(
    device.imei,
    new Date(now.getTime() - METER_BACKFILL_DAYS * DAY_MS),
    device.unboundAt ?? null,
  );
  if (readings.length === 0) {
    return 0;
  }
  const ids = await recordIdsFor(
    repo,
    readings.map((r) => r.kind),
  );
  const links = readings.map((reading, i) => ({
    source: reading,
    imei: reading.imei,
    readingId: reading.readingId,
    recordId: ids[i] as string,
    customerId,
  }));
  await makeRecords(repo, em, links, now);
  await repo.attach(links);
  return readings.length;
}

/** Why `bindDevice` did not bind; the bind call answers the first and the last alike (domain `BIND_FAILURES.notBindable`). */
export type BindFailure = 'unknownDevice' | 'boundBySelf' | 'boundByOther';

/**
 * Binds a provisioned meter to the customer and attaches its unbound readings, in one
 * transaction. It trusts its caller: the bind call (`bindDeviceForCustomer`) checks the bind code
 * and the rate limit first; tests and tools call it directly.
 */
export async function bindDevice(
  em: EntityManager,
  customerId: string,
  imei: string,
  now: Date,
): Promise<{ ok: true; device: Device; attached: number } | { ok: false; cause: BindFailure }> {
  return em.transactional(async (tx) => {
    const device = isImei(imei) ? await tx.findOne(Device, { imei }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (!device) {
      return { ok: false, cause: 'unknownDevice' as const };
    }
    if (device.customerId) {
      return {
        ok: false,
        cause: device.customerId === customerId ? ('boundBySelf' as const) : ('boundByOther' as const),
      };
    }
    const repo = new DeviceRepository(tx);
    if (!(await repo.bind(imei, customerId, now))) {
      return { ok: false, cause: 'boundByOther' as const };
    }
    const attached = await attachUnboundReadings(tx, device, customerId, now);
    await tx.refresh(device);
    return { ok: true as const, device, attached };
  });
}

/** Unbinds the customer's meter; its records stay theirs. Returns false when it was not bound to them. */
export async function unbindDevice(em: EntityManager, customerId: string, imei: string, now: Date): Promise<boolean> {
  return new DeviceRepository(em).unbind(imei, customerId, now);
}

/** The device as the binding screens see it (spec 2 §3 Device), with last seen, battery and signal beyond the spec. */
export function deviceVo(d: Device) {
  const deviceKind = deviceKindOf(d.kind);
  return {
    id: String(d.id),
    deviceImei: d.imei,
    deviceName: d.name ?? '',
    deviceKind,
    kind: d.kind,
    model: d.model,
    iccid: d.iccid ?? null,
    createTime: formatChinaTime(d.boundAt ?? d.createdAt, 'YYYY-MM-DD HH:mm:ss'),
    lastSeenAt: d.lastSeenAt ? d.lastSeenAt.toISOString() : null,
    battery: d.battery ?? null,
    signal: d.signal ?? null,
  };
}

export type DeviceVo = ReturnType<typeof deviceVo>;

/** The kinds a patient can bind (spec: GET /device/v1/queryDeviceKindList). */
export function deviceKindList() {
  return DEVICE_KINDS.map((k) => ({ deviceKind: k.deviceKind, kindName: k.kindName }));
}

/** The caller's devices in the spec's three lists, newest bind first. */
export async function deviceList(em: EntityManager, customerId: string) {
  const devices = await em.find(Device, { customerId }, { orderBy: { boundAt: 'desc', id: 'desc' } });
  const lists = {
    disabeDeviceList: [] as DeviceVo[],
    hypertensionDeviceList: [] as DeviceVo[],
    otherDeviceList: [] as DeviceVo[],
  };
  for (const device of devices) {
    const vo = deviceVo(device);
    lists[deviceListGroup(vo.deviceKind)].push(vo);
  }
  return { existsFlag: devices.length > 0, ...lists };
}

const deviceNotFound = () => notFound(DEVICE_MESSAGES.notFound);

/** The caller's device by IMEI or id; another user's answers exactly like a missing one. */
async function ownDevice(
  em: EntityManager,
  customerId: string,
  where: { imei: string } | { id: string },
): Promise<Device> {
  const valid = 'imei' in where ? isImei(where.imei) : /^\d{1,18}$/.test(where.id);
  const device = valid ? await em.findOne(Device, { ...where, customerId }) : null;
  if (!device) {
    throw deviceNotFound();
  }
  return device;
}

/** The one answer for an unknown IMEI, a meter somebody else has, a wrong bind code and a meter without one. */
const notBindable = () => new AppError(BIND_FAILURES.notBindable.code, BIND_FAILURES.notBindable.errMsg, 404);
const boundBySelf = () => new AppError(BIND_FAILURES.boundBySelf.code, BIND_FAILURES.boundBySelf.errMsg, 409);

/**
 * Binds a meter for the caller (spec: POST /device/v1/bind) on proof of possession: the bind code
 * on its label. Malformed input is refused before anything is counted or looked up; every
 * well-formed attempt then takes one of the customer's bind attempts (429 when they are used up).
 * An unknown IMEI, a meter bound by somebody else, a wrong code and a meter that has no code yet
 * all answer `notBindable` alike, after the same hash comparison (a decoy's when there is no
 * hash), so neither the answer nor its time tells which IMEIs exist. Only the caller's own meter
 * is named (`boundBySelf`).
 */
export async function bindDeviceForCustomer(
  em: EntityManager,
  customerId: string,
  input: { deviceImei: string; bindCode: string },
  now: Date,
) {
  const imei = input.deviceImei.trim();
  if (!isImei(imei)) {
    throw new AppError(ErrorCodes.badRequest, DEVICE_MESSAGES.badImei);
  }
  const bindCode = normalizeBindCode(input.bindCode);
  if (bindCode === null) {
    throw new AppError(
      ErrorCodes.badRequest,
      input.bindCode.trim() === '' ? BIND_CODE_MESSAGES.required : BIND_CODE_MESSAGES.invalid,
    );
  }
  await takeRateLimit(em, 'deviceBind', customerId, DEVICE_BIND_RATE_LIMITS, now);
  const device = await new DeviceRepository(em).findByImei(imei);
  if (device?.customerId === customerId) {
    throw boundBySelf();
  }
  // The code is checked on the device-secret worker thread, like a meter's secret; when a flood of
  // meter sign-ins fills its queue, the patient is asked to try again (the attempt was counted).
  const proven = await verifyDeviceSecret(bindCode, device?.bindCodeHash ?? null).catch((error: unknown) => {
    throw error instanceof DerivationBusyError
      ? new AppError(ErrorCodes.unavailable, '服务繁忙，请稍后再试', 503)
      : error;
  });
  // Somebody else's meter is refused here even with the right code, without a transaction, so
  // that answer takes no longer than a wrong code's.
  if (!device || !proven || device.customerId) {
    throw notBindable();
  }
  const result = await bindDevice(em, customerId, imei, now);
  if (!result.ok) {
    throw result.cause === 'boundBySelf' ? boundBySelf() : notBindable();
  }
  return { device: deviceVo(result.device), attached: result.attached };
}

/** Renames the caller's device (spec: POST /device/v1/edit); the same name again changes nothing. */
export async function renameDevice(
  em: EntityManager,
  customerId: string,
  input: { deviceImei: string; deviceName: string },
) {
  const problem = deviceNameError(input.deviceName);
  if (problem) {
    throw new AppError(ErrorCodes.badRequest, problem);
  }
  const device = await ownDevice(em, customerId, { imei: input.deviceImei.trim() });
  const name = input.deviceName.trim();
  if (device.name !== name) {
    device.name = name;
    await em.flush();
  }
  return deviceVo(device);
}

/** Unbinds the caller's device by its id (spec: POST /device/v1/unbind); its records stay the caller's. */
export async function unbindDeviceForCustomer(em: EntityManager, customerId: string, id: string, now: Date) {
  const device = await ownDevice(em, customerId, { id: id.trim() });
  if (!(await unbindDevice(em, customerId, device.imei, now))) {
    throw deviceNotFound();
  }
  return { id: String(device.id) };
}
