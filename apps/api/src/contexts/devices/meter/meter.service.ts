// Meters: provisioning (the `npm run device` tool), and binding them to customers with the
// records their unbound readings become (spec 2 §2.17). Storing what meters send is the
// ingestion module's (../ingestion).
import { randomBytes } from 'node:crypto';
import {
  BIND_CODE_MESSAGES,
  BIND_CODE_RANDOM_SYMBOLS,
  BIND_FAILURES,
  DEVICE_BIND_RATE_LIMITS,
  DEVICE_KINDS,
  DEVICE_MESSAGES,
  METER_BACKFILL_DAYS,
  deviceKindOf,
  deviceListGroup,
  deviceNameError,
  formatChinaTime,
  METER_KINDS,
  imeiShapeProblem,
  isIccid,
  isImei,
  makeBindCode,
  normalizeBindCode,
  timeTypeAt,
  type MeterKind,
  type SugarDictionaryEntry,
} from '@glucoguard/domain';
import { DerivationBusyError, hashDeviceSecret, newDeviceSecret, verifyDeviceSecret } from '@glucoguard/ingestion';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { takeRateLimit } from '../../platform';
import { attachMeterRecords, SugarRepository, type AfterCommit } from '../../health';
import type { Device } from './meter.entity';
import { deviceEvents, type MeterView } from './meter.events';
import { DeviceRepository } from './meter.repository';

const DAY_MS = 86_400_000;

async function dictionaryOf(db: Db): Promise<SugarDictionaryEntry[]> {
  return (await new SugarRepository(db).slots()).map((s) => ({ ...s }));
}

/** A device as the provisioning tool lists it. */
/** What devices knows of a meter by its IMEI: its kind (`glucose` or `bp`) and the customer it is bound to; null when unknown. */
export async function meterOfImei(db: Db, imei: string): Promise<{ kind: string; customerId: string | null } | null> {
  const device = await new DeviceRepository(db).findByImei(imei);
  return device ? { kind: device.kind, customerId: device.customerId ?? null } : null;
}

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
  db: Db,
  input: { imei: string; kind: string; model?: string; iccid?: string; secret?: string; bindCode?: string },
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
  if (input.iccid !== undefined && !isIccid(input.iccid)) {
    throw new ProvisioningError(
      `--iccid must be the SIM card's 19 or 20 digits starting with 89, got "${input.iccid}".`,
    );
  }
  const repo = new DeviceRepository(db);
  if (await repo.findByImei(input.imei)) {
    throw new ProvisioningError(
      `A device with IMEI ${input.imei} is already provisioned (use rotate-secret to issue a new secret).`,
    );
  }
  const secret = input.secret ?? newDeviceSecret();
  const { bindCode, bindCodeHash } = await newBindCode(input.bindCode);
  const device = await repo.create({
    imei: input.imei,
    kind: input.kind,
    model,
    iccid: input.iccid ?? null,
    secretHash: await hashDeviceSecret(secret),
    bindCodeHash,
    createdAt: now,
  });
  return { device, secret, bindCode };
}

/** Issues a new secret for a meter; the old one stops working at once (after the gateway's short auth cache). */
export async function rotateDeviceSecret(db: Db, imei: string) {
  const repo = new DeviceRepository(db);
  const device = await repo.findByImei(imei);
  if (!device) {
    throw new ProvisioningError(`No device with IMEI ${imei} is provisioned.`);
  }
  const secret = newDeviceSecret();
  device.secretHash = await hashDeviceSecret(secret);
  await repo.save();
  return { device, secret };
}

/**
 * Issues a new bind code for a meter, for a new label: a lost or unreadable one, or a meter
 * provisioned before bind codes. The old code stops working at once; a binding stays as it is.
 */
export async function issueBindCode(db: Db, imei: string) {
  const repo = new DeviceRepository(db);
  const device = await repo.findByImei(imei);
  if (!device) {
    throw new ProvisioningError(`No device with IMEI ${imei} is provisioned.`);
  }
  const { bindCode, bindCodeHash } = await newBindCode();
  device.bindCodeHash = bindCodeHash;
  await repo.save();
  return { device, bindCode };
}

/** Issues bind codes for every meter that has none (those provisioned before bind codes), in IMEI order. */
export async function issueMissingBindCodes(db: Db) {
  const repo = new DeviceRepository(db);
  const issued: { device: Device; bindCode: string }[] = [];
  for (const device of await repo.listWithoutBindCode()) {
    const { bindCode, bindCodeHash } = await newBindCode();
    device.bindCodeHash = bindCodeHash;
    issued.push({ device, bindCode });
  }
  await repo.save();
  return issued;
}

/**
 * Turns the meter's readings that were stored while nobody had it into the customer's records:
 * those measured in the last {@link METER_BACKFILL_DAYS} days and received after the meter's last
 * unbind (older ones may be the previous owner's). Returns how many it attached.
 */
export async function attachUnboundReadings(
  db: Db,
  device: Pick<Device, 'imei' | 'unboundAt'>,
  customerId: string,
  now: Date,
): Promise<number> {
  const repo = new DeviceRepository(db);
  const readings = await repo.unattached(
    device.imei,
    new Date(now.getTime() - METER_BACKFILL_DAYS * DAY_MS),
    device.unboundAt ?? null,
  );
  if (readings.length === 0) {
    return 0;
  }
  const needsDictionary = readings.some((r) => r.kind === 'glucose' && r.timeType === null);
  const dictionary = needsDictionary ? await dictionaryOf(db) : [];
  // The readings core makes the records (its slot from the dictionary when the meter gave none).
  const ids = await attachMeterRecords(
    db,
    readings.map((r) => ({
      ...r,
      timeType: r.kind === 'glucose' ? (r.timeType ?? timeTypeAt(r.measuredAt, dictionary) ?? 1) : 0,
    })),
    customerId,
    now,
  );
  const links = readings.map((reading, i) => ({
    imei: reading.imei,
    readingId: reading.readingId,
    recordId: ids[i] as string,
    customerId,
  }));
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
  db: Db,
  customerId: string,
  imei: string,
  now: Date,
): Promise<{ ok: true; device: Device; attached: number } | { ok: false; cause: BindFailure }> {
  const after: AfterCommit[] = [];
  type Bound = { ok: true; device: Device; attached: number } | { ok: false; cause: BindFailure };
  const result = await inTransaction(db, async (tx): Promise<Bound> => {
    const repo = new DeviceRepository(tx);
    const device = isImei(imei) ? await repo.lockByImei(imei) : null;
    if (!device) {
      return { ok: false, cause: 'unknownDevice' as const };
    }
    if (device.customerId) {
      return {
        ok: false,
        cause: device.customerId === customerId ? ('boundBySelf' as const) : ('boundByOther' as const),
      };
    }
    if (!(await repo.bind(imei, customerId, now))) {
      return { ok: false, cause: 'boundByOther' as const };
    }
    const attached = await attachUnboundReadings(tx, device, customerId, now);
    await repo.reload(device);
    after.push(
      ...(await deviceEvents.publish(tx, 'DeviceBound', [
        { type: 'DeviceBound', device: meterView(device), customerId, at: now },
      ])),
    );
    return { ok: true as const, device, attached };
  });
  after.forEach((then) => then());
  return result;
}

const meterView = (d: Device): MeterView => ({ imei: d.imei, kind: d.kind, model: d.model });

/**
 * Unbinds the customer's meter and publishes DeviceUnbound, in one transaction; its records stay
 * theirs. Returns false when it was not bound to them.
 */
export async function unbindDevice(db: Db, customerId: string, imei: string, now: Date): Promise<boolean> {
  const after: AfterCommit[] = [];
  const unbound = await inTransaction(db, async (tx) => {
    const repo = new DeviceRepository(tx);
    const device = await repo.findByImei(imei);
    if (!device || !(await repo.unbind(imei, customerId, now))) {
      return false;
    }
    after.push(
      ...(await deviceEvents.publish(tx, 'DeviceUnbound', [
        { type: 'DeviceUnbound', device: meterView(device), customerId, at: now },
      ])),
    );
    return true;
  });
  after.forEach((then) => then());
  return unbound;
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
    flowExpireTime: d.flowExpireTime ? d.flowExpireTime.toISOString() : null,
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
export async function deviceList(db: Db, customerId: string) {
  const devices = await new DeviceRepository(db).listOfCustomer(customerId);
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
async function ownDevice(db: Db, customerId: string, where: { imei: string } | { id: string }): Promise<Device> {
  const valid = 'imei' in where ? isImei(where.imei) : /^\d{1,18}$/.test(where.id);
  const device = valid ? await new DeviceRepository(db).findOwn(customerId, where) : null;
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
  db: Db,
  customerId: string,
  input: { deviceImei: string; bindCode: string },
  now: Date,
) {
  const imei = input.deviceImei.trim();
  const imeiProblem = imeiShapeProblem(imei);
  if (imeiProblem !== null) {
    throw new AppError(ErrorCodes.badRequest, imeiProblem);
  }
  const bindCode = normalizeBindCode(input.bindCode);
  if (bindCode === null) {
    throw new AppError(
      ErrorCodes.badRequest,
      input.bindCode.trim() === '' ? BIND_CODE_MESSAGES.required : BIND_CODE_MESSAGES.invalid,
    );
  }
  await takeRateLimit(db, 'deviceBind', customerId, DEVICE_BIND_RATE_LIMITS, now);
  const device = await new DeviceRepository(db).findByImei(imei);
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
  const result = await bindDevice(db, customerId, imei, now);
  if (!result.ok) {
    throw result.cause === 'boundBySelf' ? boundBySelf() : notBindable();
  }
  return { device: deviceVo(result.device), attached: result.attached };
}

/** Renames the caller's device (spec: POST /device/v1/edit); the same name again changes nothing. */
export async function renameDevice(db: Db, customerId: string, input: { deviceImei: string; deviceName: string }) {
  const problem = deviceNameError(input.deviceName);
  if (problem) {
    throw new AppError(ErrorCodes.badRequest, problem);
  }
  const device = await ownDevice(db, customerId, { imei: input.deviceImei.trim() });
  const name = input.deviceName.trim();
  if (device.name !== name) {
    device.name = name;
    await new DeviceRepository(db).save();
  }
  return deviceVo(device);
}

/** Unbinds the caller's device by its id (spec: POST /device/v1/unbind); its records stay the caller's. */
export async function unbindDeviceForCustomer(db: Db, customerId: string, id: string, now: Date) {
  const device = await ownDevice(db, customerId, { id: id.trim() });
  if (!(await unbindDevice(db, customerId, device.imei, now))) {
    throw deviceNotFound();
  }
  return { id: String(device.id) };
}
