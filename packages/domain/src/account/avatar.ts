import { fail, OK, type ValidationResult } from '../shared/validator';
import { AVATAR_MESSAGE } from './labels';

/**
 * The messaging app's avatar hosts: the `headimgurl` its web authorisation returns lives on one of
 * these (thirdwx.qlogo.cn today, wx.qlogo.cn for older accounts).
 */
export const MESSAGING_AVATAR_HOSTS = ['thirdwx.qlogo.cn', 'wx.qlogo.cn'] as const;

/** Where the API serves uploaded files; an avatar may be given with or without it. */
export const OWN_FILES_PREFIX = '/api/files/';

/** An uploaded image's stored path: uploads/<folder code>/yyyy/mm/dd/<32 hex>.<type>, as the upload call returns it. */
const OWN_UPLOAD_PATH = /^uploads\/[1-9][0-9]{0,8}\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;

/**
 * The avatar as it is stored, or null when it is not acceptable. Acceptable: empty (no avatar), one
 * of our own upload paths (bare, or behind {@link OWN_FILES_PREFIX}), or an address on one of the
 * {@link MESSAGING_AVATAR_HOSTS} over http(s), stored as https. Anything else would make every
 * viewer's browser call a stranger's server, which then learns who looks at whom and from where.
 */
export function normalizeAvatarUrl(value: string): string | null {
  const text = value.trim();
  if (text === '') {
    return '';
  }
  const path = text.startsWith(OWN_FILES_PREFIX) ? text.slice(OWN_FILES_PREFIX.length) : text;
  if (OWN_UPLOAD_PATH.test(path)) {
    return text;
  }
  // Scheme, a bare host (no user, no port) and an optional path: nothing a parser could read two ways.
  const match = /^https?:\/\/([^/?#\\@:\s]+)(\/[^\s\\]*)?$/i.exec(text);
  const host = match?.[1]?.toLowerCase();
  if (host === undefined || !(MESSAGING_AVATAR_HOSTS as readonly string[]).includes(host)) {
    return null;
  }
  return `https://${host}${match?.[2] ?? '/'}`;
}

/** Checks a submitted `headimgurl` (profile edit, registration) with {@link normalizeAvatarUrl}. */
export function validateAvatarUrl(value: string | null | undefined): ValidationResult {
  return value === null || value === undefined || normalizeAvatarUrl(value) !== null
    ? OK
    : fail('headimgurl', AVATAR_MESSAGE);
}
