import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock';
import type { LogisticsProvider, Shipment, Tracking } from './logistics';

/** How many shipments' answers are kept at most (the least recently read go first). */
const MAX_ENTRIES = 2000;

/**
 * A courier's answers kept for `ttlMs` by courier and waybill number, so a patient reopening the
 * page (or many patients) does not spend the courier API's paid queries. Failures are not kept: the
 * next read asks again.
 */
export class CachedLogisticsProvider implements LogisticsProvider {
  readonly #inner: LogisticsProvider;
  readonly #cache: LRUCache<string, Tracking>;

  constructor(inner: LogisticsProvider, ttlMs: number, clock: Clock) {
    this.#inner = inner;
    this.#cache = new LRUCache<string, Tracking>({
      max: MAX_ENTRIES,
      ttl: ttlMs,
      // The injected clock, so tests can move time; resolution 0 reads it on every check.
      perf: { now: () => clock().getTime() },
      ttlResolution: 0,
    });
  }

  get name() {
    return this.#inner.name;
  }

  async track(shipment: Shipment): Promise<Tracking> {
    const key = `${shipment.shipperCode}:${shipment.logisticCode}`;
    const kept = this.#cache.get(key);
    if (kept) {
      return kept;
    }
    const answer = await this.#inner.track(shipment);
    this.#cache.set(key, answer);
    return answer;
  }
}
