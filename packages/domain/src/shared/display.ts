import { charCount } from './validator';

/** Truncation lengths, in characters, of the texts the spec cuts. */
export const TRUNCATE = {
  /** Article summary in the home list. */
  articleSummary: 25,
  /** Article summary in the shared variant. */
  articleSummaryShared: 22,
  /** Article title used as the page title. */
  articlePageTitle: 10,
  /** Goods name in lists. */
  goodsName: 36,
  /** Goods remark in lists. */
  goodsRemark: 20,
  /** Remark in the other, narrower lists. */
  shortListRemark: 10,
  /** Header title. */
  headerTitle: 12,
  /** Doctor's organisation name. */
  organisationName: 16,
  /** Doctor's strengths. */
  strengths: 36,
  /** Last message of a consultation card. */
  consultLastText: 12,
  /** Nickname in the friends' feed. */
  feedNickname: 10,
  /** Location in the friends' feed. */
  feedLocation: 12,
} as const;

/** The suffix that marks a cut text. */
export const ELLIPSIS = '...';

/**
 * Cuts a text to `max` characters and marks the cut with {@link ELLIPSIS}. Counts characters,
 * not UTF-16 units, so a cut never splits a symbol in half; a text that fits is returned as is.
 */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  if (charCount(value) <= max) {
    return value;
  }
  return Array.from(value).slice(0, max).join('') + ELLIPSIS;
}

/** The largest unread count shown as a number. */
export const UNREAD_CAP = 99;

/** The unread badge text: nothing for 0, the count up to 99, then `99+`. */
export function unreadBadge(count: number): string {
  if (!(count > 0)) {
    return '';
  }
  return count > UNREAD_CAP ? `${UNREAD_CAP}+` : String(Math.floor(count));
}

/** A distance in metres as shown: whole metres below 1000 (`850m`), else km with one decimal (`1.2km`). */
export function formatDistance(metres: number): string {
  if (metres < 1000) {
    return `${Math.round(Math.max(0, metres))}m`;
  }
  return `${(Math.round(metres / 100) / 10).toFixed(1)}km`;
}

/**
 * The patient name on share tables: the first character kept, each other one starred
 * (`张三丰` → `张**`). A one-character name becomes `*` so nothing personal is shown.
 */
export function maskPatientName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) {
    return '*';
  }
  return (chars[0] ?? '') + '*'.repeat(chars.length - 1);
}

/**
 * Limits a number being typed to `digits` decimals by dropping extra ones (the sugar value and the
 * weight keep one); the text is otherwise left as typed so the caret does not jump.
 */
export function limitDecimals(text: string, digits: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) {
    return text;
  }
  return digits === 0 ? text.slice(0, dot) : text.slice(0, dot + 1 + digits);
}

/** Keeps only the digits of a phone being typed (the dealer and repair forms strip the rest). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Articles, article categories and online stores are shown only with `status` 1. */
export function isShown(item: { readonly status: number | string }): boolean {
  return Number(item.status) === 1;
}

/**
 * Whether an infinite list has reached its end: the current page is at or past the total pages,
 * or there is nothing at all. The list then locks and stops asking for pages.
 */
export function isPagingFinished(currentPage: number, totalPage: number): boolean {
  return totalPage <= 0 || currentPage >= totalPage;
}

/** Page sizes the lists ask for. */
export const PAGE_SIZES = {
  sugarTable: 20,
  pressureTable: 20,
  ketoneTable: 20,
  uricAcidTable: 20,
  friends: 10,
  feed: 5,
  friendReports: 20,
  followList: 100,
  sugarDayDetail: 10_000,
  pointsLog: 10,
  paperRecords: 10,
  tasks: 10,
  articles: 2,
  chatHistory: 10,
  doctors: 10,
  consults: 10,
  prescriptionsInConsult: 10,
  prescriptionsPage: 5,
  pharmacies: 10,
  onlineStores: 10,
  medicines: 10,
  monitoringHistory: 10,
  products: 5,
  orders: 4,
  addresses: 5,
  coupons: 5,
  couponsForOrder: 100,
  repairs: 7,
  reportImages: 100,
} as const;
