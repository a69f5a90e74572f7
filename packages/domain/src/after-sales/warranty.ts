import { addChinaMonths, chinaDateKey, parseChinaDateTime, toMs } from '../shared/time';
import type { Instant } from '../shared/time';
import { WARRANTY_TEXTS } from './labels';

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

/** The name of each warranty `deviceType`, as the product pages show it. */
export const DEVICE_TYPE_NAMES: Readonly<Record<(typeof DEVICE_TYPES)[keyof typeof DEVICE_TYPES], string>> = {
  0: '血糖仪',
  1: '血压计',
  2: '体重秤',
  3: '体脂秤',
  4: '计步器',
  5: '血氧仪',
  6: '心电仪',
};

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

/**
 * The last day the warranty covers, `YYYY-MM-DD` in China: the day before {@link warrantyEnd}
 * (bought 2026-02-01 with 12 months, covered through 2027-01-31; expired from 2027-02-01 00:00).
 * `null` for an unreadable date.
 */
export function warrantyLastDay(purchase: Instant | string, warrantyMonths: number): string | null {
  const end = warrantyEnd(purchase, warrantyMonths);
  return end === null ? null : chinaDateKey(end.getTime() - 1);
}

/** What a product's page says of its warranty: 在保 or 已过保 by {@link isWarrantyExpired}, and the last covered day. */
export function warrantyState(
  purchase: Instant | string,
  warrantyMonths: number,
  now: Instant,
): { readonly expired: boolean; readonly label: string; readonly lastDay: string | null } {
  const expired = isWarrantyExpired(purchase, warrantyMonths, now);
  return {
    expired,
    label: expired ? WARRANTY_TEXTS.expired : WARRANTY_TEXTS.inWarranty,
    lastDay: warrantyLastDay(purchase, warrantyMonths),
  };
}
