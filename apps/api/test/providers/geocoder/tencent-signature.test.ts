import { describe, expect, it } from 'vitest';
import { signTencentRequest, tencentLocation, tencentStringToSign } from '../../../src/providers/geocoder/tencent';

// The worked example of the WebService API's SN check (腾讯位置服务 WebServiceAPI 签名计算, GET):
// request https://apis.map.qq.com/ws/geocoder/v1?location=28.7033487,115.8660847&key=5Q5BZ-5EVWJ-SN5F3-K6QBZ-B3FAO-*****
// with SK SWvT26ypwq5Nwb5RvS8cLi6NSoH8HlJX. The documentation masks the end of the key, so its
// published sig cannot be reproduced; the string to sign can, and its md5 below was computed apart
// from this code (coreutils md5sum over the exact bytes).
const PATH = '/ws/geocoder/v1';
const EXAMPLE = { location: '28.7033487,115.8660847', key: '5Q5BZ-5EVWJ-SN5F3-K6QBZ-B3FAO-*****' };
const SK = 'SWvT26ypwq5Nwb5RvS8cLi6NSoH8HlJX';

describe('Tencent WebService SN signature', () => {
  it('builds the documented string: path, ?, parameters sorted by name with raw values, then the SK', () => {
    expect(tencentStringToSign(PATH, EXAMPLE, SK)).toBe(
      '/ws/geocoder/v1?key=5Q5BZ-5EVWJ-SN5F3-K6QBZ-B3FAO-*****&location=28.7033487,115.8660847SWvT26ypwq5Nwb5RvS8cLi6NSoH8HlJX',
    );
  });

  it('is the lowercase md5 of that string', () => {
    expect(signTencentRequest(PATH, EXAMPLE, SK)).toBe('58efff6d1519744af6a27337e11ca371');
  });

  it('leaves values unencoded and ignores a sig already present', () => {
    const toSign = tencentStringToSign(
      '/ws/geocoder/v1/',
      { location: '39.9,116.4', key: 'K', sig: 'old', region: '北京' },
      'S',
    );
    expect(toSign).toBe('/ws/geocoder/v1/?key=K&location=39.9,116.4&region=北京S');
  });

  it('signs the path exactly as requested (with or without the final slash)', () => {
    expect(signTencentRequest('/ws/geocoder/v1/', EXAMPLE, SK)).not.toBe(signTencentRequest(PATH, EXAMPLE, SK));
  });

  it('writes the location as lat,lng with at most six decimals and never in exponent notation', () => {
    expect(tencentLocation({ longitude: 116.39747, latitude: 39.908823 })).toBe('39.908823,116.39747');
    expect(tencentLocation({ longitude: 121.4737014999, latitude: 31.2304160001 })).toBe('31.230416,121.473701');
    expect(tencentLocation({ longitude: 120, latitude: 0.0000001 })).toBe('0,120');
  });
});
