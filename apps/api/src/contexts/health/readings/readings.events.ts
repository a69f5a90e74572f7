import { EventBus } from '../../../lib/event-bus';

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

/**
 * A stored reading was changed by its owner (the edit forms; a meter's readings are read-only).
 * Published in the changing transaction, with the reading as it now is.
 */
export interface ReadingUpdated {
  type: 'ReadingUpdated';
  reading: RecordedReading;
  customerId: string;
  /** Who typed the reading in originally: the patient or a relative (edits keep it). */
  source: Extract<ReadingSource, 'self' | 'relative'>;
  /** When it was changed (the server's now). */
  at: Date;
}

export interface ReadingEvents {
  ReadingRecorded: ReadingRecorded;
  ReadingDeleted: ReadingDeleted;
  ReadingUpdated: ReadingUpdated;
}

// The bus itself is below every context (lib/event-bus.ts), so identity can publish on one too.
export { EventBus, type AfterCommit, type Subscriber } from '../../../lib/event-bus';

/** The readings core's bus. */
export const readingEvents = new EventBus<ReadingEvents>();
