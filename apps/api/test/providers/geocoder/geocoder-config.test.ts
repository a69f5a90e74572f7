import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config';
import { geocoderFromEnv } from '../../../src/providers/geocoder/config';
import { regionFromCode } from '../../../src/providers/geocoder/regions';

describe('geocoderFromEnv', () => {
  it('uses the bundled table by default', () => {
    expect(geocoderFromEnv({}).name).toBe('local');
    expect(geocoderFromEnv({ GEOCODER: 'local' }).name).toBe('local');
  });

  it('uses Tencent with a key and SK', () => {
    expect(
      geocoderFromEnv({
        GEOCODER: 'tencent',
        TENCENT_MAP_KEY: 'K',
        TENCENT_MAP_SK: 'S',
        TENCENT_MAP_BASE: 'http://127.0.0.1:9',
      }).name,
    ).toBe('tencent');
  });

  it('names every missing variable at once', () => {
    const error = (() => {
      try {
        geocoderFromEnv({ GEOCODER: 'tencent', TENCENT_MAP_SK: ' ', TENCENT_MAP_BASE: 'apis.map.qq.com' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'GEOCODER=tencent needs TENCENT_MAP_KEY, TENCENT_MAP_SK (missing or empty).',
      'TENCENT_MAP_BASE must be an http(s) URL without a path, got "apis.map.qq.com".',
    ]);
  });

  it('refuses an unknown provider', () => {
    expect(() => geocoderFromEnv({ GEOCODER: 'amap' })).toThrow('GEOCODER must be local or tencent, got "amap".');
  });
});

describe('regionFromCode', () => {
  it.each([
    [
      '110101',
      {
        province: '110000',
        city: '110100',
        district: '110101',
        provinceName: '北京市',
        cityName: '北京市',
        districtName: '东城区',
      },
    ],
    [
      '500233',
      {
        province: '500000',
        city: '500200',
        district: '500233',
        provinceName: '重庆市',
        cityName: '县',
        districtName: '忠县',
      },
    ],
    [
      '429004',
      {
        province: '420000',
        city: '429000',
        district: '429004',
        provinceName: '湖北省',
        cityName: '省直辖县',
        districtName: '仙桃市',
      },
    ],
    [
      '441900',
      {
        province: '440000',
        city: '441900',
        district: null,
        provinceName: '广东省',
        cityName: '东莞市',
        districtName: null,
      },
    ],
  ])('maps %s', (code, region) => {
    expect(regionFromCode(code)).toEqual(region);
  });

  it('gives a known city without a district for a district code the data lacks', () => {
    expect(regionFromCode('110199')).toMatchObject({ city: '110100', district: null });
  });

  it.each(['990101', '', '-1', '1101011', 'abcdef'])('knows nothing of %j', (code) => {
    expect(regionFromCode(code)).toBeNull();
  });
});
