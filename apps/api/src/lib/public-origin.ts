// The app's own origin, and the one check every sign-in redirect goes through. Links are never
// built from the Host header: a client chooses that header, so a link built from it could point
// anywhere (and a cache in front could keep such a page for everyone).
import { AppError, ErrorCodes } from './errors';

/** Shown when getAuthorizeUrl gets a page address that is not one of ours. */
export const REDIRECT_MESSAGE = '跳转地址不正确，请从本应用的页面进入';

export interface PublicOrigin {
  /** PUBLIC_BASE_URL's origin, or http://localhost:PORT when it is unset. */
  publicBaseUrl: string;
  /** Whether PUBLIC_BASE_URL was set (always in production). */
  publicBaseUrlSet: boolean;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The redirect address when it is an absolute http(s) URL on the app's own origin, otherwise null.
 * With PUBLIC_BASE_URL set that origin is the only one. Without it (development and tests only,
 * since production requires it) a loopback address (the dev server on :5173 proxies to :3000) and
 * the origin the request itself came to (a phone on the LAN opening http://192.168.x.y:3000) are
 * accepted too: whoever sets a false Host header there only sends themselves elsewhere.
 */
export function sameOriginRedirect(raw: string, origin: PublicOrigin, requestOrigin: string): string | null {
  // Relative addresses (`foo`, `/foo`, `//evil.example`) are refused: the messaging app needs an absolute one.
  if (!/^https?:\/\/[^/\\]/i.test(raw) || !URL.canParse(raw)) {
    return null;
  }
  const url = new URL(raw);
  if (url.username !== '' || url.password !== '') {
    return null;
  }
  const allowed =
    url.origin === origin.publicBaseUrl ||
    (!origin.publicBaseUrlSet && (LOOPBACK.has(url.hostname) || url.origin === requestOrigin));
  return allowed ? url.toString() : null;
}

/** {@link sameOriginRedirect}, answering 400 in the envelope instead of null. */
export function assertSameOriginRedirect(raw: string, origin: PublicOrigin, requestOrigin: string): string {
  const url = sameOriginRedirect(raw, origin, requestOrigin);
  if (url === null) {
    throw new AppError(ErrorCodes.badRequest, REDIRECT_MESSAGE);
  }
  return url;
}
