// The local chat provider's signature (spec 3 §7 querySig: sdkAppId, sig, imUserId). Like Tencent
// Cloud IM's UserSig it is a signed, expiring statement of who the holder is in the chat; the
// WebSocket accepts it in place of the session token, which a browser's WebSocket cannot send as
// a header. An HMAC over the session secret (a key derived for this purpose only), so every API
// process checks it without storage.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../../providers/wechat/identity';

/** How long a signature lives (seconds); the client fetches a new one when it expires. */
export const CHAT_SIG_TTL_SECONDS = 2 * 3600;
/** The local provider's sdkAppId (Tencent's are positive). */
export const LOCAL_SDK_APP_ID = 0;

/** A chat identity: `c_` and a customer's id, or `s_` and a staff member's (a doctor in the console). */
const IM_USER_ID = /^[cs]_[0-9a-f-]{36}$/;

/** A customer's chat identity. */
export const customerImUserId = (customerId: string) => `c_${customerId}`;

/** A staff member's chat identity (a doctor in the console). */
export const staffImUserId = (staffId: string) => `s_${staffId}`;

/** The staff id behind a staff chat identity, or null for a customer's. */
export const staffIdOf = (imUserId: string): string | null => (imUserId.startsWith('s_') ? imUserId.slice(2) : null);

function mac(secret: string, imUserId: string, expires: number): string {
  return createHmac('sha256', deriveKey(secret, 'chat-sig')).update(`${imUserId}\n${expires}`).digest('base64url');
}

/** A signature for `imUserId`, valid for `CHAT_SIG_TTL_SECONDS` from `now`. */
export function signChat(secret: string, imUserId: string, now: Date): { sig: string; expireTime: number } {
  const expires = Math.floor(now.getTime() / 1000) + CHAT_SIG_TTL_SECONDS;
  return { sig: `${imUserId}.${expires}.${mac(secret, imUserId, expires)}`, expireTime: expires * 1000 };
}

/** The chat identity a signature was issued to, or null when it is malformed, forged or expired. */
export function verifyChatSig(secret: string, sig: unknown, now: Date): string | null {
  if (typeof sig !== 'string' || sig.length > 200) {
    return null;
  }
  const [imUserId, expiresText, given, extra] = sig.split('.');
  if (extra !== undefined || !imUserId || !IM_USER_ID.test(imUserId) || !/^[0-9]{1,12}$/.test(expiresText ?? '')) {
    return null;
  }
  const expires = Number(expiresText);
  const expected = Buffer.from(mac(secret, imUserId, expires));
  const provided = Buffer.from(given ?? '');
  if (provided.length !== expected.length || !timingSafeEqual(provided, expected)) {
    return null;
  }
  return expires * 1000 > now.getTime() ? imUserId : null;
}
