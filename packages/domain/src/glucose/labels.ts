/** The Chinese texts of glucose: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import { PLAUSIBLE_DATE_MESSAGES } from '../shared/plausibleDates';
import type { SugarLevel } from './sugar';

/** Shown when the input was below {@link SUGAR_MIN} and has been raised. */
export const SUGAR_TOO_LOW_MESSAGE = '血糖不能低于0.3';

/** Shown when the input was above {@link SUGAR_MAX} and has been lowered. */
export const SUGAR_TOO_HIGH_MESSAGE = '血糖不能高于33.3';

/** Sugar entry messages, in the spec's words. */
export const SUGAR_ENTRY_MESSAGES = {
  valueRequired: '血糖值不能为空',
  timeRequired: PLAUSIBLE_DATE_MESSAGES.timeRequired,
  timeInFuture: PLAUSIBLE_DATE_MESSAGES.timeInFuture,
} as const;

/** Shown when recording for another person while the follow list is empty. */
export const EMPTY_FOLLOW_LIST_MESSAGE = '亲友列表为空，请先添加亲友';

/** Shown when any of the four thresholds is empty. */
export const SUGAR_TARGET_REQUIRED_MESSAGE = '请填写血糖值';

/** Shown when low is not above severe low. */
export const SUGAR_TARGET_LOW_ORDER_MESSAGE = '低血糖值应大于严重低血糖值';

/** Shown when high is not above low. */
export const SUGAR_TARGET_HIGH_ORDER_MESSAGE = '高血糖值应大于低血糖值';

/** Shown when severe high is not above high. */
export const SUGAR_TARGET_MAX_ORDER_MESSAGE = '严重高血糖值应大于高血糖值';

/** Shown when a threshold is not under 33.3. */
export const SUGAR_TARGET_LIMIT_MESSAGE = '血糖值应小于33.3';

/** Shown after the targets of a slot were saved (spec 2 §8). */
export const SUGAR_TARGET_SAVED_MESSAGE = '保存成功';

/** The names of the five levels, as the sugar table, the statistics, the reports and the notices show them. */
export const SUGAR_LEVEL_LABELS: Readonly<Record<SugarLevel, string>> = Object.freeze({
  seriousHigh: '严重偏高',
  high: '偏高',
  normal: '正常',
  low: '偏低',
  seriousLow: '严重偏低',
});
