import { createHmac } from 'node:crypto';
import { isDeviceKey } from '@glucoguard/domain';
import { deriveKey, IdentityError, type IdentityProvider, type MessagingIdentity } from './identity';

// 28 base64url characters = 168 bits of the HMAC: collisions are out of reach.
const OPENID_HASH_CHARS = 28;

/**
 * The identity provider for the embedded default and for any browser outside the messaging
 * app. There is no third party: the "code" is the browser's own device key and the openid a
 * keyed hash of it, so the same device always comes back as the same user, nobody can derive
 * the device key from the openid, and nobody can mint a given openid without the server secret.
 *
 * Unlike the messaging app's codes, a device key is meant to be presented again on every
 * sign-in, so there is no single-use check here. Whoever holds the key *is* the user — it is a
 * bearer credential and the web app must keep it like one.
 */
export class LocalIdentityProvider implements IdentityProvider {
  readonly name = 'local' as const;
  private readonly key: Buffer;

  constructor(secret: string) {
    if (!secret) {
      throw new Error('LocalIdentityProvider needs a secret.');
    }
    // A purpose-bound key, so the openid (which the browser sees) is never a MAC usable elsewhere.
    this.key = deriveKey(secret, 'local-identity');
  }

  /**
   * Our own page: the redirect address itself with `state` added and deliberately no `code` —
   * the web app supplies its own device key as the code when it calls the sign-in endpoint.
   * Accepts absolute addresses and root-relative paths (kept relative).
   */
  authorizeUrl(redirectUri: string, state: string): string {
    const relative = redirectUri.startsWith('/') && !redirectUri.startsWith('//');
    const url = new URL(redirectUri, relative ? 'http://relative.invalid' : undefined);
    url.searchParams.delete('code');
    url.searchParams.set('state', state);
    return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
  }

  async exchangeCode(code: string): Promise<MessagingIdentity> {
    // A device key is something the browser generated for itself (domain `DEVICE_KEY_PATTERN`).
    if (!isDeviceKey(code)) {
      throw new IdentityError(
        'invalid_code',
        'The device code must be 16 to 128 characters of letters, digits, "_" or "-".',
      );
    }
    const digest = createHmac('sha256', this.key).update(code).digest();
    // The nickname comes from bytes the openid prefix does not use, purely for variety.
    const suffix = String(digest.readUInt32BE(28) % 10_000).padStart(4, '0');
    return {
      openid: `local_${digest.toString('base64url').slice(0, OPENID_HASH_CHARS)}`,
      unionid: null,
      nickname: `访客${suffix}`,
      headimgurl: '',
      sex: 0,
    };
  }
}
