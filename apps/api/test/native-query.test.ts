// nativeQuery: bound parameters (arrays included) on both databases, and a named statement kept
// prepared on PostgreSQL's connection while PGlite gets the plain text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeQuery } from '../src/lib/db';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('nativeQuery', () => {
  it('binds scalars and arrays apart from the text', async () => {
    const rows = await nativeQuery<{ n: number; words: string }>(
      api.app.orm.em.fork(),
      `select $1::int + 1 as n, (select string_agg(w, '|' order by o) from unnest($2::text[]) with ordinality as t (w, o)) as words`,
      [41, ["it's", 'a "quote"', null, '糖']],
    );
    expect(rows).toEqual([{ n: 42, words: `it's|a "quote"|糖` }]);
  });

  it('keeps a named statement prepared on the connection on PostgreSQL only', async () => {
    const prepared = await api.app.orm.em.fork().transactional(async (tx) => {
      expect(
        await nativeQuery<{ n: number }>(tx, 'select $1::int * 2 as n', [21], { name: 'native_query_test' }),
      ).toEqual([{ n: 42 }]);
      // The same name again on the same connection reuses the prepared statement.
      expect(
        await nativeQuery<{ n: number }>(tx, 'select $1::int * 2 as n', [5], { name: 'native_query_test' }),
      ).toEqual([{ n: 10 }]);
      return nativeQuery<{ n: number }>(
        tx,
        `select count(*)::int as n from pg_prepared_statements where name = 'native_query_test'`,
        [],
      );
    });
    expect(prepared).toEqual([{ n: api.databaseUrl ? 1 : 0 }]);
  });
});
