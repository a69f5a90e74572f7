/**
 * Days in a sign-in streak row. The spec pays 4 points "on the last day of the row" without
 * saying how long a row is; we use a week, the row of the sign-in calendar
 * (docs/adr/0002-china-time-and-the-thresholds-the-spec-leaves-open.md).
 */
export const SIGN_IN_ROW_DAYS = 7;
/** Points for an ordinary streak day. */
export const SIGN_IN_DAILY_POINTS = 1;
/** Points on the last day of a streak row. */
export const SIGN_IN_ROW_END_POINTS = 4;

/** The position (1 to 7) of the `series`-th consecutive day within its row. */
export function streakDayInRow(series: number): number {
  return ((Math.max(1, Math.floor(series)) - 1) % SIGN_IN_ROW_DAYS) + 1;
}

/** Points for signing in on the `series`-th consecutive day: 1, or 4 on the last day of a row. */
export function signInReward(series: number): number {
  return streakDayInRow(series) === SIGN_IN_ROW_DAYS ? SIGN_IN_ROW_END_POINTS : SIGN_IN_DAILY_POINTS;
}

/** What the last day of a row pays on top of an ordinary day: the spec's note 奖励3积分. */
export const SIGN_IN_ROW_END_BONUS = SIGN_IN_ROW_END_POINTS - SIGN_IN_DAILY_POINTS;

/**
 * The reward text of the sign-in page, worded from the rule's numbers: the row's last day pays
 * 4 in all, which is the ordinary 1 and the bonus 3. The page shows the bonus note
 * (`SIGN_IN_BONUS_NOTE`) right after it, so the two read as one sentence.
 */
export const SIGN_IN_REWARD_TEXT = `每天签到奖励${SIGN_IN_DAILY_POINTS}积分；连续签到每满${SIGN_IN_ROW_DAYS}天，当天共奖励${SIGN_IN_ROW_END_POINTS}积分，`;

/** The China calendar day before a `YYYY-MM-DD` day. */
export function previousDayKey(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * The streak after signing in on `today`: one more than the last sign-in's streak when that was
 * yesterday, else 1 (a missed day starts over). `last` is the latest earlier sign-in, if any.
 */
export function nextSeries(last: { readonly day: string; readonly series: number } | null, today: string): number {
  return last !== null && last.day === previousDayKey(today) ? last.series + 1 : 1;
}

/** The streak shown on a day: the last sign-in's streak while it was today or yesterday, else 0. */
export function currentSeries(last: { readonly day: string; readonly series: number } | null, today: string): number {
  return last !== null && (last.day === today || last.day === previousDayKey(today)) ? last.series : 0;
}

/** One cell of a month calendar: a day of the month, or null for the blanks before the 1st. */
export type CalendarCell = { readonly day: string; readonly date: number } | null;

/**
 * A month laid out in weeks from Monday (Chinese calendars), blanks before the 1st and after the
 * last day so every week has 7 cells.
 */
export function monthCalendar(year: number, month: number): CalendarCell[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: CalendarCell[] = Array.from({ length: lead }, () => null);
  for (let date = 1; date <= days; date++) {
    cells.push({ day: `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`, date });
  }
  while (cells.length % 7 !== 0) {
    cells.push(null);
  }
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Task setting codes whose daily points are capped. */
export const TASK_CODES = { sugarTest: 'SUGAR_TEST', bloodPressureTest: 'BLOOD_PRESSURE_TEST' } as const;
/** Daily points cap per capped task. */
export const DAILY_TASK_CAPS: Readonly<Record<string, number>> = Object.freeze({
  [TASK_CODES.sugarTest]: 3,
  [TASK_CODES.bloodPressureTest]: 3,
});
/** `taskType` of tasks listed under 每天获取 (daily); every other type is 固定获取 (fixed). */
export const TASK_TYPE_DAILY = 1;
/** How many task rules the points home shows. */
export const POINTS_HOME_TASK_RULES = 5;
/** `taskType` of the tasks listed under 固定获取 (once per customer). */
export const TASK_TYPE_FIXED = 2;

/**
 * How a task pays. `action`: the action itself pays (signing in, recording a reading, reading an
 * article to the end), so the task only shows progress. `claim`: the customer claims the points
 * (领取) once the condition holds.
 */
export type TaskKind = 'action' | 'claim';

/** One task of the points catalogue (spec 1 §3 Task). */
export interface PointsTask {
  readonly settingCode: string;
  readonly settingName: string;
  /** 1 daily (每天获取), 2 fixed (固定获取). */
  readonly taskType: 1 | 2;
  /** Points per completion (for READ_ARTICLE the article's own `addScore`, this is the usual value). */
  readonly onceScore: number;
  readonly kind: TaskKind;
  /** Where the app goes to do the task. */
  readonly url: string;
  /** The rule as the points pages show it. */
  readonly description: string;
}

const TASK_LIST: PointsTask[] = [
  {
    settingCode: 'SIGN_IN',
    settingName: '每日签到',
    taskType: 1,
    onceScore: 1,
    kind: 'action',
    url: '/signIn',
    description: '每天签到得1积分，连续签到第7天得4积分',
  },
  {
    settingCode: 'SUGAR_TEST',
    settingName: '测量血糖',
    taskType: 1,
    onceScore: 1,
    kind: 'action',
    url: '/reportCenter/bloodSugar/addBloodSugarReport/add',
    description: '每记录一次血糖得1积分，每天最多3积分（手动记录和血糖仪上传都算）',
  },
  {
    settingCode: 'BLOOD_PRESSURE_TEST',
    settingName: '测量血压',
    taskType: 1,
    onceScore: 1,
    kind: 'action',
    url: '/reportCenter/bloodPressure/addBloodPressureReport/add',
    description: '每记录一次血压得1积分，每天最多3积分（手动记录和血压计上传都算）',
  },
  {
    settingCode: 'READ_ARTICLE',
    settingName: '阅读健康文章',
    taskType: 1,
    onceScore: 2,
    kind: 'action',
    url: '/',
    description: '读完一篇健康文章得该文章的奖励积分，每篇文章只奖励一次',
  },
  {
    settingCode: 'COMPLETE_PROFILE',
    settingName: '完善个人资料',
    taskType: 2,
    onceScore: 10,
    kind: 'claim',
    url: '/register/editUserInfo',
    description: '个人资料完整度达到100%后可领取10积分',
  },
  {
    settingCode: 'FIRST_SUGAR_TEST',
    settingName: '首次记录血糖',
    taskType: 2,
    onceScore: 5,
    kind: 'claim',
    url: '/reportCenter/bloodSugar/addBloodSugarReport/add',
    description: '第一次记录血糖后可领取5积分',
  },
  {
    settingCode: 'FIRST_BLOOD_PRESSURE_TEST',
    settingName: '首次记录血压',
    taskType: 2,
    onceScore: 5,
    kind: 'claim',
    url: '/reportCenter/bloodPressure/addBloodPressureReport/add',
    description: '第一次记录血压后可领取5积分',
  },
];
/** Every task, in the order the pages show them. Daily caps are in {@link DAILY_TASK_CAPS}. */
export const POINTS_TASKS: readonly PointsTask[] = Object.freeze(TASK_LIST);

/** The task of a setting code, or undefined. */
export function pointsTask(settingCode: string): PointsTask | undefined {
  return POINTS_TASKS.find((t) => t.settingCode === settingCode);
}

/**
 * The ledger codes of the mall's orders (not tasks: spending is negative and earns no rank): points
 * paid for an order, and given back when it is cancelled or times out.
 */
export const POINTS_ORDER_ACTIONS = {
  spend: { code: 'MALL_ORDER', name: '商城兑换' },
  giveBack: { code: 'MALL_ORDER_RETURN', name: '订单取消，退回积分' },
} as const;

/** The reason a ledger entry shows in the points detail, by task or ledger code. */
export function pointsActionName(settingCode: string): string {
  const orderAction = Object.values(POINTS_ORDER_ACTIONS).find((a) => a.code === settingCode);
  return orderAction?.name ?? pointsTask(settingCode)?.settingName ?? '积分调整';
}

/**
 * A task's state for the task list. `earned` is what the task paid in its period (today for a
 * daily task, ever for a fixed one); `ready` whether a claim task's condition holds.
 * `complete` 1 (已领取) once nothing more can be earned in the period; `claimable` when 领取 pays
 * now. An action task is never claimed: its 领取 leads to the task's page.
 */
export function taskState(
  task: Pick<PointsTask, 'settingCode' | 'kind'>,
  progress: { readonly earned: number; readonly ready: boolean },
): { complete: 0 | 1; claimable: boolean } {
  const cap = DAILY_TASK_CAPS[task.settingCode];
  const done = cap !== undefined ? progress.earned >= cap : progress.earned > 0;
  return { complete: done ? 1 : 0, claimable: task.kind === 'claim' && !done && progress.ready };
}

/** The points rules (/integralRule), one paragraph each. */
export const POINTS_RULE_TEXTS: readonly string[] = Object.freeze([
  '积分可在积分商城兑换商品，也可在下单时抵扣：50积分抵1元，积分不少于10分时可用。',
  ...POINTS_TASKS.map((t) => `${t.settingName}：${t.description}。`),
  '同一件事只奖励一次：重复提交、重复点击或设备重复上传的同一条数据不会重复加分。',
  '每天、每月均按北京时间计算。',
]);

/** How many places the ranking lists. */
export const RANKING_LIST_SIZE = 50;
/** Ranks 1 to 3 show a medal icon. */
export const RANKING_ICON_RANKS = 3;
/** Ranks up to 20 show their number in a badge; later ranks a plain style. */
export const RANKING_NUMBERED_RANKS = 20;

/** How a rank is drawn in the ranking list. */
export function rankStyle(rank: number): 'icon' | 'number' | 'plain' {
  if (rank >= 1 && rank <= RANKING_ICON_RANKS) {
    return 'icon';
  }
  return rank >= 1 && rank <= RANKING_NUMBERED_RANKS ? 'number' : 'plain';
}

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
export function pointsDeduction(input: {
  readonly balance: number;
  readonly payableCents: number;
  readonly maxUsableScore?: number | null;
}): PointsDeduction {
  const balance = Math.floor(input.balance);
  if (balance < POINTS_DEDUCTION_MIN_BALANCE || input.payableCents <= 0) {
    return { points: 0, cents: 0 };
  }
  const centsPerPoint = 100 / POINTS_PER_YUAN;
  const limit =
    input.maxUsableScore === null || input.maxUsableScore === undefined
      ? balance
      : Math.min(balance, Math.floor(input.maxUsableScore));
  const points = Math.max(0, Math.min(limit, Math.floor(input.payableCents / centsPerPoint)));
  return { points, cents: points * centsPerPoint };
}

/** Test strips needed before an exchange. */
export const STRIPS_TO_EXCHANGE = 50;
/** Strips earned per successful invitation. */
export const STRIPS_PER_INVITATION = 5;
/** Progress-bar percent per strip. */
export const STRIP_PROGRESS_PERCENT = 2;

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
