import { describe, expect, it } from 'vitest';
import {
  canExchangeStrips,
  isTaskClaimable,
  pointsDeduction,
  signInReward,
  streakDayInRow,
  stripProgressPercent,
  stripsForInvitations,
  taskPointsToAward,
} from './points';

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
