import { isMessagingAppBrowser } from '@glucoguard/domain';

/**
 * The messaging app's JS-SDK scanner (`wx.scanQRCode`), when the page runs inside the app and the
 * SDK is loaded and configured. Elsewhere there is no scanner and the IMEI is typed.
 */
interface MessagingAppSdk {
  scanQRCode(options: {
    needResult: 1;
    scanType: string[];
    success: (result: { resultStr?: string }) => void;
    fail?: (error: unknown) => void;
    cancel?: () => void;
  }): void;
}

function sdk(): MessagingAppSdk | null {
  const candidate = (globalThis as { wx?: Partial<MessagingAppSdk> }).wx;
  return typeof candidate?.scanQRCode === 'function' ? (candidate as MessagingAppSdk) : null;
}

/**
 * Whether a scan can be offered: inside the messaging app. The SDK is loaded and configured on the
 * first scan (`scanQRCode` in wechat/jssdk.ts); where that fails the scan answers null.
 */
export function canScan(): boolean {
  return typeof navigator !== 'undefined' && isMessagingAppBrowser(navigator.userAgent);
}

/**
 * Scans a QR code or barcode with an SDK that is already configured; answers the scanned text, or
 * null when cancelled or failed. Pages call `scanQRCode` (wechat/jssdk.ts), which configures first.
 */
export function scanCode(): Promise<string | null> {
  const scanner = sdk();
  if (scanner === null) {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    scanner.scanQRCode({
      needResult: 1,
      scanType: ['qrCode', 'barCode'],
      success: (result) => resolve(result.resultStr ?? null),
      fail: () => resolve(null),
      cancel: () => resolve(null),
    });
  });
}
