import { LocationFailure } from '@glucoguard/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_APP_UA, apiFailure, fakeApi, resetStores } from '../test-utils';
import { resetWx } from '../wechat/jssdk';
import { locateAndSave } from './locate';

const SHENZHEN = { longitude: 113.93, latitude: 22.53 };
const SAVED = {
  province: '440000',
  city: '440300',
  district: '440305',
  provinceName: '广东省',
  cityName: '深圳市',
  districtName: '南山区',
  ...SHENZHEN,
};
const SIGNED = { enabled: true, appId: 'wx_app_1', timestamp: 1763600000, nonceStr: 'n0nce', signature: 'sig123' };

/** The browser's geolocation answering a fix, or an error with the given code (1 denied, 2 unavailable, 3 time-out). */
function browserGeolocation(answer: { coords: typeof SHENZHEN } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn(
    (success: (position: { coords: typeof SHENZHEN }) => void, failure: (error: unknown) => void) => {
      if ('coords' in answer) {
        success({ coords: answer.coords });
      } else {
        failure({ code: answer.code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
      }
    },
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** Rejects with the failure kind, or fails the test. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(LocationFailure);
  return (error as LocationFailure).failure;
}

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1' });
  resetWx();
  delete window.wx;
});

afterEach(() => {
  delete window.wx;
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.restoreAllMocks();
});

describe('locateAndSave', () => {
  it('saves the browser’s position and answers its region', async () => {
    browserGeolocation({ coords: SHENZHEN });
    const api = fakeApi({ 'POST /customer/v1/updateLocation': () => SAVED });
    await expect(locateAndSave()).resolves.toEqual(SAVED);
    expect(api.called('POST /customer/v1/updateLocation')[0]?.body).toEqual(SHENZHEN);
  });

  it('tells a refused permission from a missing fix, and saves nothing', async () => {
    const api = fakeApi({ 'POST /customer/v1/updateLocation': () => SAVED });
    browserGeolocation({ code: 1 });
    expect(await failureOf(locateAndSave())).toBe('denied');
    browserGeolocation({ code: 3 });
    expect(await failureOf(locateAndSave())).toBe('failed');
    expect(api.called('POST /customer/v1/updateLocation')).toHaveLength(0);
  });

  it('counts a browser without geolocation as 定位失败', async () => {
    fakeApi({});
    expect(await failureOf(locateAndSave())).toBe('failed');
  });

  it('answers notFound when the server cannot place the point (40400)', async () => {
    browserGeolocation({ coords: { longitude: 2.35, latitude: 48.86 } });
    fakeApi({
      'POST /customer/v1/updateLocation': () => {
        throw apiFailure(40400, '系统无法检测到您的位置，是否重试？', 404);
      },
    });
    expect(await failureOf(locateAndSave())).toBe('notFound');
  });

  it('asks the messaging app’s JS-SDK inside the app, and reads its refusal as denied', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MESSAGING_APP_UA);
    const browser = browserGeolocation({ coords: SHENZHEN });
    const getLocation = vi.fn(
      (options: { type: string; success: (r: typeof SHENZHEN) => void; fail: (e: { errMsg: string }) => void }) =>
        getLocation.mock.calls.length === 1
          ? options.success(SHENZHEN)
          : options.fail({ errMsg: 'getLocation:fail auth deny' }),
    );
    let onReady = () => undefined as void;
    window.wx = {
      config: vi.fn(() => queueMicrotask(() => onReady())),
      ready: vi.fn((callback: () => void) => {
        onReady = callback;
      }),
      error: vi.fn(),
      updateAppMessageShareData: vi.fn(),
      updateTimelineShareData: vi.fn(),
      getLocation,
    } as unknown as NonNullable<typeof window.wx>;
    const api = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => SIGNED,
      'POST /customer/v1/updateLocation': () => SAVED,
    });
    await expect(locateAndSave()).resolves.toEqual(SAVED);
    expect(getLocation.mock.calls[0]?.[0].type).toBe('gcj02');
    expect(await failureOf(locateAndSave())).toBe('denied');
    expect(browser).not.toHaveBeenCalled();
    expect(api.called('POST /customer/v1/updateLocation')).toHaveLength(1);
  });
});
