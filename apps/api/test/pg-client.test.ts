// The API's PostgreSQL pool uses CallbackQueryClient: pg's Client with promise queries run through
// a callback given up front. It must answer exactly as pg's own promise path does: rows, types,
// named statements, errors (with a stack that leads back to the caller), and the callback and
// submittable forms untouched.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackQueryClient } from '../src/db/pg-client';
import { sql } from '../src/lib/db';
import { startTestApi, type TestApi } from './harness';

const onPostgres = Boolean(process.env.DATABASE_URL);

let api: TestApi;
let ours: CallbackQueryClient;
let theirs: pg.Client;
beforeAll(async () => {
  api = await startTestApi();
  if (api.databaseUrl) {
    ours = new CallbackQueryClient({ connectionString: api.databaseUrl });
    theirs = new pg.Client({ connectionString: api.databaseUrl });
    await Promise.all([ours.connect(), theirs.connect()]);
  }
});
afterAll(async () => {
  await Promise.all([ours?.end(), theirs?.end()]);
  await api.close();
});

const STATEMENT = `select n, n * 1.5 as half, 'row ' || n as label, $2::text as given, now() - make_interval(days => n) as at, array[n, n + 1] as pair
  from generate_series(1, $1::int) n`;

describe.skipIf(!onPostgres)('CallbackQueryClient on PostgreSQL', () => {
  it('is the client class of the ORM pool', async () => {
    const pool = (await sql(api.app.orm.em).getConnection().getNativeClient()) as pg.Pool;
    const client = await pool.connect();
    try {
      expect(client).toBeInstanceOf(CallbackQueryClient);
    } finally {
      client.release();
    }
  });

  it('answers a promise query as pg does: rows, fields, command and count', async () => {
    const [a, b] = await Promise.all([ours.query(STATEMENT, [300, '糖']), theirs.query(STATEMENT, [300, '糖'])]);
    expect(a.rowCount).toBe(300);
    expect(a.command).toBe('SELECT');
    expect(a.fields.map((f) => f.name)).toEqual(['n', 'half', 'label', 'given', 'at', 'pair']);
    // `at` depends on each query's now(); its type is what must agree.
    const shape = (rows: Record<string, unknown>[]) => rows.map((row) => ({ ...row, at: row.at instanceof Date }));
    expect(shape(a.rows as Record<string, unknown>[])).toEqual(shape(b.rows as Record<string, unknown>[]));
    expect(shape(a.rows as Record<string, unknown>[]).every((row) => row.at)).toBe(true);
    expect(a.rows[0]).toMatchObject({ n: 1, half: '1.5', label: 'row 1', given: '糖', pair: [1, 2] });
  });

  it('takes a query config, a named statement and row mode arrays', async () => {
    expect((await ours.query({ text: 'select $1::int + 1 as n', values: [41] })).rows).toEqual([{ n: 42 }]);
    const named = { name: 'callback_client_test', text: 'select $1::int * 2 as n', values: [21] };
    expect((await ours.query(named)).rows).toEqual([{ n: 42 }]);
    expect((await ours.query({ ...named, values: [5] })).rows).toEqual([{ n: 10 }]);
    // The caller's config object is left as it was given (pg writes a callback into the one it gets).
    expect(named).toEqual({ name: 'callback_client_test', text: 'select $1::int * 2 as n', values: [21] });
    expect((await ours.query({ text: 'select 1 as a, 2 as b', rowMode: 'array' })).rows).toEqual([[1, 2]]);
  });

  it('rejects a failed query with pg’s error, its stack leading back to the caller, and stays usable', async () => {
    const error: unknown = await ours.query('select * from no_such_table_here').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect((error as pg.DatabaseError).code).toBe('42P01');
    expect((error as Error).stack).toContain('pg-client.test');
    expect((await ours.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('leaves the callback forms and submittable queries to pg', async () => {
    const viaValues = await new Promise<pg.QueryResult>((resolve, reject) => {
      const returned = ours.query('select $1::int as n', [7], (error, result) =>
        error ? reject(error) : resolve(result),
      );
      expect(returned).toBeUndefined();
    });
    expect(viaValues.rows).toEqual([{ n: 7 }]);
    const viaSecond = await new Promise<pg.QueryResult>((resolve, reject) =>
      ours.query('select 8 as n', (error, result) => (error ? reject(error) : resolve(result))),
    );
    expect(viaSecond.rows).toEqual([{ n: 8 }]);
    const submittable = new pg.Query('select 9 as n');
    const rows: unknown[] = [];
    submittable.on('row', (row: unknown) => rows.push(row));
    const ended = new Promise((resolve) => submittable.on('end', resolve));
    expect(ours.query(submittable)).toBe(submittable);
    await ended;
    expect(rows).toEqual([{ n: 9 }]);
  });
});
