import { describe, expect, it } from 'vitest';
import { validateSugarTargets } from './sugarTargets';

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
    expect(validateSugarTargets({ minValue: 40, lowValue: 4, highValue: 7, maxValue: 50 })).toMatchObject({ message: '低血糖值应大于严重低血糖值' });
  });

  it('accepts four strictly ascending values under 33.3, typed or numeric', () => {
    expect(validateSugarTargets({ minValue: '3.9', lowValue: '4.4', highValue: 7, maxValue: 33.2 })).toEqual({ ok: true });
  });
});
