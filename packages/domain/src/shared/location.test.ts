import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES, LOCATION_RETRY_LIMIT, canRetryLocation, locationLabel } from './location';

describe('the location flow rules', () => {
  it('keeps the spec messages', () => {
    expect(LOCATION_MESSAGES.denied).toBe('请允许授权获取地理位置信息！');
    expect(LOCATION_MESSAGES.failed).toBe('定位失败');
  });

  it('offers ten attempts', () => {
    expect(LOCATION_RETRY_LIMIT).toBe(10);
    expect(canRetryLocation(9)).toBe(true);
    expect(canRetryLocation(10)).toBe(false);
  });

  it('names the known parts of the place in order', () => {
    expect(locationLabel({ provinceName: '广东省', cityName: '深圳市', districtName: '南山区' })).toBe(
      '广东省 深圳市 南山区',
    );
    expect(locationLabel({ provinceName: '北京市', cityName: '北京市', districtName: '东城区' })).toBe(
      '北京市 北京市 东城区',
    );
    expect(locationLabel({ provinceName: '海南省', cityName: '儋州市', districtName: null })).toBe('海南省 儋州市');
    expect(locationLabel({ provinceName: null, cityName: null, districtName: null })).toBe('');
  });
});
