import { createHash } from 'node:crypto';
import type { MeterKind } from '@glucoguard/domain';
import type { InternalApi } from './internal-api';

interface Entry {
  ok: boolean;
  kind: MeterKind | null;
  expires: number;
}

/** A refusal is remembered only this long, so a meter provisioned a moment later gets in at once. */
const FAILURE_TTL_MS = 5_000;
const MAX_ENTRIES = 100_000;

/**
 * Checks meter credentials with the API and remembers a success for a short while (keyed by the
 * IMEI and a hash of the secret, never the secret itself), so that a reconnect storm after a
 * network outage does not turn into thousands of secret-hash checks (PBKDF2, 100,000 rounds).
 */
export class MeterAuthenticator {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly api: Pick<InternalApi, 'meterAuth'>,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Resolves with the verdict; rejects when the API could not be asked. */
  async check(imei: string, secret: string, clientId: string): Promise<{ ok: boolean; kind: MeterKind | null }> {
    const key = `${imei}:${clientId}:${createHash('sha256').update(secret).digest('base64url')}`;
    const now = this.clock();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) {
      return { ok: hit.ok, kind: hit.kind };
    }
    const verdict = await this.api.meterAuth({ imei, secret, clientId });
    const ttl = verdict.ok ? this.ttlMs : Math.min(this.ttlMs, FAILURE_TTL_MS);
    this.cache.delete(key);
    if (ttl > 0) {
      if (this.cache.size >= MAX_ENTRIES) {
        // Maps keep insertion order: the first key is the oldest entry.
        this.cache.delete(this.cache.keys().next().value as string);
      }
      this.cache.set(key, { ...verdict, expires: now + ttl });
    }
    return verdict;
  }
}
