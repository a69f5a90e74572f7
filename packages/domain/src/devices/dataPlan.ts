import { SERVICE_PACKAGE_STATE, formatTermEnd, termState } from '../commerce/packageTerm';
import type { Instant } from '../shared/time';

/** The texts of a meter's data plan (spec 3 §3 Device: iccid, flowExpireTime) on the device page. */
export const DATA_PLAN_LABELS = {
  title: '流量有效期',
  iccid: 'SIM卡号',
  none: '未开通',
  renew: '续费',
  expiredSuffix: '已到期',
  unknownIccid: '未登记',
} as const;

/** A meter whose SIM card is known can have its data plan renewed (the goods with rechargePackage 1). */
export function canRenewDataPlan(device: { readonly iccid?: string | null }): boolean {
  return typeof device.iccid === 'string' && device.iccid.trim() !== '';
}

/**
 * The data plan as the device page shows it: 未开通 without an end, the end date while it runs,
 * the end date with 已到期 once passed. `expired` lets the page colour it.
 */
export function dataPlanText(
  flowExpireTime: Instant | string | null | undefined,
  now: Instant,
): { readonly text: string; readonly expired: boolean } {
  const end = typeof flowExpireTime === 'string' ? Date.parse(flowExpireTime) : flowExpireTime;
  if (end === null || end === undefined || Number.isNaN(end)) {
    return { text: DATA_PLAN_LABELS.none, expired: false };
  }
  const date = formatTermEnd(end);
  return termState(end, now) === SERVICE_PACKAGE_STATE.expired
    ? { text: `${date} ${DATA_PLAN_LABELS.expiredSuffix}`, expired: true }
    : { text: date, expired: false };
}

/** An ICCID as printed on a SIM card: 19 or 20 digits starting with 89 (ITU-T E.118). */
export function isIccid(text: string): boolean {
  return /^89\d{17,18}$/.test(text);
}
