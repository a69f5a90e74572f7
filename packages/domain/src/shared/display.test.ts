import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatDistance,
  isPagingFinished,
  isShown,
  limitDecimals,
  maskPatientName,
  TRUNCATE,
  truncate,
  unreadBadge,
} from './display';

describe('truncate', () => {
  const long = '糖尿病患者每天应当规律监测血糖并记录饮食运动和用药情况以便医生调整治疗方案';

  it.each([
    ['articleSummary', 25],
    ['articleSummaryShared', 22],
    ['goodsName', 36],
    ['goodsRemark', 20],
    ['headerTitle', 12],
    ['organisationName', 16],
    ['consultLastText', 12],
    ['feedNickname', 10],
    ['feedLocation', 12],
  ] as const)('cuts the %s at %i characters', (key, max) => {
    expect(TRUNCATE[key]).toBe(max);
    const cut = truncate(long.repeat(2), TRUNCATE[key]);
    expect(Array.from(cut)).toHaveLength(max + 3);
    expect(cut.endsWith('...')).toBe(true);
  });

  it('leaves a text that fits, and treats null as empty', () => {
    expect(truncate('血糖', 25)).toBe('血糖');
    expect(truncate(null, 5)).toBe('');
  });

  it('never splits an astral character', () => {
    expect(truncate('𠮷𠮷𠮷', 2)).toBe('𠮷𠮷...');
  });
});

describe('unreadBadge', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('shows %i unread as %j', (count, text) => {
    expect(unreadBadge(count)).toBe(text);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '0m'],
    [999.4, '999m'],
    [1000, '1.0km'],
    [1234, '1.2km'],
    [15_960, '16.0km'],
  ])('shows %d metres as %s', (metres, text) => {
    expect(formatDistance(metres)).toBe(text);
  });
});

describe('masking', () => {
  it.each([
    ['张三', '张*'],
    ['欧阳娜娜', '欧***'],
    ['李', '*'],
    [' 王五 ', '王*'],
  ])('masks patient name %j as %s', (name, masked) => {
    expect(maskPatientName(name)).toBe(masked);
  });
});

describe('input helpers', () => {
  it.each([
    ['5.66', 1, '5.6'],
    ['5.', 1, '5.'],
    ['12', 1, '12'],
    ['12.5', 0, '12'],
  ])('limits %s to %i decimals as %s', (text, digits, kept) => {
    expect(limitDecimals(text, digits)).toBe(kept);
  });

  it('keeps only digits of a phone', () => {
    expect(digitsOnly('138-0013 8000')).toBe('13800138000');
  });
});

describe('lists', () => {
  it('shows only items with status 1', () => {
    expect(isShown({ status: 1 })).toBe(true);
    expect(isShown({ status: '0' })).toBe(false);
  });

  it.each([
    [1, 3, false],
    [3, 3, true],
    [4, 3, true],
    [1, 0, true],
  ])('page %i of %i is the end: %s', (current, total, finished) => {
    expect(isPagingFinished(current, total)).toBe(finished);
  });
});
