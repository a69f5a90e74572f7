import { chinaDateKey, latestChinaDays } from '../shared/time';
import type { Instant } from '../shared/time';

/** What a share link shows: the sugar table or the blood-pressure table. */
export type ShareKind = 'sugar' | 'bloodPressure';

/** The public pages a share link opens (spec 2 §2.18); they skip sign-in. */
export const SHARE_PAGE_PATHS: Readonly<Record<ShareKind, string>> = Object.freeze({
  sugar: '/shareBloodSugarReportTable',
  bloodPressure: '/shareBloodPressureTable',
});

/** How long a new link works, in days: the choices offered (the API allows 1 to 30, default 7). */
export const SHARE_VALIDITY_CHOICES = [1, 7, 30] as const;
/** The default validity of a new link, in days. */
export const SHARE_VALIDITY_DEFAULT_DAYS = 7;

/** The periods a link can share: the latest 7, 30 or 90 days. */
export const SHARE_PERIOD_CHOICES = [7, 30, 90] as const;

/**
 * The address of a share page for a token. Only the random token goes into it, never the owner's
 * id; `origin` is the app's origin (`https://…`, no trailing slash).
 */
export function shareUrl(origin: string, kind: ShareKind, token: string): string {
  return `${origin.replace(/\/+$/, '')}${SHARE_PAGE_PATHS[kind]}?token=${encodeURIComponent(token)}`;
}

/**
 * The period a new link shares: the latest `days` China days up to the end of today, as the
 * `createStartTime` / `createEndTime` the API takes (instants, so the end is today's 23:59:59 and a
 * reading made later today is still shared).
 */
export function sharePeriod(
  now: Instant,
  days: number,
): { readonly createStartTime: string; readonly createEndTime: string } {
  const { start } = latestChinaDays(now, days);
  return { createStartTime: `${chinaDateKey(start)} 00:00:00`, createEndTime: `${chinaDateKey(now)} 23:59:59` };
}
