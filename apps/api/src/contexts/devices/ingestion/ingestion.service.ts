// The API's side of meter ingestion (docs/device-protocol.md): checking a meter's credentials and
// storing batches of its messages, for the internal endpoints the gateway calls through
// @glucoguard/ingestion's HttpMeterStore, and EMQX's HTTP authenticator and authorizer.
import {
  canMeterPublish,
  canMeterSubscribe,
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
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { recordMeterBatch, SugarRepository, type BatchReading } from '../../health';
import { DeviceRepository } from '../meter/meter.repository';

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
 * meter's new readings also become the customer's glucose or pressure records in the same
 * transaction — all of that in one statement, by the readings core (`recordMeterBatch`), whose
 * subscribers pay the points and tell the followers in that transaction. Answers, per message and
 * in order, the acks to send to the meter. Throws only when the database fails; the caller must then not
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
  // The readings core stores the batch in one transaction and tells its subscribers (notices, points).
  const results = await recordMeterBatch(db, candidates, healthOf(parsed), now);
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
