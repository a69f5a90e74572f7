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

// ---- What operators manage in the console (issue 19; docs/adr/0158-pharmacy-management-in-the-console.md).

/** A pharmacy's status: only open pharmacies (1) are found by patients; a closed one (0) is kept with its stock. */
export const PHARMACY_STATUSES = [1, 0] as const;
export type PharmacyStatus = (typeof PHARMACY_STATUSES)[number];
export const PHARMACY_STATUS_LABELS: Record<PharmacyStatus, string> = { 1: '营业中', 0: '已停用' };
/** Only pharmacies with status 1 are listed to patients. */
export const PHARMACY_SHOWN_STATUS = 1;

/** An online store's status: 1 shown to patients (上架), 0 hidden (下架). */
export const ONLINE_STORE_STATUSES = [1, 0] as const;
export type OnlineStoreStatus = (typeof ONLINE_STORE_STATUSES)[number];
export const ONLINE_STORE_STATUS_LABELS: Record<OnlineStoreStatus, string> = { 1: '已上架', 0: '已下架' };

/** One day in ms: opening hours run from 0 to this (an end of 24:00 is allowed). */
export const DAY_MS = 86_400_000;
/** Opening hours are whole minutes. */
const MINUTE_MS = 60_000;
/** The most of one medicine a pharmacy's stock records (a typo guard). */
export const MAX_STOCK_QUANTITY = 99_999;

/** Field limits of the forms (the table's column sizes). */
export const PHARMACY_LIMITS = {
  name: 64,
  address: 128,
  phone: 20,
  storeName: 64,
  remark: 128,
  storeUrl: 512,
  storeIcon: 256,
} as const;

/** The console's and the API's messages for a pharmacy or online store that cannot be saved. */
export const PHARMACY_FORM_MESSAGES = {
  name: '请输入药店名称（不超过64个字）',
  address: '请输入详细地址（不超过128个字）',
  phone: '请输入正确的联系电话，如 010-66071234 或 13800138000',
  region: '请选择药店所在的省、市、区',
  regionUnknown: '所在地区不存在，请重新选择',
  coordinates: '经纬度须在中国境内（经度73–136，纬度3–54）',
  hours: '营业时间须为整分钟，开始早于结束（24小时营业请选 00:00-24:00）',
  status: '状态只能是营业中或已停用',
  storeName: '请输入网店名称（不超过64个字）',
  remark: '网店简介不超过128个字',
  storeUrl: '网店地址须以 https:// 开头（不超过512个字）',
  storeIcon: '网店图标须为 https:// 开头的图片地址（可不填）',
  storeStatus: '状态只能是上架或下架',
  sort: '排序须为 0–9999 的整数',
  quantity: `库存须为 0–${MAX_STOCK_QUANTITY} 的整数`,
  medicineUnknown: '药品不存在',
  stockDuplicate: '同一药品只能填写一次',
  pharmacyUnknown: '药店不存在',
  storeUnknown: '网店不存在',
} as const;

/** A pharmacy as an operator enters it. Region codes are six-digit administrative codes. */
export interface PharmacyDraft {
  readonly name: string;
  readonly address: string;
  readonly phone: string;
  readonly province: string;
  readonly city: string;
  readonly district: string;
  readonly longitude: number;
  readonly latitude: number;
  readonly openStartTime: number;
  readonly openEndTime: number;
  readonly status: number;
}

/** A landline with its area code (dash optional), a mobile number, or a 400/800 service number. */
const PHONE_PATTERN = /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|1[3-9]\d{9}|[48]00-?\d{3}-?\d{4})$/;
const REGION_CODE = /^\d{6}$/;

/** Whether the region codes nest: the city lies in the province and the district in the city (by their digits). */
export function regionCodesNest(region: { province: string; city: string; district: string }): boolean {
  const { province, city, district } = region;
  return (
    REGION_CODE.test(province) &&
    REGION_CODE.test(city) &&
    REGION_CODE.test(district) &&
    province.endsWith('0000') &&
    city.startsWith(province.slice(0, 2)) &&
    city.endsWith('00') &&
    city !== province &&
    district.startsWith(city.slice(0, 4)) &&
    district !== city
  );
}

/** Whether a point lies in the bounding box of China (GCJ-02 degrees; a swapped pair fails). */
export function isInChinaBox(point: { longitude: number; latitude: number }): boolean {
  return (
    Number.isFinite(point.longitude) &&
    Number.isFinite(point.latitude) &&
    point.longitude >= 73 &&
    point.longitude <= 136 &&
    point.latitude >= 3 &&
    point.latitude <= 54
  );
}

/** Opening hours: whole minutes within the day and the start before the end (00:00-24:00 is open all day). */
export function areOpeningHoursValid(hours: { openStartTime: number; openEndTime: number }): boolean {
  const { openStartTime: start, openEndTime: end } = hours;
  const whole = (ms: number) => Number.isInteger(ms) && ms % MINUTE_MS === 0 && ms >= 0 && ms <= DAY_MS;
  return whole(start) && whole(end) && start < end;
}

const textOk = (text: string, max: number) => text.trim().length > 0 && text.length <= max;

/** The first reason a pharmacy draft cannot be saved, or null. The API checks the region's existence besides. */
export function pharmacyDraftProblem(draft: PharmacyDraft): string | null {
  if (!textOk(draft.name, PHARMACY_LIMITS.name)) {
    return PHARMACY_FORM_MESSAGES.name;
  }
  if (!textOk(draft.address, PHARMACY_LIMITS.address)) {
    return PHARMACY_FORM_MESSAGES.address;
  }
  if (!PHONE_PATTERN.test(draft.phone)) {
    return PHARMACY_FORM_MESSAGES.phone;
  }
  if (!regionCodesNest(draft)) {
    return PHARMACY_FORM_MESSAGES.region;
  }
  if (!isInChinaBox(draft)) {
    return PHARMACY_FORM_MESSAGES.coordinates;
  }
  if (!areOpeningHoursValid(draft)) {
    return PHARMACY_FORM_MESSAGES.hours;
  }
  if (!(PHARMACY_STATUSES as readonly number[]).includes(draft.status)) {
    return PHARMACY_FORM_MESSAGES.status;
  }
  return null;
}

/** An online store as an operator enters it. */
export interface OnlineStoreDraft {
  readonly storeName: string;
  readonly storeIcon: string;
  readonly remark: string;
  readonly storeUrl: string;
  readonly status: number;
  readonly sort: number;
}

/** An https address with a host (the messaging app's browser opens nothing else without a warning). */
export function isHttpsUrl(text: string): boolean {
  return /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?([/?#][^\s]*)?$/.test(text);
}

/** An icon: empty (the app's default icon) or an https address the phone loads it from. */
const isIcon = (text: string) => text === '' || isHttpsUrl(text);

/** The first reason an online store draft cannot be saved, or null. */
export function onlineStoreDraftProblem(draft: OnlineStoreDraft): string | null {
  if (!textOk(draft.storeName, PHARMACY_LIMITS.storeName)) {
    return PHARMACY_FORM_MESSAGES.storeName;
  }
  if (draft.remark.length > PHARMACY_LIMITS.remark) {
    return PHARMACY_FORM_MESSAGES.remark;
  }
  if (draft.storeUrl.length > PHARMACY_LIMITS.storeUrl || !isHttpsUrl(draft.storeUrl)) {
    return PHARMACY_FORM_MESSAGES.storeUrl;
  }
  if (draft.storeIcon.length > PHARMACY_LIMITS.storeIcon || !isIcon(draft.storeIcon)) {
    return PHARMACY_FORM_MESSAGES.storeIcon;
  }
  if (!(ONLINE_STORE_STATUSES as readonly number[]).includes(draft.status)) {
    return PHARMACY_FORM_MESSAGES.storeStatus;
  }
  if (!Number.isInteger(draft.sort) || draft.sort < 0 || draft.sort > 9999) {
    return PHARMACY_FORM_MESSAGES.sort;
  }
  return null;
}

/** Whether a stock quantity can be recorded. */
export function isStockQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 0 && quantity <= MAX_STOCK_QUANTITY;
}
