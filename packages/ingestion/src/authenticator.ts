import { createHash } from 'node:crypto';
import type { MeterKind } from '@glucoguard/domain';
import type { MeterStore } from './contract';

/** How many credential checks the gateway lets through, per source address and in all. */
export interface AuthLimits {
  /** Checks one source address may start per second, on average… */
  perAddressPerSecond: number;
  /** …and in a burst. */
  perAddressBurst: number;
  /** Checks of one source address under way at once. */
  perAddressInFlight: number;
  /** Checks under way at once, all addresses together. */
  maxInFlight: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perAddressPerSecond: 10,
  perAddressBurst: 20,
  perAddressInFlight: 2,
  maxInFlight: 8,
};

/**
 * The verdict on a sign-in. `ok` false with no `retry` is a refusal (CONNACK 5); with `retry`,
 * the credentials were not checked now and the meter should try again later (CONNACK 3).
 */
export interface AuthVerdict {
  ok: boolean;
  kind: MeterKind | null;
  retry?: 'throttled' | 'busy' | 'recentlyRefused';
}

/** What the authenticator did since the gateway started (the health check shows it). */
export interface AuthStats {
  /** Credential checks sent to the API. */
  checked: number;
  accepted: number;
  refused: number;
  /** Answered from the cache of recent successes. */
  cachedSuccess: number;
  /** Refused again without a check: the same IMEI and secret were refused a moment ago. */
  cachedRefusal: number;
  /** Told to retry: another secret for this IMEI was refused a moment ago. */
  recentlyRefused: number;
  /** Told to retry: the source address used up its checks. */
  throttled: number;
  /** Told to retry: the gateway's checks in flight were at their cap. */
  busy: number;
}

interface Success {
  kind: MeterKind | null;
  expires: number;
}

interface Refusal {
  secretHash: string;
  expires: number;
}

interface Bucket {
  tokens: number;
  updated: number;
  inFlight: number;
}

/** A refusal is remembered only this long, so a meter provisioned a moment later gets in soon. */
const REFUSAL_TTL_MS = 5_000;
const MAX_ENTRIES = 100_000;
const MAX_ADDRESSES = 10_000;

/**
 * The key an address is throttled under: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64, the smallest block a subscriber is usually given (one host can use them all).
 */
export function sourceKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) {
    return mapped[1]!;
  }
  if (!address.includes(':')) {
    return address;
  }
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_ENTRIES) {
    // Maps keep insertion order: the first key is the oldest entry.
    map.delete(map.keys().next().value as string);
  }
  map.set(key, value);
}

/**
 * Checks meter credentials with the API (the gateway's sign-in guard), and keeps that check cheap and fair under a flood of
 * bogus connects (each check is a PBKDF2 of 100,000 rounds in the API):
 * - a success is remembered for a while (keyed by the IMEI, the client id and a hash of the
 *   secret, never the secret itself), so a reconnect storm after an outage costs no checks;
 * - a refusal is remembered per IMEI for a few seconds: the same secret again is refused at once,
 *   another secret is told to retry (CONNACK 3) rather than checked, so guessing a meter's secret
 *   gets one try per IMEI every few seconds, and the real meter is not told it is unknown;
 * - each source address gets a token bucket and a few checks in flight, and all addresses
 *   together a cap on checks in flight; beyond them the meter is told to retry, unchecked.
 */
export class MeterAuthenticator {
  private readonly successes = new Map<string, Success>();
  private readonly refusals = new Map<string, Refusal>();
  private readonly addresses = new Map<string, Bucket>();
  private inFlight = 0;
  readonly stats: AuthStats = {
    checked: 0,
    accepted: 0,
    refused: 0,
    cachedSuccess: 0,
    cachedRefusal: 0,
    recentlyRefused: 0,
    throttled: 0,
    busy: 0,
  };

  constructor(
    private readonly api: Pick<MeterStore, 'meterAuth'>,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly limits: AuthLimits = DEFAULT_AUTH_LIMITS,
  ) {}

  /** Resolves with the verdict; rejects when the API could not be asked. `address` is the connection's source (IPv6 counted by /64). */
  async check(imei: string, secret: string, clientId: string, address = ''): Promise<AuthVerdict> {
    const secretHash = createHash('sha256').update(secret).digest('base64url');
    const key = `${imei}:${clientId}:${secretHash}`;
    const now = this.clock();
    const hit = this.successes.get(key);
    if (hit && hit.expires > now) {
      this.stats.cachedSuccess += 1;
      return { ok: true, kind: hit.kind };
    }
    const refused = this.refusals.get(imei);
    if (refused && refused.expires > now) {
      if (refused.secretHash === secretHash) {
        this.stats.cachedRefusal += 1;
        return { ok: false, kind: null };
      }
      this.stats.recentlyRefused += 1;
      return { ok: false, kind: null, retry: 'recentlyRefused' };
    }
    const bucket = this.bucketOf(sourceKey(address), now);
    if (bucket.tokens < 1 || bucket.inFlight >= this.limits.perAddressInFlight) {
      this.stats.throttled += 1;
      return { ok: false, kind: null, retry: 'throttled' };
    }
    if (this.inFlight >= this.limits.maxInFlight) {
      this.stats.busy += 1;
      return { ok: false, kind: null, retry: 'busy' };
    }
    bucket.tokens -= 1;
    bucket.inFlight += 1;
    this.inFlight += 1;
    this.stats.checked += 1;
    try {
      const verdict = await this.api.meterAuth({ imei, secret, clientId });
      const at = this.clock();
      if (verdict.ok) {
        this.stats.accepted += 1;
        this.refusals.delete(imei);
        if (this.ttlMs > 0) {
          remember(this.successes, key, { kind: verdict.kind, expires: at + this.ttlMs });
        }
      } else {
        this.stats.refused += 1;
        if (this.ttlMs > 0) {
          remember(this.refusals, imei, { secretHash, expires: at + Math.min(REFUSAL_TTL_MS, this.ttlMs) });
        }
      }
      return { ok: verdict.ok, kind: verdict.kind };
    } finally {
      bucket.inFlight -= 1;
      this.inFlight -= 1;
    }
  }

  /** The address's token bucket, refilled for the time since it was last used. */
  private bucketOf(address: string, now: number): Bucket {
    let bucket = this.addresses.get(address);
    if (!bucket) {
      if (this.addresses.size >= MAX_ADDRESSES) {
        this.forgetIdleAddresses(now);
      }
      bucket = { tokens: this.limits.perAddressBurst, updated: now, inFlight: 0 };
      this.addresses.set(address, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(
      this.limits.perAddressBurst,
      bucket.tokens + ((now - bucket.updated) / 1000) * this.limits.perAddressPerSecond,
    );
    bucket.updated = now;
    return bucket;
  }

  /** Drops the buckets that have refilled and have nothing in flight (they would start full anyway). */
  private forgetIdleAddresses(now: number) {
    const refill = (this.limits.perAddressBurst / this.limits.perAddressPerSecond) * 1000;
    for (const [address, bucket] of this.addresses) {
      if (bucket.inFlight === 0 && now - bucket.updated >= refill) {
        this.addresses.delete(address);
      }
    }
  }
}
