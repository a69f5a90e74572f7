import { addChinaMonths, formatChinaTime, toMs } from '../shared/time';
import type { Instant } from '../shared/time';

/**
 * A paid term: a customer's service package (`serviceExpireDate`) or a meter's data plan
 * (`flowExpireTime`). Buying one again adds its months to the end of the running term, so a renewal
 * before expiry loses no day; an expired or never-opened term starts again from the purchase.
 */
export function extendTerm(currentEnd: Instant | null | undefined, now: Instant, months: number): Date {
  const start = currentEnd !== null && currentEnd !== undefined && toMs(currentEnd) > toMs(now) ? currentEnd : now;
  return addChinaMonths(start, Math.max(0, Math.trunc(months)));
}

/** `servicePackageState` (spec 3 §3 Customer): 0 not opened, 1 active, 2 expired. */
export const SERVICE_PACKAGE_STATE = { none: 0, active: 1, expired: 2 } as const;
export type ServicePackageState = (typeof SERVICE_PACKAGE_STATE)[keyof typeof SERVICE_PACKAGE_STATE];

/** The state of a term by its end: never opened (no end), active until the end, expired from it on. */
export function termState(end: Instant | null | undefined, now: Instant): ServicePackageState {
  if (end === null || end === undefined) {
    return SERVICE_PACKAGE_STATE.none;
  }
  return toMs(end) > toMs(now) ? SERVICE_PACKAGE_STATE.active : SERVICE_PACKAGE_STATE.expired;
}

/** The end of a term as the pages show it: the China date `YYYY-MM-DD`. */
export function formatTermEnd(end: Instant): string {
  return formatChinaTime(end, 'YYYY-MM-DD');
}
