import type { Db } from '../../../lib/db';

/**
 * The readings core's domain events, and the bus they travel on. Health publishes them and knows
 * none of its subscribers: notices and the feed (social) and points (engagement) register in
 * `apps/api/src/composition.ts`. The same events are what webhooks will send out (issue 23).
 */

/** The kinds of reading (docs/glossary.md): glucose (血糖, legacy sugar), pressure (血压), ketone, uric acid, weight. */
export type ReadingKind = 'glucose' | 'pressure' | 'ketone' | 'uricAcid' | 'weight';

/**
 * Who put the reading in: the patient themself (the form), a relative recording for the patient
 * through an accepted follow (testType '2'), or the patient's meter.
 */
export type ReadingSource = 'self' | 'relative' | 'meter';

/** A reading as stored, with what its subscribers need to describe it. */
export type RecordedReading =
  | { kind: 'glucose'; id: string; measuredAt: Date; sugar: number; timeType: number }
  | { kind: 'pressure'; id: string; measuredAt: Date; sbp: number; dbp: number; hr: number }
  | { kind: 'ketone'; id: string; measuredAt: Date; ketone: number }
  | { kind: 'uricAcid'; id: string; measuredAt: Date; urine: number }
  | { kind: 'weight'; id: string; measuredAt: Date; weightKg: number; heightCm: number; bmi: number };

/** A reading was stored for a patient. Published in the transaction that stored it. */
export interface ReadingRecorded {
  type: 'ReadingRecorded';
  reading: RecordedReading;
  /** The patient whose reading it is. */
  customerId: string;
  /** Who typed it in: the patient, the relative, or (for a meter) the meter's owner. */
  recordedBy: string;
  source: ReadingSource;
  /** When the reading reached us (the server's now), not when it was measured. */
  at: Date;
  /** For a meter's reading: the meter and its own id for the reading; `backfill` when it was stored while unbound and is attached at a bind. */
  meter?: { imei: string; readingId: string; backfill: boolean };
}

/** A reading was deleted by its owner. Published in the deleting transaction. */
export interface ReadingDeleted {
  type: 'ReadingDeleted';
  kind: ReadingKind;
  readingId: string;
  customerId: string;
}

export interface ReadingEvents {
  ReadingRecorded: ReadingRecorded;
  ReadingDeleted: ReadingDeleted;
}

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

/** The readings core's bus. */
export const readingEvents = new EventBus<ReadingEvents>();
