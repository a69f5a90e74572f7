import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GeocoderError } from '../../../src/providers/geocoder/geocoder';
import { TencentGeocoder, type TencentGeocoderOptions } from '../../../src/providers/geocoder/tencent';
import { TencentMapFake } from '../../fakes/tencent-map-fake';

const TIANANMEN = { longitude: 116.39747, latitude: 39.908823 };

let fake: TencentMapFake;
beforeEach(async () => {
  fake = await TencentMapFake.start();
});
afterEach(async () => {
  await fake.close();
});

function geocoder(overrides: Partial<TencentGeocoderOptions> = {}): TencentGeocoder {
  return new TencentGeocoder({ key: fake.key, sk: fake.sk, base: fake.url, ...overrides });
}

async function refusal(promise: Promise<unknown>): Promise<GeocoderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeocoderError);
  return error as GeocoderError;
}

describe('TencentGeocoder against the fake reverse-geocoding endpoint', () => {
  it('resolves a point to the adcode’s province, city and district with names from the bundled data', async () => {
    expect(await geocoder().reverse(TIANANMEN)).toEqual({
      province: '110000',
      city: '110100',
      district: '110101',
      provinceName: '北京市',
      cityName: '北京市',
      districtName: '东城区',
    });
    expect(await geocoder().reverse({ longitude: 113.934528, latitude: 22.540503 })).toMatchObject({
      province: '440000',
      city: '440300',
      district: '440305',
      districtName: '南山区',
    });
    expect(fake.calls).toBe(2);
  });

  it('sends a signed GET the service accepts, with the location as lat,lng', async () => {
    await geocoder().reverse(TIANANMEN);
    const [request] = fake.requests;
    expect(request).toMatchObject({ path: '/ws/geocoder/v1/', status: 0 });
    const query = new URLSearchParams(request?.rawQuery);
    expect(query.get('location')).toBe('39.908823,116.39747');
    expect(query.get('key')).toBe(fake.key);
    expect(query.get('sig')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives the city without a district when the service only knows the city (东莞市)', async () => {
    expect(await geocoder().reverse({ longitude: 113.751765, latitude: 23.020536 })).toEqual({
      province: '440000',
      city: '441900',
      district: null,
      provinceName: '广东省',
      cityName: '东莞市',
      districtName: null,
    });
  });

  it('answers null for a point with no result (347) and for a point abroad', async () => {
    expect(await geocoder().reverse({ longitude: 125, latitude: 28 })).toBeNull();
    expect(fake.requests[0]?.status).toBe(347);
    expect(await geocoder().reverse({ longitude: 139.691706, latitude: 35.689487 })).toBeNull();
  });

  it('reports a wrong SK as the service’s 111 (signature check failed), not retryable', async () => {
    const error = await refusal(geocoder({ sk: 'not-the-secret' }).reverse(TIANANMEN));
    expect(error.providerCode).toBe('111');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('签名验证失败');
  });

  it('reports an unknown key as 190 and a malformed one as 311', async () => {
    expect(
      (await refusal(geocoder({ key: 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ' }).reverse(TIANANMEN))).providerCode,
    ).toBe('190');
    expect((await refusal(geocoder({ key: 'not-a-key' }).reverse(TIANANMEN))).providerCode).toBe('311');
  });

  it('reports a failing gateway by its HTTP status, retryable', async () => {
    fake.failWithHttpStatus = 502;
    const error = await refusal(geocoder().reverse(TIANANMEN));
    expect(error).toMatchObject({ providerCode: 'HTTP_502', retryable: true });
  });

  it('reports a service that cannot be reached as NETWORK, retryable', async () => {
    const url = fake.url;
    await fake.close();
    const error = await refusal(new TencentGeocoder({ key: 'K', sk: 'S', base: url }).reverse(TIANANMEN));
    expect(error).toMatchObject({ providerCode: 'NETWORK', retryable: true });
    expect(error.message).toContain('Could not reach Tencent Map');
    fake = await TencentMapFake.start();
  });

  it('refuses an impossible point before calling the service', async () => {
    expect((await refusal(geocoder().reverse({ longitude: 181, latitude: 0 }))).providerCode).toBe('INVALID_ARGUMENT');
    expect(fake.calls).toBe(0);
  });

  it('refuses a base that is not an http(s) URL', () => {
    expect(() => new TencentGeocoder({ key: 'K', sk: 'S', base: 'ftp://example.com' })).toThrow(TypeError);
  });
});
