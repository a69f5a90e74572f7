import { describe, expect, it } from 'vitest';
import {
  POINTS_RULE_TEXTS,
  POINTS_TASKS,
  SIGN_IN_DAILY_POINTS,
  SIGN_IN_REWARD_TEXT,
  SIGN_IN_ROW_END_BONUS,
  TASK_TYPE_DAILY,
  TASK_TYPE_FIXED,
  currentSeries,
  monthCalendar,
  nextSeries,
  pointsActionName,
  POINTS_ORDER_ACTIONS,
  pointsTask,
  previousDayKey,
  rankStyle,
  taskState,
  canExchangeStrips,
  isTaskClaimable,
  pointsDeduction,
  signInReward,
  streakDayInRow,
  stripProgressPercent,
  stripsForInvitations,
  taskPointsToAward,
} from './points';
import { RANK_RULE_TEXTS, SIGN_IN_BONUS_NOTE } from './labels';

describe('signInReward', () => {
  it.each([
    [1, 1, 1],
    [6, 6, 1],
    [7, 7, 4],
    [8, 1, 1],
    [14, 7, 4],
    [0, 1, 1],
  ])('pays streak day %i (row day %i) %i points', (series, inRow, points) => {
    expect(streakDayInRow(series)).toBe(inRow);
    expect(signInReward(series)).toBe(points);
  });
});

describe('taskPointsToAward', () => {
  it.each([
    ['SUGAR_TEST', 1, 0, 1],
    ['SUGAR_TEST', 1, 2, 1],
    ['SUGAR_TEST', 1, 3, 0],
    ['BLOOD_PRESSURE_TEST', 2, 2, 1],
    ['BLOOD_PRESSURE_TEST', 1, 5, 0],
    ['READ_ARTICLE', 5, 100, 5],
  ])('gives task %s (once %i, %i today) %i points', (code, once, today, expected) => {
    expect(taskPointsToAward(code, once, today)).toBe(expected);
  });

  it('treats complete 0 as claimable', () => {
    expect(isTaskClaimable({ complete: 0 })).toBe(true);
    expect(isTaskClaimable({ complete: 1 })).toBe(false);
  });
});

describe('pointsDeduction', () => {
  it.each([
    [{ balance: 9, payableCents: 10_000 }, 0, 0],
    [{ balance: 10, payableCents: 10_000 }, 10, 20],
    [{ balance: 50, payableCents: 10_000 }, 50, 100],
    [{ balance: 500, payableCents: 301 }, 150, 300],
    [{ balance: 500, payableCents: 10_000, maxUsableScore: 100 }, 100, 200],
    [{ balance: 500, payableCents: 0 }, 0, 0],
    [{ balance: 500, payableCents: 10_000, maxUsableScore: null }, 500, 1000],
  ])('for %j uses %i points worth %i cents', (input, points, cents) => {
    expect(pointsDeduction(input)).toEqual({ points, cents });
  });
});

describe('test strips', () => {
  it.each([
    [0, 0, false],
    [10, 20, false],
    [49, 98, false],
    [50, 100, true],
    [80, 100, true],
  ])('with %i strips shows %i%% and can exchange: %s', (strips, percent, can) => {
    expect(stripProgressPercent(strips)).toBe(percent);
    expect(canExchangeStrips(strips)).toBe(can);
  });

  it('earns 5 strips per invitation', () => {
    expect(stripsForInvitations(3)).toBe(15);
    expect(stripsForInvitations(-1)).toBe(0);
  });
});

describe('sign-in streak', () => {
  it.each([
    [null, '2026-11-20', 1, 0],
    [{ day: '2026-11-19', series: 6 }, '2026-11-20', 7, 6],
    [{ day: '2026-11-18', series: 6 }, '2026-11-20', 1, 0],
    [{ day: '2026-11-20', series: 3 }, '2026-11-20', 1, 3],
    [{ day: '2026-02-28', series: 2 }, '2026-03-01', 3, 2],
    [{ day: '2024-02-29', series: 2 }, '2024-03-01', 3, 2],
    [{ day: '2025-12-31', series: 9 }, '2026-01-01', 10, 9],
  ])('after %j, signing on %s makes streak %i (shown before signing: %i)', (last, today, next, shown) => {
    expect(nextSeries(last, today)).toBe(next);
    expect(currentSeries(last, today)).toBe(shown);
  });

  it('words the reward from the rule', () => {
    expect(SIGN_IN_REWARD_TEXT + SIGN_IN_BONUS_NOTE).toBe(
      '每天签到奖励1积分；连续签到每满7天，当天共奖励4积分，比平时多奖励3积分',
    );
    // The row's last day pays what the text says: the ordinary point and the bonus.
    expect(signInReward(7)).toBe(SIGN_IN_DAILY_POINTS + SIGN_IN_ROW_END_BONUS);
    expect(signInReward(14)).toBe(4);
    expect(previousDayKey('2026-01-01')).toBe('2025-12-31');
  });
});

describe('monthCalendar', () => {
  it.each([
    // November 2026 starts on a Sunday: six blanks before the 1st and 30 days fill six weeks.
    [2026, 11, 6, 6, '2026-11-01'],
    // February 2027 starts on a Monday and has 28 days: exactly four weeks.
    [2027, 2, 0, 4, '2027-02-01'],
    [2024, 2, 3, 5, '2024-02-01'],
  ])('lays out %i-%i from Monday with %i blanks in %i weeks', (year, month, blanks, weeks, firstDay) => {
    const grid = monthCalendar(year, month);
    expect(grid).toHaveLength(weeks);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    const cells = grid.flat();
    expect(cells.findIndex((c) => c !== null)).toBe(blanks);
    expect(cells[blanks]?.day).toBe(firstDay);
    expect(cells.filter((c) => c !== null)).toHaveLength(new Date(Date.UTC(year, month, 0)).getUTCDate());
  });
});

describe('tasks', () => {
  it('has unique codes, a daily and a fixed group, and names for the ledger', () => {
    expect(new Set(POINTS_TASKS.map((t) => t.settingCode)).size).toBe(POINTS_TASKS.length);
    expect(POINTS_TASKS.some((t) => t.taskType === TASK_TYPE_DAILY)).toBe(true);
    expect(POINTS_TASKS.some((t) => t.taskType === TASK_TYPE_FIXED)).toBe(true);
    expect(pointsActionName('SIGN_IN')).toBe('每日签到');
    expect(pointsActionName('NOPE')).toBe('积分调整');
    expect(pointsActionName(POINTS_ORDER_ACTIONS.spend.code)).toBe('商城兑换');
    expect(pointsActionName(POINTS_ORDER_ACTIONS.giveBack.code)).toBe('订单取消，退回积分');
    expect(pointsTask('SUGAR_TEST')?.kind).toBe('action');
  });

  it.each([
    ['SUGAR_TEST', 'action', 2, false, 0, false],
    ['SUGAR_TEST', 'action', 3, false, 1, false],
    ['SIGN_IN', 'action', 0, false, 0, false],
    ['SIGN_IN', 'action', 1, false, 1, false],
    ['FIRST_SUGAR_TEST', 'claim', 0, false, 0, false],
    ['FIRST_SUGAR_TEST', 'claim', 0, true, 0, true],
    ['FIRST_SUGAR_TEST', 'claim', 5, true, 1, false],
  ] as const)(
    '%s (%s) with %i earned, ready %s: complete %i, claimable %s',
    (code, kind, earned, ready, complete, claimable) => {
      expect(taskState({ settingCode: code, kind }, { earned, ready })).toEqual({ complete, claimable });
    },
  );

  it('lists every task in the rules', () => {
    for (const t of POINTS_TASKS) {
      expect(POINTS_RULE_TEXTS.some((line) => line.startsWith(t.settingName))).toBe(true);
    }
    expect(RANK_RULE_TEXTS.length).toBeGreaterThan(0);
  });
});

describe('rankStyle', () => {
  it.each([
    [1, 'icon'],
    [3, 'icon'],
    [4, 'number'],
    [20, 'number'],
    [21, 'plain'],
    [0, 'plain'],
  ] as const)('draws rank %i as %s', (rank, style) => {
    expect(rankStyle(rank)).toBe(style);
  });
});
