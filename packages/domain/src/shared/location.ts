/**
 * The location flow (spec 1 §8, spec 2 §2.12, spec 3 §3): fetch the saved location, confirm it or
 * obtain a new one, save it, show its province, city and district. These are its messages and its
 * retry limit; the API answers a point it cannot place with {@link LOCATION_MESSAGES.notFound}.
 */
export const LOCATION_MESSAGES = {
  /** The user (or the browser) refused access to the position. */
  denied: '请允许授权获取地理位置信息！',
  /** The phone could not report a position (no signal, time-out). */
  failed: '定位失败',
  /** The position could not be placed in a region (spec: "system cannot detect your location, retry?"). */
  notFound: '系统无法检测到您的位置，是否重试？',
} as const;

/** Spec 1: "Location retry count 10": a flow offers at most this many attempts before asking for a manual choice. */
export const LOCATION_RETRY_LIMIT = 10;

/** Why an attempt to locate failed. */
export type LocationFailureKind = keyof typeof LOCATION_MESSAGES;

/** Whether another attempt may be offered after `attempts` failed ones. */
export function canRetryLocation(attempts: number): boolean {
  return attempts < LOCATION_RETRY_LIMIT;
}

/** "广东省 深圳市 南山区": the names that are known, in order, as the region picker shows them. */
export function locationLabel(place: {
  provinceName: string | null;
  cityName: string | null;
  districtName: string | null;
}): string {
  return [place.provinceName, place.cityName, place.districtName]
    .filter((name): name is string => name !== null && name !== '')
    .join(' ');
}
