// The API's side of meter ingestion (docs/device-protocol.md): checking a meter's credentials and
// storing batches of its messages, for the internal endpoints the gateway calls through
// @glucoguard/ingestion's HttpMeterStore, and EMQX's HTTP authenticator and authorizer.
import {
  canMeterPublish,
  canMeterSubscribe,
  chinaDateKey,
  isImei,
  meterAcks,
  meterKindMismatchReason,
  METER_UNKNOWN_DEVICE_REASON,
  parseMeterUplink,
  slotFinder,
  type MeterAck,
  type MeterRejection,
  type MeterUplink,
} from '@glucoguard/domain';
import {
  checkMeterCredentials,
  DerivationBusyError,
  type MeterAuthResult,
  type MeterCredentials,
  type MeterMessage,
} from '@glucoguard/ingestion';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { FollowerRepository, type NoticeRecipient } from '../../social/follow/follow.repository';
import { notifyFollowersOfReading } from '../../social/notice/notice.service';
import { awardForReading } from '../../engagement/points/points.service';
import { SugarRepository } from '../../health/glucose/glucose.repository';
import {
  DeviceRepository,
  type BatchReading,
  type PressureRecordRow,
  type SugarRecordRow,
} from '../meter/meter.repository';

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
  tx: Db,
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

/**
 * The slot of a moment by the sugar slot dictionary, for ingestion: the dictionary is read once a
 * minute at most — the API seeds it as it starts and nothing changes it afterwards — and a meter
 * batch needs it whenever a reading comes without a slot. An empty dictionary (a gateway storing
 * in a database the API has migrated but not seeded yet) is not kept.
 */
type SlotOf = (instant: Date) => number | undefined;
let slotCache: { until: number; finder: Promise<SlotOf> } | null = null;
const SLOT_CACHE_MS = 60_000;

function cachedSlotFinder(db: Db): Promise<SlotOf> {
  const now = Date.now();
  if (!slotCache || slotCache.until < now) {
    const finder = new SugarRepository(db).slots().then((entries) => {
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
  db: Db,
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
    const slotOf = await cachedSlotFinder(db);
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
  await inTransaction(db, async (tx) => {
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
 * Checks a meter's MQTT credentials (@glucoguard/ingestion `checkMeterCredentials`: the client id
 * must be the IMEI, the IMEI provisioned and the secret its own; an unknown IMEI costs as much
 * time as a wrong secret), and notes when a meter that got in was last seen.
 */
export async function authenticateMeter(db: Db, input: MeterCredentials, now: Date): Promise<MeterAuthResult> {
  const repo = new DeviceRepository(db);
  const device = isImei(input.imei) ? await repo.findByImei(input.imei) : null;
  const verdict = await checkMeterCredentials(input, device).catch((error: unknown) => {
    if (error instanceof DerivationBusyError) {
      // The gateway answers CONNACK 3 (server unavailable): the meter retries with backoff.
      throw new AppError(ErrorCodes.unavailable, '设备认证繁忙，请稍后再试', 503);
    }
    throw error;
  });
  if (verdict.ok && device) {
    await repo.touchLastSeen(device.id, now);
  }
  return verdict;
}

/** EMQX's verdict on a connect, a publish or a subscribe. */
export type EmqxResult = 'allow' | 'deny' | 'ignore';

/**
 * EMQX's HTTP authenticator: a 15-digit username is a meter and gets `allow` or `deny` by the same
 * check as our gateway's; any other username is not ours to judge (`ignore`), so EMQX asks the
 * next authenticator in its chain, the one holding the ingestion workers' user.
 */
export async function emqxAuthenticate(
  db: Db,
  input: { username: string; password: string; clientid: string },
  now: Date,
) {
  if (!isImei(input.username)) {
    return { result: 'ignore' as EmqxResult, is_superuser: false as const };
  }
  const verdict = await authenticateMeter(
    db,
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
