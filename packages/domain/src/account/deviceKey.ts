import { readQuery } from '../shared/query';

/**
 * The local sign-in provider's device key: something the browser generated for itself and presents
 * as its login code. The lower bound keeps keys from being guessable by chance; the upper bound and
 * the alphabet keep them safe in a query string and a log line. The API and the web app check the
 * same pattern.
 */
export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The query parameter that switches a browser to another device key (embedded, local-provider mode). */
export const DEVICE_KEY_PARAM = 'deviceKey';

/** Whether a value is a well-formed device key. */
export function isDeviceKey(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_KEY_PATTERN.test(value);
}

/** What a launch address says about the device key: nothing, a key to switch to, or a malformed one to drop. */
export type LaunchDeviceKey =
  { readonly kind: 'absent' } | { readonly kind: 'switch'; readonly key: string } | { readonly kind: 'ignored' };

/**
 * Reads `?deviceKey=` from a launch address's query string. A well-formed key replaces the browser's
 * own; a malformed one is ignored (and should still leave the address, like any credential).
 */
export function launchDeviceKey(search: string): LaunchDeviceKey {
  const key = readQuery(search).get(DEVICE_KEY_PARAM);
  if (key === undefined) {
    return { kind: 'absent' };
  }
  return isDeviceKey(key) ? { kind: 'switch', key } : { kind: 'ignored' };
}
