import type { MeterAck } from '@glucoguard/domain';
import type { MeterMessage, MeterStore } from './contract';

/** How the batcher groups messages. */
export interface IngestConfig {
  /** Most messages per call to the API. */
  maxBatch: number;
  /** How long the first message of a batch waits for others, in milliseconds. */
  maxWaitMs: number;
  /** Calls to the API under way at once; more messages wait and form bigger batches. */
  maxInFlight: number;
}

interface Pending {
  message: MeterMessage;
  bytes: number;
  done: (error: Error | null, acks: MeterAck[]) => void;
}

/**
 * Payload characters per batch. JSON escaping makes at most 6 bytes of a character (`\u0001`), so
 * a batch stays under the API's 16 MiB body limit for this route even for hostile payloads.
 */
const MAX_BATCH_CHARS = 2 * 1024 * 1024;

/** Counters for the health check and the bench. */
export interface IngestStats {
  queued: number;
  inFlight: number;
  batches: number;
  messages: number;
  failedBatches: number;
  /** Milliseconds the API took for the last batch. */
  lastBatchMs: number;
}

/**
 * Groups meter messages that arrive within a few milliseconds (or up to `maxBatch`) into one call
 * to the API, which stores each batch in one transaction. `submit` resolves with the message's
 * acks only after that transaction committed, and rejects when the call failed: the caller then
 * must not acknowledge the message (the gateway answers the publish with an error; an ingestion
 * worker leaves the broker message unacknowledged). Used by the embedded gateway and, unchanged,
 * by an ingestion worker behind an external broker.
 */
export class ReadingBatcher {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly counters = { batches: 0, messages: 0, failedBatches: 0, lastBatchMs: 0 };
  private inFlight = 0;

  constructor(
    private readonly api: Pick<MeterStore, 'storeMeterReadings'>,
    private readonly config: IngestConfig,
    private readonly onBatchError: (error: Error, size: number) => void = () => {},
  ) {}

  submit(message: MeterMessage): Promise<MeterAck[]> {
    return new Promise((resolve, reject) =>
      this.enqueue(message, (error, acks) => (error ? reject(error) : resolve(acks))),
    );
  }

  /**
   * `submit` with a callback, called once: with the message's acks after the commit, or with the
   * error. The embedded gateway's path, which has a callback to answer anyway and so spares two
   * promises a message.
   */
  enqueue(message: MeterMessage, done: (error: Error | null, acks: MeterAck[]) => void): void {
    this.queue.push({ message, bytes: message.payload.length + 64, done });
    if (this.queue.length >= this.config.maxBatch) {
      this.drain();
    } else {
      this.timer ??= setTimeout(() => this.drain(), this.config.maxWaitMs);
    }
  }

  stats(): IngestStats {
    return { queued: this.queue.length, inFlight: this.inFlight, ...this.counters };
  }

  /** Sends batches while there are messages and a free slot; the rest waits for a slot. */
  private drain() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0 && this.inFlight < this.config.maxInFlight) {
      let count = 0;
      let bytes = 0;
      while (
        count < this.queue.length &&
        count < this.config.maxBatch &&
        (count === 0 || bytes + this.queue[count]!.bytes <= MAX_BATCH_CHARS)
      ) {
        bytes += this.queue[count]!.bytes;
        count += 1;
      }
      void this.send(this.queue.splice(0, count));
    }
  }

  private async send(batch: Pending[]) {
    this.inFlight += 1;
    const started = Date.now();
    let results: MeterAck[][] | null = null;
    let failure: Error | null = null;
    try {
      results = await this.api.storeMeterReadings(batch.map((p) => p.message));
      this.counters.lastBatchMs = Date.now() - started;
      this.counters.batches += 1;
      this.counters.messages += batch.length;
    } catch (error) {
      failure = error as Error;
      this.counters.failedBatches += 1;
      this.onBatchError(failure, batch.length);
    } finally {
      this.inFlight -= 1;
      if (this.queue.length > 0) {
        this.drain();
      }
    }
    for (let i = 0; i < batch.length; i += 1) {
      try {
        batch[i]!.done(failure, failure ? [] : (results?.[i] ?? []));
      } catch (error) {
        // A callback's own failure must not keep the others from being called; it is rethrown as
        // an uncaught exception, as it would have been from a promise's handler.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
