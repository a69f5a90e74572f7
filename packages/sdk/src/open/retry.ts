/** When and how long the open client waits before trying a call again. */
export interface RetryOptions {
  /** Extra tries after the first (default 3). 0 turns retries off. */
  retries?: number;
  /** The first back-off ceiling in milliseconds (default 500); it doubles per try. */
  baseDelayMs?: number;
  /** The highest back-off ceiling in milliseconds (default 20 000). */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this (default 60 000 ms) is not waited for: the answer is returned. */
  maxRetryAfterMs?: number;
  /** A number in [0, 1): the jitter source (default `Math.random`). */
  random?: () => number;
  /** Waits; defaults to a timer that stops when the call's signal aborts. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export type ResolvedRetry = Required<RetryOptions>;

/** HTTP statuses that say "try again later": too many requests, bad gateway, unavailable, gateway time-out. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Methods a server treats as idempotent: sending them twice has the effect of sending them once. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export function resolveRetry(options: RetryOptions | false | undefined): ResolvedRetry {
  const given = options === false ? { retries: 0 } : (options ?? {});
  return {
    retries: given.retries ?? 3,
    baseDelayMs: given.baseDelayMs ?? 500,
    maxDelayMs: given.maxDelayMs ?? 20_000,
    maxRetryAfterMs: given.maxRetryAfterMs ?? 60_000,
    random: given.random ?? Math.random,
    sleep: given.sleep ?? sleepFor,
  };
}

/**
 * Exponential back-off with full jitter (AWS Architecture Blog, "Exponential Backoff and Jitter"):
 * a uniformly random wait in [0, min(maxDelay, base · 2^attempt)), attempt counting from 0.
 */
export function backoffDelay(
  attempt: number,
  retry: Pick<ResolvedRetry, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
  return Math.floor(retry.random() * ceiling);
}

/** A `Retry-After` value (seconds, or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') {
    return null;
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    return Number(text) * 1000;
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
