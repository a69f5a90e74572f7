// The index of a customer's sugar readings by time carries the columns the day table and the trend
// read, so both can be answered by an index-only scan. Scans are switched off for the transaction
// (index-only scans go with enable_indexscan), so the planner picks the cheapest of plans that are
// all disabled, and an index-only scan is among them only when the index carries every column the
// statement reads; with a column missing, it shows a sequential or a plain index scan instead.
// The statements are the repository's own (DAY_CELLS_SQL, leanReadingsSql), their parameters written in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/lib/db';
import { DAY_CELLS_SQL, leanReadingsSql } from '../src/contexts/health/glucose/glucose.repository';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const CUSTOMER = '00000000-0000-4000-8000-000000000001';
/** The values of $1 (the customer), $2 and $3 (the time range) and $4 … (time types) as SQL literals. */
const PARAMETERS = [`'${CUSTOMER}'`, `'2026-01-01T00:00:00Z'`, `'2026-04-01T00:00:00Z'`, '2', '4', '6'];
const withParameters = (statement: string) =>
  statement.replace(/\$(\d+)/g, (_, n: string) => {
    const value = PARAMETERS[Number(n) - 1];
    if (value === undefined) {
      throw new Error(`no value for $${n}`);
    }
    return value;
  });

async function planOf(statement: string): Promise<string> {
  return api.app.orm.em.fork().transactional(async (tx) => {
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_indexscan']) {
      await sql(tx).execute(`set local ${setting} = off`);
    }
    const rows = await sql(tx).execute<{ 'QUERY PLAN': string }[]>(`explain ${statement}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the sugar readings index', () => {
  it('answers the day table from the index alone', async () => {
    const plan = await planOf(withParameters(DAY_CELLS_SQL));
    expect(plan).toMatch(/Index Only Scan (Backward )?using sugar_test_customer_id_measured_at_index/);
  });

  it('answers the trend from the index alone', async () => {
    const plan = await planOf(withParameters(leanReadingsSql(3)));
    expect(plan).toMatch(/Index Only Scan (Backward )?using sugar_test_customer_id_measured_at_index/);
  });

  it('is not an index-only scan for a column it does not carry (the check can fail)', async () => {
    const plan = await planOf(
      withParameters('select remark from sugar_test where customer_id = $1 and measured_at >= $2 and measured_at < $3'),
    );
    expect(plan).not.toContain('Index Only Scan');
  });
});
