import { addChinaMonths, parseChinaDateTime, toMs } from '../shared/time';
import type { Instant } from '../shared/time';

/** Warranty `deviceType` codes. */
export const DEVICE_TYPES = {
  bloodGlucoseMeter: 0,
  bloodPressureMonitor: 1,
  weightScale: 2,
  fatScale: 3,
  pedometer: 4,
  oximeter: 5,
  ecg: 6,
} as const;

/** Days after receipt within which a non-man-made fault gets a free same-model replacement. */
export const REPLACEMENT_WITHIN_DAYS = 30;

function toInstant(date: Instant | string): number | null {
  if (typeof date !== 'string') {
    return toMs(date);
  }
  const parsed = parseChinaDateTime(date.length > 10 ? date.slice(0, 19) : date);
  return parsed ? parsed.getTime() : null;
}

/**
 * The end of the warranty: the purchase date plus `warTime` months, in China time. A purchase
 * given as `YYYY-MM-DD` counts from that China midnight. `null` for an unreadable date.
 */
export function warrantyEnd(purchase: Instant | string, warrantyMonths: number): Date | null {
  const start = toInstant(purchase);
  return start === null ? null : addChinaMonths(start, warrantyMonths);
}

/** Expired when the purchase date plus the warranty months is not later than now. An unreadable date counts as expired. */
export function isWarrantyExpired(purchase: Instant | string, warrantyMonths: number, now: Instant): boolean {
  const end = warrantyEnd(purchase, warrantyMonths);
  return end === null || end.getTime() <= toMs(now);
}
