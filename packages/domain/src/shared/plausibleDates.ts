import { chinaDateKey, parseChinaDateTime, toMs } from './time';
import type { Instant } from './time';
import { fail, failWhen, isBlank } from './validator';
import type { ValidationResult } from './validator';

/**
 * The earliest measuring time the product takes, as a China date. Home meters and this app are far
 * younger; anything older is a typo or a reset clock, and it would sit at the far end of every chart.
 */
export const MEASURED_TIME_MIN_DATE = '2000-01-01';
/** {@link MEASURED_TIME_MIN_DATE} at 00:00 China time. */
export const MEASURED_TIME_MIN: Date = parseChinaDateTime(MEASURED_TIME_MIN_DATE) as Date;
/**
 * How far past the server's clock a typed measuring time may be: a phone's clock running a little
 * ahead must not make a reading taken just now unsavable.
 */
export const MEASURED_TIME_FUTURE_SLACK_MS = 5 * 60 * 1000;
/** The earliest birthday the product takes (spec: birth date from 1900-01-01 to today). */
export const BIRTH_DATE_MIN = '1900-01-01';

/** Messages of the plausible-date rules: the spec's where it words them, ours in its style otherwise. */
export const PLAUSIBLE_DATE_MESSAGES = {
  timeRequired: '请选择时间',
  timeInFuture: '所选时间不能超过当前时间',
  timeTooEarly: `测量时间不能早于${MEASURED_TIME_MIN_DATE}`,
  birthdayRequired: '出生日期不能为空',
  birthday: `请选择${BIRTH_DATE_MIN}至今天之间的出生日期`,
} as const;

/**
 * The span a measuring time may take, for date pickers: from {@link MEASURED_TIME_MIN} to `now`.
 * (The rule itself allows {@link MEASURED_TIME_FUTURE_SLACK_MS} more for clocks that run ahead;
 * a picker has no reason to offer it.)
 */
export function measuredTimePickerBounds(now: Instant): { readonly min: Date; readonly max: Date } {
  return { min: MEASURED_TIME_MIN, max: new Date(toMs(now)) };
}

/**
 * The time of any measurement (sugar, pressure, ketone, uric acid, weight): required (请选择时间),
 * not before 2000-01-01 China time (测量时间不能早于2000-01-01), and not more than five minutes after
 * `now` (所选时间不能超过当前时间). Text that is not a date counts as missing.
 */
export function validateMeasurementTime(createTime: Instant | null | undefined, now: Instant): ValidationResult {
  const m = PLAUSIBLE_DATE_MESSAGES;
  if (createTime === null || createTime === undefined || Number.isNaN(toMs(createTime))) {
    return fail('createTime', m.timeRequired);
  }
  const at = toMs(createTime);
  if (at < MEASURED_TIME_MIN.getTime()) {
    return fail('createTime', m.timeTooEarly);
  }
  return at > toMs(now) + MEASURED_TIME_FUTURE_SLACK_MS ? fail('createTime', m.timeInFuture) : { ok: true };
}

/** Whether a birth date `YYYY-MM-DD` is a real date from 1900-01-01 to today (China). */
export function isBirthDateInRange(date: string, now: Instant): boolean {
  return date.length === 10 && parseChinaDateTime(date) !== null && date >= BIRTH_DATE_MIN && date <= chinaDateKey(now);
}

/**
 * A birthday wherever it is entered (registration, profile, health record): a real date from
 * 1900-01-01 to today, China time. Blank passes unless `required` (出生日期不能为空).
 */
export function birthdayCheck(
  field: string,
  date: string | null | undefined,
  now: Instant,
  options: { readonly required?: boolean; readonly message?: string } = {},
): ValidationResult | undefined {
  if (isBlank(date)) {
    return options.required ? fail(field, PLAUSIBLE_DATE_MESSAGES.birthdayRequired) : undefined;
  }
  return failWhen(
    !isBirthDateInRange((date ?? '').trim(), now),
    field,
    options.message ?? PLAUSIBLE_DATE_MESSAGES.birthday,
  );
}
