import { describe, expect, it } from 'vitest';
import {
  DEVICE_TYPES,
  DEVICE_TYPE_NAMES,
  isWarrantyExpired,
  warrantyEnd,
  warrantyLastDay,
  warrantyState,
} from './warranty';

describe('isWarrantyExpired', () => {
  // 2027-02-01 00:00 in China is 2027-01-31 16:00 UTC.
  const chinaMidnight = Date.UTC(2027, 0, 31, 16, 0);

  it.each([
    ['2026-02-01', 12, chinaMidnight - 1, false],
    ['2026-02-01', 12, chinaMidnight, true],
    ['2026-02-01', 13, chinaMidnight, false],
    ['2026-02-01 10:00:00', 12, chinaMidnight, false],
    ['garbage', 12, 0, true],
  ])('purchase %s with %i months at %s is expired: %s', (purchase, months, now, expired) => {
    expect(isWarrantyExpired(purchase, months, now)).toBe(expired);
  });

  it('accepts instants and computes the end in China months', () => {
    expect(warrantyEnd(Date.UTC(2026, 0, 30, 16), 1)?.toISOString()).toBe('2026-02-27T16:00:00.000Z');
    expect(warrantyEnd(new Date(Date.UTC(2026, 0, 1)), 0)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('warrantyState', () => {
  // 2027-02-01 00:00 in China.
  const chinaMidnight = Date.UTC(2027, 0, 31, 16, 0);

  it.each([
    ['2026-02-01', 12, chinaMidnight - 1, false, '在保', '2027-01-31'],
    ['2026-02-01', 12, chinaMidnight, true, '已过保', '2027-01-31'],
    ['2026-01-31', 1, chinaMidnight, true, '已过保', '2026-02-27'],
    ['2026-02-01 10:00:00', 24, chinaMidnight, false, '在保', '2028-02-01'],
    ['garbage', 12, 0, true, '已过保', null],
  ])(
    'bought %s with %i months, at %s: expired %s, %s, covered through %s',
    (purchase, months, now, expired, label, lastDay) => {
      expect(warrantyState(purchase, months, now)).toEqual({ expired, label, lastDay });
      expect(warrantyLastDay(purchase, months)).toBe(lastDay);
    },
  );
});

describe('DEVICE_TYPE_NAMES', () => {
  it('names every device type of the spec', () => {
    expect(Object.values(DEVICE_TYPES).map((type) => DEVICE_TYPE_NAMES[type])).toEqual([
      '血糖仪',
      '血压计',
      '体重秤',
      '体脂秤',
      '计步器',
      '血氧仪',
      '心电仪',
    ]);
  });
});
