/*
 * Finding a doctor and buying one of the doctor's services (spec 3 §2.1, §3, §4): the service
 * types, the list's page size and search, the prices a card shows, the rules of a service a doctor
 * offers, and the purchase button of the service detail page. The API's care/doctor module, the
 * web's find-doctor pages and the console's services page use these rules.
 */
import { EMOJI_MESSAGE } from '../shared/labels';
import { charCount, containsEmoji } from '../shared/validator';
import { SEARCH_DEBOUNCE_MS, searchBoxInput } from '../shared/searchBox';
import { CONSULT_REFUSALS, CONSULT_STATUS } from './consult';

/** A doctor service's `serviceType`: a single consultation, or a service running for some days. */
export const DOCTOR_SERVICE_TYPE = { once: 1, interval: 2 } as const;

/** The service types as `getAllServiceType` lists them and the filter panel offers them. */
export const DOCTOR_SERVICE_TYPES = Object.freeze([
  Object.freeze({ serviceType: DOCTOR_SERVICE_TYPE.once, serviceTypeName: '单次图文咨询' }),
  Object.freeze({ serviceType: DOCTOR_SERVICE_TYPE.interval, serviceTypeName: '包时段咨询' }),
] as const);

/** The name of a service type. */
export function doctorServiceTypeName(serviceType: number): string {
  return DOCTOR_SERVICE_TYPES.find((t) => t.serviceType === serviceType)?.serviceTypeName ?? '';
}

/** A service's `status`: on offer (1) or withdrawn by the doctor (0). */
export const DOCTOR_SERVICE_STATUS = { off: 0, on: 1 } as const;

/** A service's status in words (the console's services page). */
export const DOCTOR_SERVICE_STATUS_LABELS: Readonly<Record<0 | 1, string>> = { 1: '已开通', 0: '已停用' };

/** `eleRxStatus` 1: the doctor may write electronic prescriptions. */
export const ELE_RX_ALLOWED = 1;

/** The search box waits this long after the last keystroke (spec 3 §9). */
export const DOCTOR_SEARCH_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;
/** The longest search text (a name, hospital or department is shorter). */
export const DOCTOR_SEARCH_MAX = 20;

/**
 * What the find-doctor search box does with its text: an emoji is refused (the box is cleared and
 * 请不要输入表情 shows), a blank box clears the search, anything else searches the trimmed text.
 */
export function doctorSearchInput(
  text: string,
):
  | { readonly kind: 'refuse'; readonly message: string }
  | { readonly kind: 'clear' }
  | { readonly kind: 'search'; readonly keyName: string } {
  const input = searchBoxInput(text, DOCTOR_SEARCH_MAX);
  return input.kind === 'search' ? { kind: 'search', keyName: input.keyword } : input;
}

/** A service as the price rules read it. */
export interface PricedService {
  readonly serviceType: number;
  readonly servicePrice: number;
  readonly status: number;
}

/**
 * The two prices of a doctor card (cents): `servicePrice` of the single consultation and
 * `minServicePackagePrice`, the cheapest interval service; `null` when the doctor offers none.
 * Withdrawn services do not count.
 */
export function doctorPrices(services: readonly PricedService[]): {
  readonly servicePrice: number | null;
  readonly minServicePackagePrice: number | null;
} {
  const offered = services.filter((s) => s.status === DOCTOR_SERVICE_STATUS.on);
  const once = offered.find((s) => s.serviceType === DOCTOR_SERVICE_TYPE.once);
  const packages = offered.filter((s) => s.serviceType === DOCTOR_SERVICE_TYPE.interval).map((s) => s.servicePrice);
  return {
    servicePrice: once ? once.servicePrice : null,
    minServicePackagePrice: packages.length > 0 ? Math.min(...packages) : null,
  };
}

/** How long a service runs, as the service pages show it: 单次 or N天. */
export function serviceDurationLabel(service: {
  readonly serviceType: number;
  readonly serviceInterval: number;
}): string {
  return service.serviceType === DOCTOR_SERVICE_TYPE.interval ? `${service.serviceInterval}天` : '单次';
}

/** Limits of a service a doctor sets up in the console. */
export const DOCTOR_SERVICE_LIMITS = {
  /** Characters of a service name. */
  nameMax: 20,
  /** Characters of the introduction. */
  introMax: 500,
  /** Price in cents: 1 yuan to 9999 yuan. */
  priceMin: 100,
  priceMax: 999_900,
  /** Days of an interval service. */
  intervalMin: 1,
  intervalMax: 365,
} as const;

/** The messages of the service form (ours; the spec shows no doctor screens). */
export const DOCTOR_SERVICE_MESSAGES = {
  nameRequired: '请输入服务名称',
  nameTooLong: `服务名称最多${DOCTOR_SERVICE_LIMITS.nameMax}个字`,
  introTooLong: `服务介绍最多${DOCTOR_SERVICE_LIMITS.introMax}个字`,
  priceInvalid: `服务价格须在${DOCTOR_SERVICE_LIMITS.priceMin / 100}至${DOCTOR_SERVICE_LIMITS.priceMax / 100}元之间`,
  intervalInvalid: `服务天数须在${DOCTOR_SERVICE_LIMITS.intervalMin}至${DOCTOR_SERVICE_LIMITS.intervalMax}天之间`,
  emoji: EMOJI_MESSAGE,
} as const;

/** A service as the doctor edits it. */
export interface DoctorServiceInput {
  readonly serviceType: number;
  readonly serviceName: string;
  readonly servicePrice: number;
  /** Days; ignored for a single consultation. */
  readonly serviceInterval?: number | null;
  readonly intro?: string | null;
}

/** The first thing wrong with a service the doctor edits, or `null` when it may be saved. */
export function doctorServiceProblem(input: DoctorServiceInput): string | null {
  const name = input.serviceName.trim();
  const intro = input.intro ?? '';
  const L = DOCTOR_SERVICE_LIMITS;
  if (name === '') {
    return DOCTOR_SERVICE_MESSAGES.nameRequired;
  }
  if (containsEmoji(name) || containsEmoji(intro)) {
    return DOCTOR_SERVICE_MESSAGES.emoji;
  }
  if (charCount(name) > L.nameMax) {
    return DOCTOR_SERVICE_MESSAGES.nameTooLong;
  }
  if (charCount(intro) > L.introMax) {
    return DOCTOR_SERVICE_MESSAGES.introTooLong;
  }
  if (!Number.isInteger(input.servicePrice) || input.servicePrice < L.priceMin || input.servicePrice > L.priceMax) {
    return DOCTOR_SERVICE_MESSAGES.priceInvalid;
  }
  if (input.serviceType === DOCTOR_SERVICE_TYPE.interval) {
    const days = input.serviceInterval ?? 0;
    if (!Number.isInteger(days) || days < L.intervalMin || days > L.intervalMax) {
      return DOCTOR_SERVICE_MESSAGES.intervalInvalid;
    }
  }
  return null;
}

/** The caller's latest consultation with the doctor, as `querySessionByUserIdAndCustomerId` answers it. */
export interface LatestConsult {
  readonly status: number;
  readonly sessionId: string;
  readonly serviceType: number;
}

/** The purchase button of a service (spec 3 §4 "Consult purchase"). */
export interface BuyButton {
  /** 购买, 点击咨询 or 继续咨询. */
  readonly label: '购买' | '点击咨询' | '继续咨询';
  /** `buy` is red, `consult` green (after payment, status 1), `continue` the brand colour. */
  readonly tone: 'buy' | 'consult' | 'continue';
  /**
   * What a tap does: pay for the service; open the paid consultation (its submission page in
   * status 1, the chat otherwise); or offer the open consultation of another service of the same
   * doctor in a dialog, since a new purchase needs the previous one ended.
   */
  readonly action: 'pay' | 'open' | 'offerOpen';
}

const PAID_OPEN: readonly number[] = [
  CONSULT_STATUS.toConsult,
  CONSULT_STATUS.inConsultation,
  CONSULT_STATUS.waitingAccept,
];

/** Whether a consultation is paid and not yet over (status 1, 2 or 3). */
export function isPaidOpenConsult(consult: { readonly status: number } | null | undefined): boolean {
  return consult !== null && consult !== undefined && PAID_OPEN.includes(consult.status);
}

/**
 * The button of one service given the caller's latest consultation with its doctor: red 购买 when
 * none is paid and open; for the service type of the open one, 点击咨询 (green) in status 1 and
 * 继续咨询 in 2 or 3; for the doctor's other services 购买 that offers the open one.
 */
export function buyButton(serviceType: number, latest: LatestConsult | null | undefined): BuyButton {
  if (!latest || !isPaidOpenConsult(latest)) {
    return { label: '购买', tone: 'buy', action: 'pay' };
  }
  if (latest.serviceType !== serviceType) {
    return { label: '购买', tone: 'buy', action: 'offerOpen' };
  }
  return latest.status === CONSULT_STATUS.toConsult
    ? { label: '点击咨询', tone: 'consult', action: 'open' }
    : { label: '继续咨询', tone: 'continue', action: 'open' };
}

/** Where an open paid consultation leads from the service page: its submission page in status 1, else the chat. */
export function openConsultTarget(status: number): 'submit' | 'chat' {
  return status === CONSULT_STATUS.toConsult ? 'submit' : 'chat';
}

/** The dialog offering the open consultation when another service of the same doctor is bought. */
export const OPEN_CONSULT_DIALOG = {
  title: CONSULT_REFUSALS.openExists,
  content: '请先结束当前咨询后再购买新的服务。是否进入当前咨询？',
  confirm: '进入咨询',
  cancel: '暂不',
} as const;
