// Device secrets: random, shown once, kept only as a salted hash and compared in constant time.
//
// New hashes are in Mosquitto's password-file format `$7$<iterations>$<salt>$<hash>` (PBKDF2 with
// HMAC-SHA512, 64-byte key, standard base64), so `npm run device -- mosquitto-config` can hand them
// to an external Mosquitto broker unchanged (docs/device-protocol.md, "Scale-out"). Hashes written
// before that (`scrypt$N$r$p$salt$hash`) are still verified; `rotate-secret` replaces one.
import { createHash, pbkdf2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** PBKDF2-SHA512 rounds: Mosquitto's own default is only 101; this takes tens of milliseconds, in the thread pool. */
export const PBKDF2_ITERATIONS = 100_000;
const PBKDF2_KEY_LENGTH = 64;
const PBKDF2_SALT_LENGTH = 12;
/** A stored iteration count above this is refused rather than computed (a corrupt row must not stall the pool). */
const MAX_ITERATIONS = 10_000_000;
const SCRYPT_KEY_LENGTH = 32;

const b64 = (buffer: Buffer) => buffer.toString('base64url');

function pbkdf2Sha512(secret: string, salt: Buffer, iterations: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(secret, salt, iterations, PBKDF2_KEY_LENGTH, 'sha512', (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scryptKey(secret: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, SCRYPT_KEY_LENGTH, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
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
const DECOY = ['', '7', PBKDF2_ITERATIONS, Buffer.alloc(PBKDF2_SALT_LENGTH).toString('base64'), Buffer.alloc(PBKDF2_KEY_LENGTH).toString('base64')].join('$');

/** The key `secret` derives to under the stored hash's scheme and parameters, and the stored key; null if unreadable. */
async function derive(secret: string, stored: string): Promise<{ actual: Buffer; expected: Buffer } | null> {
  const parts = stored.split('$');
  if (parts[0] === '' && parts[1] === '7' && parts.length === 5) {
    const iterations = Number(parts[2]);
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS || !parts[3] || !parts[4]) {
      return null;
    }
    return { actual: await pbkdf2Sha512(secret, Buffer.from(parts[3], 'base64'), iterations), expected: Buffer.from(parts[4], 'base64') };
  }
  if (parts[0] === 'scrypt' && parts.length === 6 && parts[4] && parts[5]) {
    const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (![n, r, p].every(Number.isInteger) || n > 1 << 20) {
      return null;
    }
    return { actual: await scryptKey(secret, Buffer.from(parts[4], 'base64url'), n, r, p), expected: Buffer.from(parts[5], 'base64url') };
  }
  return null;
}

/** Whether `secret` matches the stored hash (or, with no hash, spends the same time and says no). */
export async function verifyDeviceSecret(secret: string, stored: string | null): Promise<boolean> {
  const keys = await derive(secret, stored ?? DECOY).catch(() => null);
  return stored !== null && keys !== null && keys.actual.length === keys.expected.length && timingSafeEqual(keys.actual, keys.expected);
}

/** Compares two tokens in constant time whatever their lengths (both are hashed first). */
export function tokensEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
