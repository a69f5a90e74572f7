import { describe, expect, it } from 'vitest';
import {
  SUGAR_TARGET_FIELDS,
  SUGAR_TARGET_PATHS,
  sugarTargetDetailPath,
  sugarTargetIndex,
  validateSugarTargets,
} from './sugarTargets';
import {
  SUGAR_TARGET_HIGH_ORDER_MESSAGE,
  SUGAR_TARGET_LOW_ORDER_MESSAGE,
  SUGAR_TARGET_MAX_ORDER_MESSAGE,
  SUGAR_TARGET_SAVED_MESSAGE,
} from './labels';

describe('validateSugarTargets', () => {
  it.each([
    [{ minValue: '', lowValue: 4.4, highValue: 7, maxValue: 10 }, 'minValue', '请填写血糖值'],
    [{ minValue: 3.9, lowValue: null, highValue: 7, maxValue: 10 }, 'lowValue', '请填写血糖值'],
    [{ minValue: 3.9, lowValue: 4.4, highValue: 'abc', maxValue: 10 }, 'highValue', '请填写血糖值'],
    [{ minValue: 3.9, lowValue: 4.4, highValue: 7, maxValue: undefined }, 'maxValue', '请填写血糖值'],
    [{ minValue: 4.4, lowValue: 4.4, highValue: 7, maxValue: 10 }, 'lowValue', '低血糖值应大于严重低血糖值'],
    [{ minValue: 3.9, lowValue: 7, highValue: 7, maxValue: 10 }, 'highValue', '高血糖值应大于低血糖值'],
    [{ minValue: 3.9, lowValue: 4.4, highValue: 10, maxValue: 9 }, 'maxValue', '严重高血糖值应大于高血糖值'],
    [{ minValue: 3.9, lowValue: 4.4, highValue: 7, maxValue: 33.3 }, 'maxValue', '血糖值应小于33.3'],
    [{ minValue: 3.9, lowValue: 4.4, highValue: 7, maxValue: 40 }, 'maxValue', '血糖值应小于33.3'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateSugarTargets(input)).toEqual({ ok: false, field, message });
  });

  it('checks the order before the 33.3 limit', () => {
    expect(validateSugarTargets({ minValue: 40, lowValue: 4, highValue: 7, maxValue: 50 })).toMatchObject({
      message: '低血糖值应大于严重低血糖值',
    });
  });

  it('accepts four strictly ascending values under 33.3, typed or numeric', () => {
    expect(validateSugarTargets({ minValue: '3.9', lowValue: '4.4', highValue: 7, maxValue: 33.2 })).toEqual({
      ok: true,
    });
  });
});

describe('sugar target pages', () => {
  it.each([
    ['1', 1],
    ['8', 8],
    [' 3 ', 3],
    ['0', null],
    ['9', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('reads the detail page index %j as %j', (raw, timeType) => {
    expect(sugarTargetIndex(raw)).toBe(timeType);
  });

  it('links a slot to its detail page with its name as value and its time type as index', () => {
    expect(sugarTargetDetailPath('空腹', 1)).toBe('/healthTarget/healthTargetDetail?value=%E7%A9%BA%E8%85%B9&index=1');
    expect(sugarTargetDetailPath('早餐后', 2)).toBe(
      `${SUGAR_TARGET_PATHS.detail}?value=${encodeURIComponent('早餐后')}&index=2`,
    );
    expect(sugarTargetDetailPath('a&b=c', 8)).toBe(`${SUGAR_TARGET_PATHS.detail}?value=a%26b%3Dc&index=8`);
  });

  it('names the four thresholds the way the ordering messages do, lowest first', () => {
    expect(SUGAR_TARGET_FIELDS.map((f) => f.field)).toEqual(['minValue', 'lowValue', 'highValue', 'maxValue']);
    for (const [lower, higher] of [
      [1, 0],
      [2, 1],
      [3, 2],
    ] as const) {
      const message = `${SUGAR_TARGET_FIELDS[lower].label}应大于${SUGAR_TARGET_FIELDS[higher].label}`;
      expect([
        SUGAR_TARGET_LOW_ORDER_MESSAGE,
        SUGAR_TARGET_HIGH_ORDER_MESSAGE,
        SUGAR_TARGET_MAX_ORDER_MESSAGE,
      ]).toContain(message);
    }
    expect(SUGAR_TARGET_SAVED_MESSAGE).toBe('保存成功');
  });
});
