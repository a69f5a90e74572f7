import { createHash } from 'node:crypto';
import { PgBoss, fromPglite, type Db as QueueDatabase, type Job, type PGliteLike } from 'pg-boss';
import { nativeQuery, sql, type Db } from '../../../lib/db';

/** What a stored job carries: the caller's idempotency key beside its payload. */
export interface StoredJob {
  key: string;
  payload: unknown;
}

/** A claimed job as the worker sees it (pg-boss's claim: its id and the attempt it was fetched at). */
export type ClaimedJob = Job<StoredJob>;

/** The retry and lease rules of one job name (a pg-boss queue). */
export interface QueueRules {
  /** Runs after the first failure; a job fails for good after `retries + 1` attempts. */
  retries: number;
  /** The first retry's delay; each later one doubles it (with jitter), up to `maxBackoffSeconds`. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /**
   * The lease: how long one attempt may stay claimed. A process that dies holding a job leaves it
   * claimed; once the lease runs out, maintenance in any live process puts it back for a retry.
   */
  leaseSeconds: number;
}

/** Completed and failed jobs are kept this long, so a key scheduled again in that time stays one job. */
const KEEP_SETTLED_SECONDS = 30 * 24 * 3600;
/** Fixed namespace for the job ids derived from (name, key) (RFC 9562 version 5). */
const KEY_NAMESPACE = Buffer.from('5a4c3e2f0b1d4e6a9c7b8d9e0f1a2b3c', 'hex');

/**
 * The job's id, derived from its name and key: pg-boss inserts with `on conflict do nothing`, so
 * scheduling the same key again, from any process, is the same job.
 */
export function jobIdFor(name: string, key: string): string {
  const hash = createHash('sha1').update(KEY_NAMESPACE).update(`${name}\u0000${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What identifies `db`'s database (its ORM's configuration, shared by every unit of work forked from it). */
export function queueKeyOf(db: Db): object {
  return db.config;
}

/**
 * pg-boss's statements run on our own unit of work: inside its transaction when `db` is one. One
 * parameterised statement at a time, which is all `send` and `complete` issue.
 */
function onUnitOfWork(db: Db): QueueDatabase {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({ rows: await nativeQuery(db, text, values ?? []) }),
  };
}

/**
 * The job store: pg-boss over the API's own database. On PostgreSQL it keeps a small pool of its
 * own (polling, maintenance); on the embedded PGlite it shares the ORM's one in-process connection,
 * whose every statement waits for an open transaction to end (docs/adr/0046-durable-jobs-on-pg-boss.md).
 */
export class JobStore {
  readonly boss: PgBoss;

  private constructor(boss: PgBoss) {
    this.boss = boss;
  }

  /**
   * A store on the database `root` belongs to (its PGlite instance, or `databaseUrl`'s server);
   * every `leaseCheckSeconds` one process puts jobs whose lease ran out back for a retry.
   */
  static async open(
    root: Db,
    databaseUrl: string | undefined,
    options: {
      poolSize: number;
      leaseCheckSeconds: number;
      onProblem: (problem: unknown, kind: 'error' | 'warning') => void;
    },
  ): Promise<JobStore> {
    const common = {
      schema: 'pgboss',
      registerInstance: false,
      openTelemetry: { enabled: false },
      superviseIntervalSeconds: options.leaseCheckSeconds,
    } as const;
    if (databaseUrl) {
      return JobStore.#watched(
        new PgBoss({ ...common, connectionString: databaseUrl, max: options.poolSize }),
        options,
      );
    }
    const connection = sql(root).getConnection() as unknown as { getNativeClient(): Promise<PGliteLike> };
    const pglite = await connection.getNativeClient();
    return JobStore.#watched(new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite' }), options);
  }

  /** pg-boss reports a failed background pass (maintenance, a poll) as an `error` event: unheard, it would end the process. */
  static #watched(
    boss: PgBoss,
    options: { onProblem: (problem: unknown, kind: 'error' | 'warning') => void },
  ): JobStore {
    boss.on('error', (error) => options.onProblem(error, 'error'));
    boss.on('warning', (warning) => options.onProblem(warning, 'warning'));
    return new JobStore(boss);
  }

  /** Creates pg-boss's schema (or migrates it) and starts its maintenance. */
  async start(): Promise<void> {
    await this.boss.start();
  }

  /** Creates the queue of a job name, or brings its rules up to date. */
  async defineQueue(name: string, rules: QueueRules): Promise<void> {
    const options = {
      retryLimit: rules.retries,
      retryDelay: rules.backoffSeconds,
      retryBackoff: true,
      expireInSeconds: rules.leaseSeconds,
      deleteAfterSeconds: KEEP_SETTLED_SECONDS,
    };
    if (await this.boss.getQueue(name)) {
      await this.boss.updateQueue(name, options);
    } else {
      await this.boss
        .createQueue(name, { ...options, retryDelayMax: rules.maxBackoffSeconds })
        .catch(async (error: unknown) => {
          // Another process created it at the same moment.
          if (!(await this.boss.getQueue(name))) {
            throw error;
          }
        });
    }
  }

  /** Inserts the job on `db`'s transaction; false when a job with this name and key already exists. */
  async insert(db: Db, name: string, key: string, dueAt: Date, payload: unknown): Promise<boolean> {
    const data: StoredJob = { key, payload };
    const id = await this.boss.send(name, data, { id: jobIdFor(name, key), startAfter: dueAt, db: onUnitOfWork(db) });
    return id !== null;
  }

  /** Marks the attempt done on `db`'s transaction; false when the claim lapsed (the lease ran out). */
  async complete(db: Db, name: string, job: ClaimedJob): Promise<boolean> {
    const result = await this.boss.complete(name, { id: job.id, retryCount: job.retryCount }, null, {
      db: onUnitOfWork(db),
    });
    // pg-boss answers { jobs, requested, affected }; its declared CommandResponse is empty.
    return (result as { affected?: number }).affected === 1;
  }

  /** Starts claiming due jobs of `name` (SKIP LOCKED), `concurrency` at a time; the worker's id. */
  work(
    name: string,
    options: { pollSeconds: number; concurrency: number; batchSize: number },
    handle: (jobs: ClaimedJob[]) => Promise<void>,
  ): Promise<string> {
    return this.boss.work<StoredJob>(
      name,
      {
        pollingIntervalSeconds: options.pollSeconds,
        localConcurrency: options.concurrency,
        batchSize: options.batchSize,
        // A full claim means more may be due: claim again at once (pg-boss ignores this at batch size 1).
        burstWhenBatchFull: true,
        includeMetadata: false,
      },
      handle,
    );
  }

  /** Makes a worker fetch now instead of at its next poll. */
  wake(workerId: string): void {
    this.boss.notifyWorker(workerId);
  }

  /** Stops claiming, waits up to `timeoutMs` for running handlers, then stops maintenance. */
  async stop(timeoutMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
