import type { Db } from './db';

/** Work a subscriber leaves for after the publishing transaction has committed (an in-process memo, say). */
export type AfterCommit = () => void;

/**
 * A subscriber: gets the transaction handle and every event of one publication (one for a form,
 * the whole batch for a meter's message batch, so a subscriber can treat a batch as one), and runs
 * inside the transaction: if it throws, the reading is not stored either.
 */
export type Subscriber<E> = (tx: Db, events: readonly E[]) => Promise<AfterCommit | void>;

/**
 * A typed, in-process, awaited event bus: subscribers run one after another in registration order,
 * inside the publisher's transaction. Hand-written (about 30 lines) because what we need is exactly
 * that — Node's EventEmitter neither awaits its listeners nor types them, and the event-bus
 * packages add delivery models (async fan-out, wildcards) we must not have inside a transaction.
 * A subscriber registers under a name, so composing the app twice (tests build many apps in one
 * process) does not register it twice.
 */
export class EventBus<Events extends { [K in keyof Events]: { type: K } }> {
  private readonly subscribers = new Map<keyof Events, Map<string, Subscriber<never>>>();

  subscribe<T extends keyof Events>(type: T, name: string, subscriber: Subscriber<Events[T]>): void {
    const named = this.subscribers.get(type) ?? new Map<string, Subscriber<never>>();
    named.set(name, subscriber);
    this.subscribers.set(type, named);
  }

  /** Removes a subscriber (an app closing). */
  unsubscribe(type: keyof Events, name: string): void {
    this.subscribers.get(type)?.delete(name);
  }

  /** Runs every subscriber of `type` on `events` in `tx`; answers what they left for after the commit. */
  async publish<T extends keyof Events>(tx: Db, type: T, events: readonly Events[T][]): Promise<AfterCommit[]> {
    const after: AfterCommit[] = [];
    if (events.length === 0) {
      return after;
    }
    for (const subscriber of this.subscribers.get(type)?.values() ?? []) {
      const then = await (subscriber as Subscriber<Events[T]>)(tx, events);
      if (then) {
        after.push(then);
      }
    }
    return after;
  }
}
