import { describe, expect, it } from 'vitest';
import {
  areOpeningHoursValid,
  isHttpsUrl,
  isInChinaBox,
  isOnlineStoreShown,
  isStockQuantity,
  onlineStoreDraftProblem,
  openingHoursLabel,
  parseMedicineIds,
  pharmacyDraftProblem,
  pharmacyMapUrl,
  pharmacyTelUrl,
  PHARMACY_FORM_MESSAGES as M,
  regionCodesNest,
  type OnlineStoreDraft,
  type PharmacyDraft,
} from './pharmacy';

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

const H = 3_600_000;
const XIDAN: PharmacyDraft = {
  name: '康宁大药房（西单店）',
  address: '西城区西单北大街126号',
  phone: '010-66071234',
  province: '110000',
  city: '110100',
  district: '110102',
  longitude: 116.37422,
  latitude: 39.91302,
  openStartTime: 8 * H,
  openEndTime: 22 * H,
  status: 1,
};

describe('pharmacyDraftProblem', () => {
  it('accepts a complete pharmacy', () => {
    expect(pharmacyDraftProblem(XIDAN)).toBeNull();
    expect(pharmacyDraftProblem({ ...XIDAN, phone: '13800138000', status: 0 })).toBeNull();
    expect(pharmacyDraftProblem({ ...XIDAN, phone: '0571-88853210' })).toBeNull();
    expect(pharmacyDraftProblem({ ...XIDAN, phone: '400-810-1234' })).toBeNull();
  });

  it.each<[string, Partial<PharmacyDraft>, string]>([
    ['an empty name', { name: '  ' }, M.name],
    ['a name over 64', { name: '药'.repeat(65) }, M.name],
    ['an empty address', { address: '' }, M.address],
    ['a phone of letters', { phone: 'call me' }, M.phone],
    ['a short phone', { phone: '12345' }, M.phone],
    ['a city of another province', { city: '310100' }, M.region],
    ['a district of another city', { district: '310104' }, M.region],
    ['a province that is not one', { province: '110100' }, M.region],
    ['a name for a code', { district: '西城区' }, M.region],
    ['swapped coordinates', { longitude: 39.9, latitude: 116.3 }, M.coordinates],
    ['a point outside China', { longitude: 2.35, latitude: 48.85 }, M.coordinates],
    ['a start after the end', { openStartTime: 22 * H, openEndTime: 8 * H }, M.hours],
    ['equal times', { openStartTime: 8 * H, openEndTime: 8 * H }, M.hours],
    ['seconds in the hours', { openEndTime: 22 * H + 1000 }, M.hours],
    ['an end past midnight', { openEndTime: 25 * H }, M.hours],
    ['an unknown status', { status: 2 }, M.status],
  ])('refuses %s', (_what, change, message) => {
    expect(pharmacyDraftProblem({ ...XIDAN, ...change })).toBe(message);
  });
});

describe('the pieces of a pharmacy', () => {
  it('nests region codes by their digits', () => {
    expect(regionCodesNest({ province: '440000', city: '440100', district: '440106' })).toBe(true);
    expect(regionCodesNest({ province: '440000', city: '440100', district: '440100' })).toBe(false);
  });
  it('keeps points in China', () => {
    expect(isInChinaBox({ longitude: 121.5, latitude: 31.2 })).toBe(true);
    expect(isInChinaBox({ longitude: Number.NaN, latitude: 31.2 })).toBe(false);
  });
  it('allows a pharmacy open all day', () => {
    expect(areOpeningHoursValid({ openStartTime: 0, openEndTime: 24 * H })).toBe(true);
    expect(openingHoursLabel({ openStartTime: 0, openEndTime: 24 * H })).toBe('24小时营业');
  });
  it('records stock in whole boxes up to 99999', () => {
    expect([0, 1, 99_999].every(isStockQuantity)).toBe(true);
    expect([-1, 1.5, 100_000].some(isStockQuantity)).toBe(false);
  });
});

const STORE: OnlineStoreDraft = {
  storeName: '康宁大药房官方网店',
  storeIcon: '',
  remark: '正品保障',
  storeUrl: 'https://shop.kangning-pharmacy.example.cn/mobile',
  status: 1,
  sort: 1,
};

describe('onlineStoreDraftProblem', () => {
  it('accepts a complete store, with or without an icon', () => {
    expect(onlineStoreDraftProblem(STORE)).toBeNull();
    expect(onlineStoreDraftProblem({ ...STORE, storeIcon: 'https://img.example.cn/a.png', status: 0 })).toBeNull();
  });

  it.each<[string, Partial<OnlineStoreDraft>, string]>([
    ['an empty name', { storeName: '' }, M.storeName],
    ['a remark over 128', { remark: '好'.repeat(129) }, M.remark],
    ['a plain http address', { storeUrl: 'http://shop.example.cn' }, M.storeUrl],
    ['a script address', { storeUrl: 'javascript:alert(1)' }, M.storeUrl],
    ['an address without a host', { storeUrl: 'https://' }, M.storeUrl],
    ['an icon of another scheme', { storeIcon: 'data:image/png;base64,AAAA' }, M.storeIcon],
    ['an icon path instead of an address', { storeIcon: 'uploads/273/ab/cd.png' }, M.storeIcon],
    ['an unknown status', { status: 3 }, M.storeStatus],
    ['a negative sort', { sort: -1 }, M.sort],
  ])('refuses %s', (_what, change, message) => {
    expect(onlineStoreDraftProblem({ ...STORE, ...change })).toBe(message);
  });

  it('reads https addresses only', () => {
    expect(isHttpsUrl('https://m.example.cn/store?from=gg')).toBe(true);
    expect(isHttpsUrl('https://exa mple.cn')).toBe(false);
  });
});
