import { extractImei, hasValidImeiCheckDigit, isImei } from './imei';
import { shouldSaveDeviceName, validateDeviceName } from './deviceName';
import { DEVICE_MESSAGES, IMEI_MESSAGES } from './labels';

/**
 * Device binding (spec 2 §2.17, §3 Device, §4, §8): the kinds and their list groups, the device
 * name rule, the three bind failures and when the doctor picker opens after a bind.
 */

/** The spec's deviceKind: 0 diabetes (glucose meter), 1 hypertension (pressure meter), else other. */
export const DEVICE_KINDS = [
  { deviceKind: 0, kindName: '血糖仪' },
  { deviceKind: 1, kindName: '血压计' },
  { deviceKind: 2, kindName: '其他设备' },
] as const;

export type DeviceKindCode = (typeof DEVICE_KINDS)[number]['deviceKind'];

/** The spec's deviceKind of a meter kind (`MeterKind`); a kind this build does not know is "other". */
export function deviceKindOf(kind: string): DeviceKindCode {
  return kind === 'glucose' ? 0 : kind === 'bp' ? 1 : 2;
}

/** The list of the device-list response a device of that deviceKind goes in (the spec's spelling). */
export function deviceListGroup(deviceKind: number): 'disabeDeviceList' | 'hypertensionDeviceList' | 'otherDeviceList' {
  return deviceKind === 0 ? 'disabeDeviceList' : deviceKind === 1 ? 'hypertensionDeviceList' : 'otherDeviceList';
}

/**
 * What to do with a name typed for a device (spec: at most 10 characters, saved only if changed
 * and non-empty; the rule itself is `validateDeviceName` / `shouldSaveDeviceName`): `save` the
 * trimmed name, `skip`, or `error` with the message to show.
 */
export function deviceNameEdit(
  current: string | null,
  typed: string,
): { action: 'save'; name: string } | { action: 'skip' } | { action: 'error'; errMsg: string } {
  const checked = validateDeviceName(typed);
  if (!checked.ok) {
    return { action: 'error', errMsg: checked.message };
  }
  return shouldSaveDeviceName(current, typed) ? { action: 'save', name: typed.trim() } : { action: 'skip' };
}

/** Why a name cannot be stored by the edit call, or null: it must be non-empty as well as valid. */
export function deviceNameError(typed: string): string | null {
  if (typed.trim() === '') {
    return DEVICE_MESSAGES.nameRequired;
  }
  const checked = validateDeviceName(typed);
  return checked.ok ? null : checked.message;
}

/**
 * The bind-error page's list of causes (spec 2 §8: wrong QR code, already bound by you, already
 * bound by someone else), each in words an older user can act on. A wrong QR code (one that is
 * not our label's) and a wrong IMEI or bind code are two causes: a user who typed the numbers is
 * not told about a QR code they never scanned.
 */
export const BIND_CAUSES = {
  wrongQr: '二维码错误：扫描的不是本公司设备标签上的二维码',
  wrongEntry: 'IMEI号或绑定码有误',
  boundBySelf: '该设备已被您绑定',
  boundByOther: '该设备已被他人绑定（需原主人先解绑）',
} as const;

export type BindCause = keyof typeof BIND_CAUSES;

/**
 * The failures of a bind, with the error code the bind call answers (null: found by the page
 * itself) and the causes the bind-error page marks. An unknown IMEI, a meter somebody else has
 * bound, a wrong bind code and a meter that has no bind code yet are one failure, `notBindable`,
 * with one code, message and status: the answer must not tell which IMEIs exist or are taken.
 * Only the caller's own meter is named (`boundBySelf`): that tells them nothing new.
 */
export const BIND_FAILURES = {
  notBindable: {
    code: 40401,
    errMsg: 'IMEI号或绑定码不正确，或该设备已被他人绑定',
    causes: ['wrongEntry', 'boundByOther'],
  },
  boundBySelf: { code: 40901, errMsg: '您已绑定该设备', causes: ['boundBySelf'] },
  unreadableScan: { code: null, errMsg: '二维码错误，未找到设备IMEI号', causes: ['wrongQr'] },
} as const satisfies Record<string, { code: number | null; errMsg: string; causes: readonly BindCause[] }>;

export type BindFailureCause = keyof typeof BIND_FAILURES;

/**
 * Bind attempts per customer (every well-formed attempt counts, a success too): a bind code cannot
 * be guessed by trying. The day's window comes first, so its message is the one shown when both are full.
 */
export const DEVICE_BIND_RATE_LIMITS = [
  { max: 20, windowMs: 24 * 3600_000, message: '今天的绑定尝试次数已用完，请明天再试' },
  { max: 10, windowMs: 3600_000, message: '绑定尝试次数过多，请1小时后再试' },
] as const;

/** The failure a bind call answered, by its error code, or null when the code is no bind failure. */
export function bindFailureOf(code: number): BindFailureCause | null {
  const found = (Object.keys(BIND_FAILURES) as BindFailureCause[]).find((cause) => BIND_FAILURES[cause].code === code);
  return found ?? null;
}

/** A bind-error page's `cause` query parameter as a failure, or null when it names none. */
export function bindFailureNamed(name: string | null): BindFailureCause | null {
  return name !== null && Object.hasOwn(BIND_FAILURES, name) ? (name as BindFailureCause) : null;
}

/**
 * The IMEI in what was scanned or typed (spec 3 §5 extraction), or null when it is not one: the
 * bind page then goes straight to the bind-error page (wrong QR code).
 */
export function imeiToBind(scanOrTyped: string): string | null {
  const imei = extractImei(scanOrTyped);
  return isImei(imei) ? imei : null;
}

/**
 * What is wrong with an IMEI typed by hand, or null when it is one: empty, not digits, not fifteen
 * of them, or failing its Luhn check digit (the commonest typo, one digit wrong, fails it). Spaces
 * and hyphens a label prints between groups are ignored. Only typed IMEIs are checked this far: a
 * scanned label is read exactly, and bench meters carry IMEIs that fail the check
 * (docs/adr/0111-imei-errors-and-bind-causes.md).
 */
export function typedImeiProblem(typed: string): string | null {
  const digits = typedImeiDigits(typed);
  return imeiShapeProblem(digits) ?? (hasValidImeiCheckDigit(digits) ? null : IMEI_MESSAGES.checkDigit);
}

/**
 * What keeps a text from having an IMEI's shape (empty, not digits, not fifteen of them), or null:
 * the bind call's check, which leaves the check digit alone (bench meters fail it).
 */
export function imeiShapeProblem(text: string): string | null {
  if (text === '') {
    return IMEI_MESSAGES.required;
  }
  if (!/^\d+$/.test(text)) {
    return IMEI_MESSAGES.notDigits;
  }
  return isImei(text) ? null : IMEI_MESSAGES.length(text.length);
}

/** A typed IMEI without its group separators, as it is bound. */
export function typedImeiDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** Route types of /devices/bindDevices/:type: `auto` starts scanning at once. */
export const scansAtOnce = (type: string) => type === 'auto';

/** After a bind through a type 2 or 3 entry, a user without a doctor is asked to choose one (spec 2 §4). */
export function bindNeedsDoctor(type: string, doctorName: string | null | undefined): boolean {
  return (type === '2' || type === '3') && (doctorName ?? '').trim() === '';
}
