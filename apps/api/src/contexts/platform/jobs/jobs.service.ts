import { inTransaction, type Db } from '../../../lib/db';
import { JobStore, queueKeyOf, type ClaimedJob, type QueueRules } from './jobs.repository';

/** What a handler is told about the job it runs. */
export interface JobContext {
  name: string;
  key: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /** The clock's time when this attempt started. */
  now: Date;
}

/**
 * Runs one job. With `atomic` (the default) `db` is the transaction that also marks the job done,
 * so the handler's writes and the completion commit together or not at all. Either way a handler
 * must be idempotent: an attempt whose process died after its effect but before its commit (or,
 * without `atomic`, before the completion) runs again.
 */
export type JobHandler = (db: Db, payload: unknown, context: JobContext) => Promise<void>;

export interface JobOptions {
  /** The handler's writes commit with the job's completion (default true); false for work done in batches of its own. */
  atomic?: boolean;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** The first retry's delay in seconds (default 30); each later one about doubles, up to an hour. */
  backoffSeconds?: number;
  /** How long one attempt may hold the job before another process may take it over (default 300 s). */
  leaseSeconds?: number;
  /**
   * Jobs one worker claims at a time (default 1), run side by side; while claims come back full the
   * worker claims again at once instead of waiting for its next poll. For many short jobs that wait
   * on the network (webhook attempts): with 1, each worker runs about one job per poll interval.
   */
  batchSize?: number;
}

export interface JobQueueOptions {
  /** How often each job name's worker looks for due jobs. */
  pollIntervalMs: number;
  /** Jobs of one name run at most this many at a time in this process. */
  concurrency: number;
  /** How often jobs whose lease ran out are put back for a retry (by one process per interval). */
  leaseCheckIntervalMs: number;
  clock: () => Date;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

interface Definition {
  handler: JobHandler;
  atomic: boolean;
  batchSize: number;
  rules: QueueRules;
  /** Its queue exists: jobs of this name may be scheduled (the worker may not run yet). */
  queueReady?: boolean;
  workerId?: string;
  /** For a recurring job: the interval its occurrences are due on. */
  everyMs?: number;
}

const MAX_WAKE_AHEAD_MS = 10 * 60 * 1000;

/** The queues attached to each database (one per app), found again from any of its units of work. */
const queues = new WeakMap<object, JobQueue>();

/**
 * The durable job queue (docs/adr/0046-durable-jobs-on-pg-boss.md): jobs are rows in PostgreSQL (or
 * the embedded PGlite), scheduled inside the caller's transaction, claimed with SKIP LOCKED by one
 * process at a time, retried with backoff, and run when due — at start for those that fell due
 * while the API was down. Handlers are registered per job name at the composition root.
 */
export class JobQueue {
  readonly #definitions = new Map<string, Definition>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #store: JobStore | null = null;
  #root: Db | null = null;
  #stopping = false;

  constructor(private readonly options: JobQueueOptions) {}

  /** Registers the handler of a job name, before the queue starts (the composition root's job). */
  define(name: string, handler: JobHandler, options: JobOptions = {}): void {
    if (this.#store) {
      throw new Error(`job ${name}: define jobs before the queue starts, or use defineNow`);
    }
    this.#add(name, handler, options);
  }

  /** Registers the handler of a job name on a running queue and starts its worker (tests' own jobs). */
  async defineNow(name: string, handler: JobHandler, options: JobOptions = {}): Promise<void> {
    const definition = this.#add(name, handler, options);
    await this.#startWorker(name, definition);
  }

  #add(name: string, handler: JobHandler, options: JobOptions): Definition {
    if (this.#definitions.has(name)) {
      throw new Error(`job ${name} is already defined`);
    }
    const maxAttempts = options.maxAttempts ?? 5;
    const definition: Definition = {
      handler,
      atomic: options.atomic ?? true,
      batchSize: options.batchSize ?? 1,
      rules: {
        retries: maxAttempts - 1,
        backoffSeconds: options.backoffSeconds ?? 30,
        maxBackoffSeconds: 3600,
        leaseSeconds: options.leaseSeconds ?? 300,
      },
    };
    this.#definitions.set(name, definition);
    return definition;
  }

  /**
   * Makes a defined job recurring: one occurrence is due at every multiple of `intervalMs` (since
   * the epoch). Each run schedules the next in its completion transaction; every process start
   * schedules the next too, under the same key, so however many processes run there is one chain.
   */
  every(name: string, intervalMs: number): void {
    const definition = this.#definitions.get(name);
    if (!definition) {
      throw new Error(`job ${name} is not defined`);
    }
    definition.everyMs = intervalMs;
  }

  /** Opens the store on `root`'s database, creates the queues and starts a worker per job name. */
  async start(root: Db, databaseUrl: string | undefined): Promise<void> {
    const store = await JobStore.open(root, databaseUrl, {
      poolSize: this.options.concurrency * 2 + 2,
      leaseCheckSeconds: Math.max(1, Math.round(this.options.leaseCheckIntervalMs / 1000)),
      onProblem: (problem, kind) =>
        kind === 'error'
          ? this.options.log.error({ err: problem }, 'job queue error')
          : this.options.log.warn({ warning: problem }, 'job queue warning'),
    });
    await store.start();
    this.#root = root;
    this.#store = store;
    queues.set(queueKeyOf(root), this);
    // Every queue exists before any worker runs: a job due at start may schedule a job of another name.
    for (const [name, definition] of this.#definitions) {
      await store.defineQueue(name, definition.rules);
      definition.queueReady = true;
    }
    for (const [name, definition] of this.#definitions) {
      await this.#startWorker(name, definition);
    }
  }

  /**
   * Schedules job `name` to run at `dueAt` with `payload`, on `db`'s transaction: the job exists if
   * and only if that transaction commits. The same name and key again is the same job (the first
   * one's due time and payload stand). True when this call created it.
   */
  async schedule(db: Db, name: string, key: string, dueAt: Date, payload: unknown = null): Promise<boolean> {
    const definition = this.#definitions.get(name);
    if (!definition) {
      throw new Error(`job ${name} is not defined`);
    }
    if (!definition.queueReady) {
      // Its queue is created as the worker starts; scheduling before would look it up inside the
      // caller's transaction, which on PGlite (one connection) waits for that transaction: never.
      throw new Error(`job ${name} is not running yet`);
    }
    const created = await this.#requireStore().insert(db, name, key, dueAt, payload);
    if (created && !this.#stopping) {
      this.#wakeAt(name, dueAt);
    }
    return created;
  }

  /** Stops claiming jobs, lets running ones finish (up to `timeoutMs`), then stops maintenance. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.#stopping = true;
    for (const timer of this.#timers) {
      clearTimeout(timer);
    }
    this.#timers.clear();
    await this.#store?.stop(timeoutMs);
    this.#store = null;
    if (this.#root) {
      queues.delete(queueKeyOf(this.#root));
    }
  }

  #requireStore(): JobStore {
    // Still there while stopping: a job running then completes, and a request finishing then schedules.
    if (!this.#store) {
      throw new Error('the job queue is not running');
    }
    return this.#store;
  }

  async #startWorker(name: string, definition: Definition): Promise<void> {
    const store = this.#requireStore();
    if (!definition.queueReady) {
      await store.defineQueue(name, definition.rules);
      definition.queueReady = true;
    }
    definition.workerId = await store.work(
      name,
      {
        pollSeconds: Math.max(0.5, this.options.pollIntervalMs / 1000),
        concurrency: this.options.concurrency,
        batchSize: definition.batchSize,
      },
      async (jobs) => {
        if (jobs.length === 1 || definition.batchSize === 1) {
          for (const job of jobs) {
            await this.#run(name, definition, job);
          }
          return;
        }
        // Side by side; a failed one fails the claim (pg-boss retries it), the completed ones stay completed.
        const failed = (await Promise.allSettled(jobs.map((job) => this.#run(name, definition, job)))).find(
          (r): r is PromiseRejectedResult => r.status === 'rejected',
        );
        if (failed) {
          throw failed.reason;
        }
      },
    );
    if (definition.everyMs !== undefined) {
      await inTransaction(this.#root!.fork(), (tx) => this.#scheduleNextOccurrence(tx, name, definition.everyMs!));
    }
  }

  async #run(name: string, definition: Definition, job: ClaimedJob): Promise<void> {
    const store = this.#requireStore();
    const context: JobContext = { name, key: job.data.key, attempt: job.retryCount + 1, now: this.options.clock() };
    const db = this.#root!.fork();
    try {
      if (!definition.atomic) {
        await definition.handler(db, job.data.payload, context);
      }
      await inTransaction(db, async (tx) => {
        if (definition.atomic) {
          await definition.handler(tx, job.data.payload, context);
        }
        if (definition.everyMs !== undefined) {
          await this.#scheduleNextOccurrence(tx, name, definition.everyMs);
        }
        if (!(await store.complete(tx, name, job))) {
          // Rolled back: the lease ran out and the job may already be another attempt's.
          throw new Error(`job ${name} (${context.key}) outlived its lease; its work is rolled back`);
        }
      });
    } catch (error) {
      this.options.log.warn(
        { err: error, job: name, key: context.key, attempt: context.attempt },
        'job attempt failed',
      );
      if (definition.everyMs !== undefined) {
        // A failing occurrence is retried on its own; the chain goes on regardless.
        const everyMs = definition.everyMs;
        await inTransaction(this.#root!.fork(), (tx) => this.#scheduleNextOccurrence(tx, name, everyMs)).catch(
          () => {},
        );
      }
      throw error;
    }
  }

  async #scheduleNextOccurrence(tx: Db, name: string, everyMs: number): Promise<void> {
    const slot = Math.floor(this.options.clock().getTime() / everyMs) + 1;
    await this.schedule(tx, name, `every ${everyMs} ms #${slot}`, new Date(slot * everyMs));
  }

  /** Wakes the job name's worker at `dueAt` (when sooner than its next poll would find it). */
  #wakeAt(name: string, dueAt: Date): void {
    const workerId = this.#definitions.get(name)?.workerId;
    const delay = dueAt.getTime() - this.options.clock().getTime();
    if (!workerId || delay > MAX_WAKE_AHEAD_MS) {
      return;
    }
    // A little after the due time, and after the scheduling transaction has likely committed; if
    // not, the next poll finds the job.
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        if (!this.#stopping) {
          this.#store?.wake(workerId);
        }
      },
      Math.max(0, delay) + 20,
    );
    timer.unref();
    this.#timers.add(timer);
  }
}

/**
 * Schedules a job on `db`'s transaction through the queue of `db`'s database (the one the app
 * started): what services call, so a business change and its timer commit together.
 */
export function scheduleJob(db: Db, name: string, key: string, dueAt: Date, payload: unknown = null): Promise<boolean> {
  const queue = queues.get(queueKeyOf(db));
  if (!queue) {
    return Promise.reject(new Error('no job queue runs on this database'));
  }
  return queue.schedule(db, name, key, dueAt, payload);
}
