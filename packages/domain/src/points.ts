/**
 * Days in a sign-in streak row. The spec pays 4 points "on the last day of the row" without
 * saying how long a row is; we use a week, the row of the sign-in calendar (docs/decisions.md).
 */
export const SIGN_IN_ROW_DAYS = 7;
/** Points for an ordinary streak day. */
export const SIGN_IN_DAILY_POINTS = 1;
/** Points on the last day of a streak row. */
export const SIGN_IN_ROW_END_POINTS = 4;
/** The note shown next to the streak reward text (the extra 3 on the row's last day). */
export const SIGN_IN_BONUS_NOTE = '奖励3积分';

/** The position (1 to 7) of the `series`-th consecutive day within its row. */
export function streakDayInRow(series: number): number {
  return ((Math.max(1, Math.floor(series)) - 1) % SIGN_IN_ROW_DAYS) + 1;
}

/** Points for signing in on the `series`-th consecutive day: 1, or 4 on the last day of a row. */
export function signInReward(series: number): number {
  return streakDayInRow(series) === SIGN_IN_ROW_DAYS ? SIGN_IN_ROW_END_POINTS : SIGN_IN_DAILY_POINTS;
}

/** Task setting codes whose daily points are capped. */
export const TASK_CODES = { sugarTest: 'SUGAR_TEST', bloodPressureTest: 'BLOOD_PRESSURE_TEST' } as const;
/** Daily points cap per capped task. */
export const DAILY_TASK_CAPS: Readonly<Record<string, number>> = Object.freeze({ SUGAR_TEST: 3, BLOOD_PRESSURE_TEST: 3 });
/** `taskType` of tasks listed under 每天获取 (daily); every other type is 固定获取 (fixed). */
export const TASK_TYPE_DAILY = 1;
/** How many task rules the points home shows. */
export const POINTS_HOME_TASK_RULES = 5;

/**
 * Points a task earns now, given what it already earned today: `onceScore`, reduced so the day's
 * total never passes the task's cap. Tasks without a cap earn `onceScore`.
 */
export function taskPointsToAward(settingCode: string, onceScore: number, earnedToday: number): number {
  const cap = DAILY_TASK_CAPS[settingCode];
  if (cap === undefined) {
    return Math.max(0, onceScore);
  }
  return Math.max(0, Math.min(onceScore, cap - earnedToday));
}

/** Whether a task can still be claimed: `complete` 0 shows 领取, anything else 已领取. */
export function isTaskClaimable(task: { readonly complete: number }): boolean {
  return task.complete === 0;
}

/** Points that make one yuan of deduction. */
export const POINTS_PER_YUAN = 50;
/** The smallest balance from which points can be used at all. */
export const POINTS_DEDUCTION_MIN_BALANCE = 10;

/** A points deduction: the points spent and the cents they take off. */
export type PointsDeduction = { readonly points: number; readonly cents: number };

/**
 * The deduction a balance allows on an order: 50 points to the yuan (2 cents a point), only when
 * the balance is at least 10, never more than the goods' `maxUsableScore` nor more than the
 * amount payable. Points are whole; a leftover odd cent is not deductible.
 */
export function pointsDeduction(input: { readonly balance: number; readonly payableCents: number; readonly maxUsableScore?: number | null }): PointsDeduction {
  const balance = Math.floor(input.balance);
  if (balance < POINTS_DEDUCTION_MIN_BALANCE || input.payableCents <= 0) {
    return { points: 0, cents: 0 };
  }
  const centsPerPoint = 100 / POINTS_PER_YUAN;
  const limit = input.maxUsableScore === null || input.maxUsableScore === undefined ? balance : Math.min(balance, Math.floor(input.maxUsableScore));
  const points = Math.max(0, Math.min(limit, Math.floor(input.payableCents / centsPerPoint)));
  return { points, cents: points * centsPerPoint };
}

/** Test strips needed before an exchange. */
export const STRIPS_TO_EXCHANGE = 50;
/** Strips earned per successful invitation. */
export const STRIPS_PER_INVITATION = 5;
/** Progress-bar percent per strip. */
export const STRIP_PROGRESS_PERCENT = 2;
/** Shown when exchanging with fewer than 50 strips. */
export const STRIPS_TOO_FEW_MESSAGE = '50条以上才能兑换试纸哦';

/** The progress bar towards an exchange: 2 % per strip, capped at 100. */
export function stripProgressPercent(strips: number): number {
  return Math.min(100, Math.max(0, strips * STRIP_PROGRESS_PERCENT));
}

/** Whether the strips can be exchanged (at least 50). */
export function canExchangeStrips(strips: number): boolean {
  return strips >= STRIPS_TO_EXCHANGE;
}

/** Strips earned by a number of successful invitations. */
export function stripsForInvitations(invitations: number): number {
  return Math.max(0, Math.floor(invitations)) * STRIPS_PER_INVITATION;
}
