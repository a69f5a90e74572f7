// Device secrets: random, shown once, kept only as a salted hash and compared in constant time.
//
// New hashes are in Mosquitto's password-file format `$7$<iterations>$<salt>$<hash>` (PBKDF2 with
// HMAC-SHA512, 64-byte key, standard base64), so `npm run device -- mosquitto-config` can hand them
// to an external Mosquitto broker unchanged (docs/device-protocol.md, "Scale-out"). Hashes written
// before that (`scrypt$N$r$p$salt$hash`) are still verified; `rotate-secret` replaces one.
import { createHash, pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { DerivationBusyError, deriveOnWorker, type Derivation } from './secret-worker';

/**
 * PBKDF2-SHA512 rounds: Mosquitto's own default is only 101; this takes tens of milliseconds. New
 * hashes (provisioning, rare) are made on the thread pool; checks run on a worker thread of their own.
 */
export const PBKDF2_ITERATIONS = 100_000;
const PBKDF2_KEY_LENGTH = 64;
const PBKDF2_SALT_LENGTH = 12;
/** A stored iteration count above this is refused rather than computed (a corrupt row must not stall the checks). */
const MAX_ITERATIONS = 10_000_000;
const SCRYPT_KEY_LENGTH = 32;

const b64 = (buffer: Buffer) => buffer.toString('base64url');

function pbkdf2Sha512(secret: string, salt: Buffer, iterations: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(secret, salt, iterations, PBKDF2_KEY_LENGTH, 'sha512', (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new device secret: 24 random bytes, 32 URL-safe characters, easy to type into a meter's configuration. */
export function newDeviceSecret(): string {
  return b64(randomBytes(24));
}

/** `$7$100000$salt$hash` (Mosquitto's PBKDF2-SHA512 format) for a secret, with a fresh 12-byte salt. */
export async function hashDeviceSecret(secret: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = randomBytes(PBKDF2_SALT_LENGTH);
  const key = await pbkdf2Sha512(secret, salt, iterations);
  return ['', '7', iterations, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether a stored hash is one Mosquitto can verify (a `$7$` hash, not an older scrypt one). */
export function isMosquittoHash(stored: string): boolean {
  return /^\$7\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.test(stored);
}

// A stored hash to compare against when the IMEI is unknown, so that an unknown IMEI takes as long
// to refuse as a wrong secret and the answer time does not reveal which IMEIs exist.
const DECOY = [
  '',
  '7',
  PBKDF2_ITERATIONS,
  Buffer.alloc(PBKDF2_SALT_LENGTH).toString('base64'),
  Buffer.alloc(PBKDF2_KEY_LENGTH).toString('base64'),
].join('$');

/** What `secret` must derive to under the stored hash's scheme and parameters; null if unreadable. */
function derivationFor(secret: string, stored: string): { job: Derivation; expected: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] === '' && parts[1] === '7' && parts.length === 5) {
    const iterations = Number(parts[2]);
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS || !parts[3] || !parts[4]) {
      return null;
    }
    return {
      job: {
        scheme: 'pbkdf2',
        secret,
        salt: Buffer.from(parts[3], 'base64'),
        iterations,
        keyLength: PBKDF2_KEY_LENGTH,
      },
      expected: Buffer.from(parts[4], 'base64'),
    };
  }
  if (parts[0] === 'scrypt' && parts.length === 6 && parts[4] && parts[5]) {
    const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (![N, r, p].every(Number.isInteger) || N > 1 << 20) {
      return null;
    }
    return {
      job: {
        scheme: 'scrypt',
        secret,
        salt: Buffer.from(parts[4], 'base64url'),
        N,
        r,
        p,
        keyLength: SCRYPT_KEY_LENGTH,
      },
      expected: Buffer.from(parts[5], 'base64url'),
    };
  }
  return null;
}

/**
 * Whether `secret` matches the stored hash (or, with no hash, spends the same time and says no).
 * The key is derived on the device-secret worker thread, never on libuv's pool; rejects with
 * DerivationBusyError when that thread already has its fill of checks waiting.
 */
export async function verifyDeviceSecret(secret: string, stored: string | null): Promise<boolean> {
  const wanted = derivationFor(secret, stored ?? DECOY);
  if (!wanted) {
    return false;
  }
  let actual: Buffer;
  try {
    actual = await deriveOnWorker(wanted.job);
  } catch (error) {
    if (error instanceof DerivationBusyError) {
      throw error;
    }
    return false;
  }
  return stored !== null && actual.length === wanted.expected.length && timingSafeEqual(actual, wanted.expected);
}

/** Compares two tokens in constant time whatever their lengths (both are hashed first). */
export function tokensEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
