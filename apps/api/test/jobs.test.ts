// The durable job queue (contexts/platform/jobs, docs/adr/0046): scheduled inside the caller's
// transaction, run when due, one job per key, retried with backoff and failed after its attempts,
// and its completion committed with the handler's writes. On the test run's database (PGlite, or
// PostgreSQL when DATABASE_URL is set). The process-level promises (a job due while the API was
// killed runs once after the restart; two API processes run each job once) are in jobs-process.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, nativeQuery, type Db } from '../src/lib/db';
import { scheduleJob } from '../src/contexts/platform';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
const db = () => api.app.orm.em.fork();

interface Run {
  job_key: string;
  attempt: number;
  ran_at: string | Date;
}
const runsOf = (name: string, key: string) =>
  nativeQuery<Run>(
    db(),
    'select job_key, attempt, ran_at from job_test_run where job = $1 and job_key = $2 order by id',
    [name, key],
  );
const stateOf = async (name: string, key: string) =>
  (
    await nativeQuery<{ state: string; retry_count: number }>(
      db(),
      "select state, retry_count from pgboss.job where name = $1 and data->>'key' = $2",
      [name, key],
    )
  ).map((row) => row.state);

/** Waits until `check` answers true (the worker runs in the background), failing after `ms`. */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting until ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every attempt of test.flaky, kept in memory: a write of a failed attempt rolls back with it. */
const tried = new Map<string, { attempt: number; at: number }[]>();

beforeAll(async () => {
  api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' });
  await nativeQuery(
    db(),
    'create table job_test_run (id serial primary key, job text not null, job_key text not null, attempt int not null, ran_at timestamptz not null default clock_timestamp())',
    [],
  );
  const record = (name: string) => async (tx: Db, _p: unknown, c: { key: string; attempt: number }) => {
    await nativeQuery(tx, 'insert into job_test_run (job, job_key, attempt) values ($1, $2, $3)', [
      name,
      c.key,
      c.attempt,
    ]);
  };
  await api.app.jobs.defineNow('test.record', record('test.record'));
  // Fails (after recording the attempt, which then rolls back with it) as many times as its payload says.
  await api.app.jobs.defineNow(
    'test.flaky',
    async (tx, payload, context) => {
      const failTimes = (payload as { failTimes: number }).failTimes;
      await record('test.flaky')(tx, payload, context);
      tried.set(context.key, [...(tried.get(context.key) ?? []), { attempt: context.attempt, at: Date.now() }]);
      if (context.attempt <= failTimes) {
        throw new Error(`attempt ${context.attempt} fails on purpose`);
      }
    },
    { maxAttempts: 3, backoffSeconds: 1 },
  );
});
afterAll(() => api.close());

describe('the job queue', () => {
  it('runs a job when it falls due, not before', async () => {
    const dueAt = new Date(Date.now() + 1500);
    expect(await inTransaction(db(), (tx) => scheduleJob(tx, 'test.record', 'due-1', dueAt, { any: 'payload' }))).toBe(
      true,
    );
    expect(await runsOf('test.record', 'due-1')).toEqual([]);
    await until(async () => (await runsOf('test.record', 'due-1')).length > 0, 'the job ran');
    const [run] = await runsOf('test.record', 'due-1');
    expect(new Date(run!.ran_at).getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(await stateOf('test.record', 'due-1')).toEqual(['completed']);
  });

  it('schedules nothing when the transaction that scheduled it rolls back', async () => {
    await expect(
      inTransaction(db(), async (tx) => {
        await scheduleJob(tx, 'test.record', 'rolled-back', new Date());
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    // A job scheduled afterwards runs; the rolled-back one never existed.
    await scheduleJob(db(), 'test.record', 'after-rollback', new Date());
    await until(async () => (await runsOf('test.record', 'after-rollback')).length > 0, 'the later job ran');
    expect(await stateOf('test.record', 'rolled-back')).toEqual([]);
    expect(await runsOf('test.record', 'rolled-back')).toEqual([]);
  });

  it('keeps one job per key: scheduling it again, even at once from several units of work, adds nothing', async () => {
    const dueAt = new Date(Date.now() + 500);
    const created = await Promise.all(
      Array.from({ length: 5 }, () => inTransaction(db(), (tx) => scheduleJob(tx, 'test.record', 'same-key', dueAt))),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    await until(async () => (await stateOf('test.record', 'same-key'))[0] === 'completed', 'the job completed');
    // Once done, the same key is still the same job: it does not run again.
    expect(await scheduleJob(db(), 'test.record', 'same-key', new Date())).toBe(false);
    await scheduleJob(db(), 'test.record', 'sentinel', new Date());
    await until(async () => (await runsOf('test.record', 'sentinel')).length > 0, 'the sentinel ran');
    expect(await runsOf('test.record', 'same-key')).toHaveLength(1);
    expect(await stateOf('test.record', 'same-key')).toEqual(['completed']);
  });

  it('retries a failing handler with backoff, and its failed attempts leave no writes behind', async () => {
    await scheduleJob(db(), 'test.flaky', 'recovers', new Date(), { failTimes: 2 });
    await until(async () => (await stateOf('test.flaky', 'recovers'))[0] === 'completed', 'the job completed', 30_000);
    // Three attempts ran; only the third one's write (made in the completing transaction) is kept.
    const attempts = tried.get('recovers') ?? [];
    expect(attempts.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect((await runsOf('test.flaky', 'recovers')).map((r) => r.attempt)).toEqual([3]);
    // The second attempt waited the backoff (1 s) after the first; the third at least as long again.
    const [first, second, third] = attempts.map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
    expect(third! - second!).toBeGreaterThanOrEqual(1000);
  });

  it('marks a job failed after its last attempt, and runs it no more', async () => {
    await scheduleJob(db(), 'test.flaky', 'gives-up', new Date(), { failTimes: 99 });
    await until(async () => (await stateOf('test.flaky', 'gives-up'))[0] === 'failed', 'the job failed', 30_000);
    expect((tried.get('gives-up') ?? []).map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(await runsOf('test.flaky', 'gives-up')).toEqual([]);
  });

  it('refuses a job name no handler is registered for', async () => {
    await expect(scheduleJob(db(), 'test.nobody', 'k', new Date())).rejects.toThrow('job test.nobody is not defined');
  });
});

describe('retention as a recurring job', () => {
  it('has its handler registered under its name, and no occurrence scheduled when it runs only on demand', async () => {
    // RETENTION_INTERVAL_MS is 0 under NODE_ENV=test (client-limits.test.ts runs it on a 200 ms interval).
    const [row] = await nativeQuery<{ n: number }>(
      db(),
      "select count(*)::int as n from pgboss.job where name = 'platform.retention.prune'",
      [],
    );
    expect(row!.n).toBe(0);
    expect(await scheduleJob(db(), 'platform.retention.prune', 'on-demand', new Date())).toBe(true);
    await until(
      async () => (await stateOf('platform.retention.prune', 'on-demand'))[0] === 'completed',
      'the prune ran',
    );
  });
});
