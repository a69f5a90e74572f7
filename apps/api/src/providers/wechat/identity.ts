import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Who the browser turned out to be, in the messaging app's own terms (field names as its userinfo API). */
export interface MessagingIdentity {
  openid: string;
  unionid: string | null;
  nickname: string;
  headimgurl: string;
  /** 1 male, 2 female, 0 unknown — the messaging app's convention, kept so stored profiles match it. */
  sex: 0 | 1 | 2;
}

export interface IdentityProvider {
  readonly name: 'wechat' | 'local';
  /** The address to send the browser to for a login code (local: our own page), carrying `state`. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** Exchanges a one-time login code; rejects with IdentityError on an invalid/used/expired code. */
  exchangeCode(code: string): Promise<MessagingIdentity>;
}

export type IdentityErrorReason = 'invalid_code' | 'code_used' | 'provider_error' | 'network';

/**
 * A sign-in that did not work. `reason` is what routes branch on: the first two are the
 * user's problem (ask for a new code), the last two ours or the provider's (try again later).
 */
export class IdentityError extends Error {
  constructor(
    readonly reason: IdentityErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/**
 * Derives a key for one purpose from the shared session secret, so a value signed for one
 * use (a state, a local openid) can never be replayed as a signature for another — the
 * local provider hands its HMAC output back to the browser as the openid.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`glucoguard/${purpose}/v1`).digest();
}

// The state travels through the messaging app's authorise page, which accepts only
// [a-zA-Z0-9] up to 128 bytes, so it is fixed-width lowercase hex without separators:
// 16 nonce + 12 expiry (ms since the epoch) + 64 HMAC-SHA256 = 92 characters.
const NONCE_HEX = 16;
const EXPIRY_HEX = 12;
const MAC_HEX = 64;
const STATE_PATTERN = new RegExp(`^[0-9a-f]{${NONCE_HEX + EXPIRY_HEX + MAC_HEX}}$`);

function stateMac(secret: string, body: string): Buffer {
  return createHmac('sha256', deriveKey(secret, 'oauth-state')).update(body).digest();
}

/**
 * A signed, expiring `state` for the OAuth round trip: the callback can check it came from
 * us and is recent without any server-side storage (which would not hold across instances).
 */
export function createState(secret: string, now: number, ttlMs: number): string {
  if (!Number.isSafeInteger(now) || !Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new RangeError('createState needs an integer time and a positive integer ttl in milliseconds.');
  }
  const body = randomBytes(NONCE_HEX / 2).toString('hex') + (now + ttlMs).toString(16).padStart(EXPIRY_HEX, '0');
  return body + stateMac(secret, body).toString('hex');
}

/** True only for a state this secret signed that has not expired at `now`. */
export function verifyState(secret: string, state: string, now: number): boolean {
  if (typeof state !== 'string' || !STATE_PATTERN.test(state)) {
    return false;
  }
  const body = state.slice(0, NONCE_HEX + EXPIRY_HEX);
  const given = Buffer.from(state.slice(NONCE_HEX + EXPIRY_HEX), 'hex');
  // Constant-time comparison so the MAC cannot be guessed byte by byte from response timing.
  if (!timingSafeEqual(given, stateMac(secret, body))) {
    return false;
  }
  const expiresAt = Number.parseInt(body.slice(NONCE_HEX), 16);
  return now < expiresAt;
}
