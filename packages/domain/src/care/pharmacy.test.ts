import { describe, expect, it } from 'vitest';
import { isOnlineStoreShown, openingHoursLabel, parseMedicineIds, pharmacyMapUrl, pharmacyTelUrl } from './pharmacy';

describe('openingHoursLabel', () => {
  it('labels hours given in ms from midnight', () => {
    expect(openingHoursLabel({ openStartTime: 8.5 * 3_600_000, openEndTime: 21 * 3_600_000 })).toBe(
      '营业时间 08:30-21:00',
    );
  });
  it('labels a pharmacy that never closes', () => {
    expect(openingHoursLabel({ openStartTime: 0, openEndTime: 86_400_000 })).toBe('24小时营业');
  });
});

describe('isOnlineStoreShown', () => {
  it('shows status 1 only', () => {
    expect(isOnlineStoreShown({ status: 1 })).toBe(true);
    expect(isOnlineStoreShown({ status: 0 })).toBe(false);
    expect(isOnlineStoreShown({ status: 2 })).toBe(false);
  });
});

describe('parseMedicineIds', () => {
  it('is no filter when empty', () => {
    expect(parseMedicineIds(undefined)).toEqual([]);
    expect(parseMedicineIds(' ')).toEqual([]);
  });
  it('reads ids and drops duplicates', () => {
    expect(parseMedicineIds('3, 1,3')).toEqual([3, 1]);
  });
  it('refuses anything else', () => {
    expect(parseMedicineIds('1,a')).toBeNull();
    expect(parseMedicineIds('0')).toBeNull();
    expect(parseMedicineIds('1,,2')).toBeNull();
    expect(parseMedicineIds('99999999999')).toBeNull();
    expect(parseMedicineIds(Array.from({ length: 21 }, (_, i) => i + 1).join(','))).toBeNull();
  });
});

describe('links and pages', () => {
  it('builds a call link from the phone', () => {
    expect(pharmacyTelUrl('010-6601 2345')).toBe('tel:010-66012345');
    expect(pharmacyTelUrl('')).toBeNull();
  });
  it('builds a map link carrying the coordinates', () => {
    const url = pharmacyMapUrl({ store: '康宁大药房', address: '西城区1号', longitude: 116.3, latitude: 39.9 });
    expect(url).toContain(encodeURIComponent('coord:39.9,116.3'));
  });
});
