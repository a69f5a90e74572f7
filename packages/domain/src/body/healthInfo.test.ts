import { describe, expect, it } from 'vitest';
import {
  HEALTH_INFO_OPTIONS,
  composeTreatment,
  drinkingChoice,
  healthOptionLabel,
  isHealthOption,
  smokingChoice,
  splitTreatment,
} from './healthInfo';
import { HEALTH_OPTION_LABELS } from './labels';

describe('health record option lists', () => {
  it('keeps the spec’s key 0 for the ‘other’ complication', () => {
    expect(healthOptionLabel('complications', '0')).toBe('其他');
    expect(healthOptionLabel('complications', 0)).toBe('其他');
  });

  it('gives every list unique keys and a name', () => {
    for (const [field, list] of Object.entries(HEALTH_INFO_OPTIONS)) {
      expect(new Set(list.map((option) => option.itemKey)).size).toBe(list.length);
      expect(HEALTH_OPTION_LABELS[field as keyof typeof HEALTH_INFO_OPTIONS]).not.toBe('');
    }
  });

  it.each([
    ['maritalStatus', '2', true],
    ['maritalStatus', '9', false],
    ['drinkingType', 1, true],
    ['job', null, false],
    ['job', undefined, false],
  ] as const)('%s %j is an option: %s', (field, key, expected) => {
    expect(isHealthOption(field, key)).toBe(expected);
  });

  it('has no label for unknown or missing keys', () => {
    expect(healthOptionLabel('sleepStatus', '99')).toBeUndefined();
    expect(healthOptionLabel('sleepStatus', null)).toBeUndefined();
  });
});

describe('smoking and drinking codes', () => {
  it.each([
    ['1', 'other'],
    ['2', 'smoking'],
    ['3', 'quit'],
    ['4', 'other'],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('smoking %j means %j', (code, meaning) => {
    expect(smokingChoice(code)).toBe(meaning);
  });

  it.each([
    ['1', 'never'],
    ['2', 'drinks'],
    ['3', 'drinks'],
    ['4', 'drinks'],
    ['', null],
    [null, null],
  ] as const)('drinking %j means %j', (code, meaning) => {
    expect(drinkingChoice(code)).toBe(meaning);
  });
});

describe('treatment text', () => {
  it.each([
    [['胰岛素', '饮食控制'], '', '饮食控制、胰岛素'],
    [['运动治疗'], ' 针灸 ', '运动治疗、针灸'],
    [[], '二甲双胍缓释片', '二甲双胍缓释片'],
    [['不在列表中'], null, ''],
  ] as const)('joins %j and %j as %j in list order', (chosen, other, text) => {
    expect(composeTreatment(chosen, other)).toBe(text);
  });

  it.each([
    ['饮食控制、胰岛素', ['饮食控制', '胰岛素'], ''],
    ['运动治疗、针灸、拔罐', ['运动治疗'], '针灸、拔罐'],
    ['胰岛素、胰岛素、 ', ['胰岛素'], '胰岛素'],
    ['', [], ''],
    [null, [], ''],
  ] as const)('reads %j back as %j and %j', (text, chosen, other) => {
    expect(splitTreatment(text)).toEqual({ chosen, other });
  });
});
