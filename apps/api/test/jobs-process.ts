// The real API in a process of its own for jobs-process.test.ts, which kills it with SIGKILL: the
// whole app (createServer, its job worker started with it) on the PGlite in DATA_DIR or on
// DATABASE_URL, plus one test-only job, `test.record-run`, that records each run (its key and this
// process's pid) in job_test_run, and `test.stuck-once`, whose first attempt hangs. Nothing of it is
// in the app: the jobs are defined here, after start.
// Started with an IPC channel; answers `{ ready }`, then runs `{ id, op, args }` and answers
// `{ id, result }` or `{ id, error }`.
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { nativeQuery } from '../src/lib/db';

type Request = { id: number; op: string; args: Record<string, unknown> };

const send = (message: unknown) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: process.env.DATA_DIR || 'memory://',
    WEB_DIST: '/nonexistent',
    SEED_DEMO_DATA: 'false',
    JOBS_POLL_INTERVAL_MS: '500',
    JOBS_CONCURRENCY: '4',
    JOBS_LEASE_CHECK_INTERVAL_MS: '1000',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const app = await createServer(config, { write: () => {} });
  const em = () => app.orm.em.fork();
  await nativeQuery(
    em(),
    'create table if not exists job_test_run (id serial primary key, job_key text not null, pid int not null, ran_at timestamptz not null default clock_timestamp())',
    [],
  );
  // Its insert commits with the job's completion: a run is recorded if and only if the job completed.
  await app.jobs.defineNow('test.record-run', async (tx, _payload, { key }) => {
    await nativeQuery(tx, 'insert into job_test_run (job_key, pid) values ($1, $2)', [key, process.pid]);
  });

  // Its first attempt tells the test it started and then never ends (the test kills the process);
  // a later attempt records its run. Its lease is 2 s.
  await app.jobs.defineNow(
    'test.stuck-once',
    async (tx, _payload, { key, attempt }) => {
      if (attempt === 1) {
        await send({ event: 'started', key });
        await new Promise(() => {});
      }
      await nativeQuery(tx, 'insert into job_test_run (job_key, pid) values ($1, $2)', [
        `${key}#${attempt}`,
        process.pid,
      ]);
    },
    { leaseSeconds: 2, backoffSeconds: 1 },
  );

  const ops: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
    /** `{ keys, dueAt, job? }` (epoch ms): schedules the job (test.record-run) once per key; how many were new. */
    async schedule(args) {
      let created = 0;
      const job = (args.job as string | undefined) ?? 'test.record-run';
      for (const key of args.keys as string[]) {
        created += Number(await app.jobs.schedule(em(), job, key, new Date(args.dueAt as number)));
      }
      return created;
    },
    /** `{ query, params }` ($1 placeholders): the rows. */
    rows: (args) => nativeQuery(em(), args.query as string, (args.params as unknown[] | undefined) ?? []),
  };

  process.on('message', (message: Request) => {
    if (message.op === 'close') {
      void app.close().then(
        () => send({ id: message.id, result: null }).then(() => process.exit(0)),
        (error: unknown) => send({ id: message.id, error: String(error) }).then(() => process.exit(1)),
      );
      return;
    }
    const op = ops[message.op];
    void (op ? op(message.args) : Promise.reject(new Error(`unknown op ${message.op}`))).then(
      (result) => send({ id: message.id, result }),
      (error: unknown) => send({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  await send({ ready: true, pid: process.pid });
}

main().catch(async (error: unknown) => {
  await send({ ready: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
