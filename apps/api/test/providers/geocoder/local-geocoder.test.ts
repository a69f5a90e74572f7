import { areaList } from '@vant/area-data';
import { describe, expect, it } from 'vitest';
import { distanceKm, LocalGeocoder } from '../../../src/providers/geocoder/local';
import { SEATS } from '../../../src/providers/geocoder/seats';

const local = new LocalGeocoder();

describe('the bundled seats table', () => {
  it('names every seat by its code exactly as the region data does', () => {
    const wrong = SEATS.filter(([name, code]) => areaList.county_list[code] !== name).map(
      ([name, code]) => `${code} ${name} ≠ ${areaList.county_list[code] ?? '(none)'}`,
    );
    expect(wrong).toEqual([]);
  });

  it('lists each code once', () => {
    expect(new Set(SEATS.map(([, code]) => code)).size).toBe(SEATS.length);
  });

  it('has a seat in every mainland prefecture-level division of the region data', () => {
    const mainland = Object.entries(areaList.city_list).filter(([code]) => Number(code) < 710000);
    const missing = mainland
      .filter(([code]) => !SEATS.some(([, seat]) => seat.slice(0, 4) === code.slice(0, 4)))
      .map(([code, name]) => `${code} ${name}`);
    expect(missing).toEqual([]);
    expect(new Set(SEATS.map(([, code]) => code.slice(0, 2))).size).toBeGreaterThanOrEqual(31);
  });

  it('places every seat inside the box around China', () => {
    expect(SEATS.filter(([, , lng, lat]) => lng < 73 || lng > 136 || lat < 3 || lat > 54)).toEqual([]);
  });
});

describe('LocalGeocoder', () => {
  it('resolves a point near Tiananmen to 北京市/东城区', async () => {
    expect(await local.reverse({ longitude: 116.404, latitude: 39.915 })).toEqual({
      province: '110000',
      city: '110100',
      district: '110101',
      provinceName: '北京市',
      cityName: '北京市',
      districtName: '东城区',
    });
  });

  it('resolves People’s Square in Shanghai to 上海市/黄浦区', async () => {
    expect(await local.reverse({ longitude: 121.4737, latitude: 31.2304 })).toMatchObject({
      province: '310000',
      city: '310100',
      district: '310101',
      districtName: '黄浦区',
    });
  });

  it('resolves provincial capitals and a remote city to the right city', async () => {
    expect(await local.reverse({ longitude: 113.2644, latitude: 23.1291 })).toMatchObject({ cityName: '广州市' });
    expect(await local.reverse({ longitude: 87.6168, latitude: 43.8256 })).toMatchObject({
      provinceName: '新疆维吾尔自治区',
      cityName: '乌鲁木齐市',
    });
    expect(await local.reverse({ longitude: 91.1409, latitude: 29.6456 })).toMatchObject({
      cityName: '拉萨市',
      districtName: '城关区',
    });
    // 重庆's counties answer to the municipality under 500200 (县) in the region data.
    expect(await local.reverse({ longitude: 109.47, latitude: 31.02 })).toMatchObject({
      province: '500000',
      city: '500200',
      districtName: '奉节县',
    });
  });

  it('answers with the nearest listed seat, not the exact district', async () => {
    // A point in 朝阳区's east, nearer 通州区's seat than 朝阳区's, resolves to 通州区.
    expect(await local.reverse({ longitude: 116.6, latitude: 39.92 })).toMatchObject({ districtName: '通州区' });
  });

  it('finds nothing in the open sea far from any seat', async () => {
    expect(await local.reverse({ longitude: 128, latitude: 25 })).toBeNull();
    expect(await local.reverse({ longitude: 115, latitude: 10 })).toBeNull();
  });

  it('finds nothing outside the box around China or for an impossible point', async () => {
    expect(await local.reverse({ longitude: -0.1276, latitude: 51.5072 })).toBeNull();
    expect(await local.reverse({ longitude: 139.69, latitude: 35.69 })).toBeNull();
    expect(await local.reverse({ longitude: 200, latitude: 30 })).toBeNull();
    expect(await local.reverse({ longitude: Number.NaN, latitude: 30 })).toBeNull();
  });

  it('gives up beyond the configured distance', async () => {
    const strict = new LocalGeocoder({ maxDistanceKm: 5 });
    expect(await strict.reverse({ longitude: 116.6, latitude: 41 })).toBeNull();
    expect(await strict.reverse({ longitude: 116.416, latitude: 39.928 })).toMatchObject({ districtName: '东城区' });
  });

  it('measures great-circle distances', () => {
    // Beijing to Shanghai is about 1,070 km as the crow flies.
    expect(
      distanceKm({ longitude: 116.4074, latitude: 39.9042 }, { longitude: 121.4737, latitude: 31.2304 }),
    ).toBeGreaterThan(1050);
    expect(
      distanceKm({ longitude: 116.4074, latitude: 39.9042 }, { longitude: 121.4737, latitude: 31.2304 }),
    ).toBeLessThan(1090);
  });
});
