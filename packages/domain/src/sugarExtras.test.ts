import { describe, expect, it } from 'vitest';
import { SUGAR_CHART_SLOTS, SUGAR_LEVELS, SUGAR_TAG_OPTIONS, sugarReminder } from './sugar';

describe('SUGAR_CHART_SLOTS', () => {
  it('maps fasting to slot 1, before meals to lunch and dinner, after meals to the three meals', () => {
    expect(SUGAR_CHART_SLOTS[1]).toEqual([1]);
    expect(SUGAR_CHART_SLOTS[2]).toEqual([3, 5]);
    expect(SUGAR_CHART_SLOTS[3]).toEqual([2, 4, 6]);
  });
});

describe('SUGAR_TAG_OPTIONS', () => {
  it.each([
    ['diet', ['无', '五分饱', '七分饱', '十分饱']],
    ['pharmacy', ['无', '忘记服药', '口服药', '胰岛素']],
    ['sport', ['无', '低强度', '中强度', '高强度']],
  ] as const)('offers none and the three levels of %s the spec lists', (type, items) => {
    expect(SUGAR_TAG_OPTIONS[type].items).toEqual(items);
  });
});

describe('sugarReminder', () => {
  it('has a distinct tip for each level and never names a dose', () => {
    const tips = SUGAR_LEVELS.map(sugarReminder);
    expect(new Set(tips).size).toBe(5);
    for (const tip of tips) {
      expect(tip).not.toMatch(/单位|毫克|mg|剂量|加量|减量/);
    }
    expect(sugarReminder('seriousLow')).toContain('含糖食物');
  });
});
