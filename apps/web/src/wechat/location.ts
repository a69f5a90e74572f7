/**
 * Where the phone is: the messaging app's JS-SDK (`wx.getLocation`, GCJ-02) inside the app once the
 * SDK is configured, the browser's `navigator.geolocation` elsewhere. Failures are told apart as
 * the location flow needs them: `denied` (no permission) or `failed` (no position).
 */
export interface PhonePosition {
  longitude: number;
  latitude: number;
}

export type PositionAnswer = { ok: true; position: PhonePosition } | { ok: false; failure: 'denied' | 'failed' };

interface WxLocationSdk {
  getLocation(options: {
    type: 'gcj02' | 'wgs84';
    success: (result: { latitude: number; longitude: number }) => void;
    fail?: (error: { errMsg?: string }) => void;
    cancel?: () => void;
  }): void;
}

function wxSdk(): WxLocationSdk | null {
  const candidate = (globalThis as { wx?: Partial<WxLocationSdk> }).wx;
  return typeof candidate?.getLocation === 'function' ? (candidate as WxLocationSdk) : null;
}

/** The messaging app says "auth deny" / "authorize" (refused) or "fail" (no fix). */
const deniedByApp = (errMsg: string | undefined) => /auth|deny|denied|permission/i.test(errMsg ?? '');

/** Asks the configured JS-SDK for the position; null when there is no SDK. */
export function messagingAppPosition(): Promise<PositionAnswer> | null {
  const sdk = wxSdk();
  if (sdk === null) {
    return null;
  }
  return new Promise((resolve) => {
    sdk.getLocation({
      type: 'gcj02',
      success: ({ longitude, latitude }) => resolve({ ok: true, position: { longitude, latitude } }),
      fail: (error) => resolve({ ok: false, failure: deniedByApp(error.errMsg) ? 'denied' : 'failed' }),
      // Closing the app's permission prompt refuses it.
      cancel: () => resolve({ ok: false, failure: 'denied' }),
    });
  });
}

/** Time the browser may take for one fix, and the age of a fix it may reuse. */
const BROWSER_TIMEOUT_MS = 15_000;
const BROWSER_MAXIMUM_AGE_MS = 60_000;

/** Asks the browser for the position (the user is asked for permission the first time). */
export function browserPosition(): Promise<PositionAnswer> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (geolocation === undefined) {
    return Promise.resolve({ ok: false, failure: 'failed' });
  }
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ ok: true, position: { longitude: coords.longitude, latitude: coords.latitude } }),
      (error) => resolve({ ok: false, failure: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: false, timeout: BROWSER_TIMEOUT_MS, maximumAge: BROWSER_MAXIMUM_AGE_MS },
    );
  });
}
