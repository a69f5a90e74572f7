// Pharmacies and online stores (spec 3 §2.3, §3, §7, §9): the texts, page sizes, the distance label,
// the opening-hours label and the filters every side applies. Pure.
import { formatOpeningHours } from './consult';

/** The pharmacy screens' texts, as the spec words them. */
export const PHARMACY_TEXTS = {
  empty: '暂无药店数据',
  end: '没有更多药店了...',
  locateFailed: '定位失败',
  retry: '重试',
  filteredByAdvice: '这些药店都可以买到您所需要的药店哦~',
  noneInArea: '您所在的区域暂无药店',
  onlineTab: '在线购药',
  nearbyTab: '附近药店',
  storeClosed: '该网店暂未开放',
} as const;

/** At most this many medicines filter one search. */
export const MAX_MEDICINE_FILTER = 20;

/** Only online stores with status 1 are shown (spec §8). */
export const ONLINE_STORE_SHOWN_STATUS = 1;
export function isOnlineStoreShown(store: { readonly status: number }): boolean {
  return store.status === ONLINE_STORE_SHOWN_STATUS;
}

/** The hours line of a pharmacy: `营业时间 08:00-21:00`, or 24 小时营业 when it never closes. */
export function openingHoursLabel(store: { readonly openStartTime: number; readonly openEndTime: number }): string {
  if (store.openStartTime === store.openEndTime || store.openEndTime - store.openStartTime >= 86_400_000) {
    return '24小时营业';
  }
  return `营业时间 ${formatOpeningHours(store)}`;
}

/**
 * The `medicineIds` filter: comma-separated positive integers, duplicates dropped, at most
 * {@link MAX_MEDICINE_FILTER}. Null when the text is not such a list (an empty text is no filter: []).
 */
export function parseMedicineIds(text: string | null | undefined): number[] | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') {
    return [];
  }
  const parts = trimmed.split(',').map((s) => s.trim());
  if (!parts.every((s) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647)) {
    return null;
  }
  const ids = [...new Set(parts.map(Number))];
  return ids.length > MAX_MEDICINE_FILTER ? null : ids;
}

/** The map link of a pharmacy: Tencent Maps' marker URL, which the messaging app opens. */
export function pharmacyMapUrl(store: {
  readonly store: string;
  readonly address: string;
  readonly longitude: number;
  readonly latitude: number;
}): string {
  const marker = `coord:${store.latitude},${store.longitude};title:${store.store};addr:${store.address}`;
  return `https://apis.map.qq.com/uri/v1/marker?marker=${encodeURIComponent(marker)}&referer=glucoguard`;
}

/** The call link of a pharmacy's phone (digits and dashes kept), or null without a phone. */
export function pharmacyTelUrl(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^\d-]/g, '');
  return digits ? `tel:${digits}` : null;
}
