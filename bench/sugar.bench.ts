// Reading a year of glucose data: the day table (latest 90 days) and the trend (360 days) through
// the API, each beside the same question asked of PostgreSQL in raw SQL in the same run. Seeds
// BENCH_USERS users (default 1000) x BENCH_DAYS days (365) x 8 readings (~2.9 M rows) server-side.
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import {
  SUGAR_CHART_RANGE_DAYS,
  SUGAR_CHART_SLOTS,
  SUGAR_TABLE_RANGE_DAYS,
  addMonths,
  chinaMonthRange,
  chinaYearMonth,
  latestChinaDays,
} from '@glucoguard/domain';
import { CallbackQueryClient } from '../apps/api/src/db/pg-client';
import { REPORT_SUGAR_READINGS_SQL } from '../apps/api/src/contexts/health/report/report.repository';
import {
  DAY_CELLS_SQL,
  SLOT_THRESHOLDS_SQL,
  leanReadingsSql,
} from '../apps/api/src/contexts/health/glucose/glucose.repository';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  freePort,
  keepAliveGetter,
  measureLoop,
  measureSequentialPair,
  percentiles,
  startProcess,
  stopProcess,
  type Comparison,
  type Measurement,
} from './lib';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);

export async function seed(url: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const started = Date.now();
    await db.query('begin');
    await db.query(
      `insert into customer (id, openid, nickname, invite_code, registered_at, created_at, updated_at, phone)
      select gen_random_uuid(), 'bench_' || g, '用户' || g, 'B' || lpad(to_hex(g), 5, '0'), now(), now(), now(), '170' || lpad(g::text, 8, '0')
      from generate_series(1, $1::int) g`,
      [USERS],
    );
    // Eight readings a day per user, one per slot, at the slot's usual hour (China time).
    await db.query(
      `insert into sugar_test (customer_id, recorded_by, time_type, sugar, remark, tags, measured_at, created_at, updated_at)
      select c.id, c.id, s.t, round((4 + random() * 9)::numeric, 1), '', '[]'::jsonb,
             (date_trunc('day', now() at time zone 'Asia/Shanghai') - (d || ' days')::interval + (array[7,10,11,14,17,20,22,2])[s.t] * interval '1 hour') at time zone 'Asia/Shanghai',
             now(), now()
      from customer c cross join generate_series(0, $1::int - 1) d cross join generate_series(1, 8) s(t)
      where c.openid like 'bench_%'`,
      [DAYS],
    );
    const tokens: string[] = [];
    const ids = (
      await db.query<{ id: string }>(`select id from customer where openid like 'bench_%' order by openid limit 200`)
    ).rows.map((r) => r.id);
    for (const id of ids) {
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      await db.query(
        `insert into session (id, token_hash, customer_id, created_at, expires_at) values (gen_random_uuid(), $1, $2, now(), now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), id],
      );
    }
    await db.query('commit');
    // A year of readings in a live database has long been vacuumed: hint bits set, visibility map
    // current. Without this, whichever of subject and baseline first reads a page pays for setting
    // its hint bits, and autovacuum may start on the fresh table during the measurements.
    await db.query('vacuum (analyze) sugar_test');
    const rows = (await db.query<{ n: string }>('select count(*) n from sugar_test')).rows[0]?.n;
    console.log(
      `  seeded ${rows ?? '?'} sugar readings for ${USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return tokens;
  } finally {
    await db.end();
  }
}

/** Drives a GET with a different user's token on each request, from CONNECTIONS connections. */
async function measureApi(url: string, tokens: string[]): Promise<Measurement> {
  let i = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length] ?? ''}` },
      }),
    },
  ];
  await autocannon({ url, connections: CONNECTIONS, duration: 1, requests });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, requests });
  return {
    perSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p95Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * One caller's latency, the API call and its raw statements taking turns (a different user each
 * round, the same user for both): one kept-alive connection to the API, one pool connection per
 * statement (statements of a round run side by side, as the API runs them).
 */
async function measureOneCaller(
  url: string,
  tokens: string[],
  dbUrl: string,
  statements: Statement[],
  customerIds: string[],
): Promise<{ subject: Measurement; baseline: Measurement }> {
  const client = keepAliveGetter();
  const pool = baselinePool(dbUrl, statements.length);
  try {
    return await measureSequentialPair(
      async (i) => {
        const { status, body } = await client.get(url, { authorization: `Bearer ${tokens[i % tokens.length] ?? ''}` });
        const code = (body as { code?: number }).code;
        if (status !== 200 || code !== 0) {
          throw new Error(`HTTP ${status}, code ${String(code)}`);
        }
      },
      (i) => runRound(pool, statements, customerIds[i % customerIds.length] ?? ''),
    );
  } finally {
    client.close();
    await pool.end();
  }
}

/** The same statements in raw SQL, through a pool of the API's size, with per-round latencies. */
async function measureSql(url: string, statements: Statement[], customerIds: string[]): Promise<Measurement> {
  const pool = baselinePool(url, 10);
  const latencies: number[] = [];
  let i = 0;
  try {
    const result = await measureLoop(async () => {
      const started = performance.now();
      const id = customerIds[i++ % customerIds.length];
      await runRound(pool, statements, id ?? '');
      latencies.push(performance.now() - started);
    });
    return { ...result, ...percentiles(latencies) };
  } finally {
    await pool.end();
  }
}

// Each baseline is the statement the API itself sends for that call: the repository's own text, with
// the parameters the API binds for it (the China date ranges come from the same domain functions).
/** The calls measured: the day table over 90 days, the after-meal trend over 360 days. */
const TABLE_DATE_TYPE = 3;
const CHART_DATE_TYPE = 5;
const CHART_TIME_TYPE = 3;
/** A statement of a baseline round and its parameters for one customer. */
interface Statement {
  text: string;
  params: (customerId: string) => unknown[];
}
const dayTable: Statement = {
  text: DAY_CELLS_SQL,
  params: (id) => {
    const span = latestChinaDays(new Date(), SUGAR_TABLE_RANGE_DAYS[TABLE_DATE_TYPE]);
    return [id, span.start, span.end];
  },
};
const trend: Statement = {
  text: leanReadingsSql(SUGAR_CHART_SLOTS[CHART_TIME_TYPE].length),
  params: (id) => {
    const span = latestChinaDays(new Date(), SUGAR_CHART_RANGE_DAYS[CHART_DATE_TYPE]);
    return [id, span.start, span.end, ...SUGAR_CHART_SLOTS[CHART_TIME_TYPE]];
  },
};
/** The monthly report reads the month's readings and, side by side, the caller's slot thresholds. */
const lastMonth = () => addMonths(chinaYearMonth(new Date()), -1);
const monthReadings: Statement = {
  text: REPORT_SUGAR_READINGS_SQL,
  params: (id) => {
    const span = chinaMonthRange(lastMonth());
    return [id, span.start, span.end];
  },
};
const thresholds: Statement = { text: SLOT_THRESHOLDS_SQL, params: (id) => [id] };

/** A pool for the baselines with the API's own client class (`pool.query` gives pg a callback, so rows are decoded as in the API). */
const baselinePool = (connectionString: string, max: number) =>
  new pg.Pool({ connectionString, max, Client: CallbackQueryClient });
const runRound = (pool: pg.Pool, statements: Statement[], customerId: string) =>
  Promise.all(statements.map((s) => pool.query(s.text, s.params(customerId))));

export async function sugarBenchmarks(apiEnv: Record<string, string>, apiEntry: string): Promise<Comparison[]> {
  if (!apiEnv.DATABASE_URL) {
    console.log('\n(sugar read benchmarks need real PostgreSQL: set DATABASE_URL)');
    return [];
  }
  const tokens = await seed(apiEnv.DATABASE_URL);
  const db = new pg.Client({ connectionString: apiEnv.DATABASE_URL });
  await db.connect();
  const ids = (
    await db.query<{ id: string }>(`select id from customer where openid like 'bench_%' order by openid limit 200`)
  ).rows.map((r) => r.id);
  await db.end();
  const port = await freePort();
  const api = await startProcess([apiEntry], { ...apiEnv, PORT: String(port) }, `http://127.0.0.1:${port}/api/healthz`);
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const { year, month: m } = lastMonth();
    const month = `year=${year}&month=${m}`;
    const cases = [
      {
        name: 'Day table, latest 90 days (≈720 readings)',
        path: `/sugarTestReport/v1/queryLog?dateType=${TABLE_DATE_TYPE}`,
        sql: [dayTable],
        baseline: 'its raw SQL group-by through pg',
      },
      {
        name: 'Trend, after-meal readings over 360 days (≈1080 readings)',
        path: `/sugarTestReport/v1/queryTrend?dateType=${CHART_DATE_TYPE}&timeType=${CHART_TIME_TYPE}`,
        sql: [trend],
        baseline: 'its raw SQL select through pg',
      },
      {
        name: 'Monthly sugar report, last month (≈240 readings)',
        path: `/healthReport/v1/getMonthReport?${month}`,
        sql: [monthReadings, thresholds],
        baseline: 'its two raw SQL statements through pg',
      },
    ];
    const comparisons: Comparison[] = [];
    for (const c of cases) {
      const oneCaller = await measureOneCaller(`${base}${c.path}`, tokens, apiEnv.DATABASE_URL, c.sql, ids);
      comparisons.push({
        name: `${c.name}: one caller's latency`,
        subject: `GET /api${c.path}`,
        baseline: `${c.baseline}, one connection, taking turns with the subject`,
        subjectResult: oneCaller.subject,
        baselineResult: oneCaller.baseline,
        mode: 'latency',
      });
      comparisons.push({
        name: `${c.name}: throughput, ${CONNECTIONS} connections`,
        subject: `GET /api${c.path}`,
        baseline: `${c.baseline}, pool of ${CONNECTIONS}`,
        subjectResult: await measureApi(`${base}${c.path}`, tokens),
        baselineResult: await measureSql(apiEnv.DATABASE_URL, c.sql, ids),
        mode: 'throughput',
      });
    }
    return comparisons;
  } finally {
    await stopProcess(api);
  }
}
