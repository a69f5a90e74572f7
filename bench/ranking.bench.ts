// The points ranking (`GET /customer/v1/scoreRanking`: this month's and the all-time top 50 with
// the caller's own places) with BENCH_RANK_USERS customers (default 100,000) holding point
// histories, beside the very SQL statements the API sends, through plain pg. PostgreSQL only.
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { RANKING_OWN_SQL, RANKING_TOP_SQL } from '../apps/api/src/contexts/engagement/points/points.repository';
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

const USERS = Number(process.env.BENCH_RANK_USERS ?? 100_000);
const TOKENS = 200;

/** MikroORM's `?` placeholders as pg's `$1…`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * Seeds customers with 3 to 22 ledger entries each (1 to 10 points) over the last 120 days, then
 * derives the monthly and all-time tallies, their score buckets and the balances from the ledger, as
 * the API keeps them.
 */
export async function seed(url: string): Promise<{ tokens: string[]; ids: string[] }> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const started = Date.now();
    await db.query('begin');
    await db.query(
      `insert into customer (id, openid, nickname, invite_code, registered_at, created_at, updated_at, phone)
       select gen_random_uuid(), 'rank_' || g, '糖友' || g, 'R' || lpad(to_hex(g), 5, '0'), now(), now(), now(), '171' || lpad(g::text, 8, '0')
       from generate_series(1, $1::int) g`,
      [USERS],
    );
    await db.query(`insert into points_entry (customer_id, score, action_code, action_name, idem_key, china_day, created_at)
      select c.id, 1 + (abs(hashtext(c.openid || e)) % 10), 'SIGN_IN', '每日签到', 'SIGN_IN:bench' || e, (t at time zone 'Asia/Shanghai')::date, t
      from customer c
      cross join lateral generate_series(1, 3 + abs(hashtext(c.openid)) % 20) e
      cross join lateral (select now() - ((abs(hashtext(c.openid || 'd' || e)) % (120 * 24 * 60)) * interval '1 minute') as t) at
      where c.openid like 'rank_%'`);
    await db.query(`insert into points_tally (period, customer_id, score)
      select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM'), customer_id, sum(score) from points_entry group by 1, 2
      union all select 'ALL', customer_id, sum(score) from points_entry group by 2`);
    await db.query(
      `update customer c set customer_score = t.score from points_tally t where t.period = 'ALL' and t.customer_id = c.id`,
    );
    await db.query(
      `insert into points_score_count (period, score, customers) select period, score, count(*) from points_tally group by 1, 2`,
    );
    const ids = (
      await db.query<{ id: string }>(
        `select id from customer where openid like 'rank_%' order by openid limit ${TOKENS}`,
      )
    ).rows.map((r) => r.id);
    const tokens: string[] = [];
    for (const id of ids) {
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      await db.query(
        `insert into session (id, token_hash, customer_id, created_at, expires_at) values (gen_random_uuid(), $1, $2, now(), now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), id],
      );
    }
    await db.query('commit');
    await db.query('analyze points_entry');
    await db.query('analyze points_tally');
    await db.query('analyze points_score_count');
    await db.query('analyze customer');
    const counts = (
      await db.query<{ entries: string; tallies: string }>(
        `select (select count(*) from points_entry) as entries, (select count(*) from points_tally) as tallies`,
      )
    ).rows[0];
    console.log(
      `  seeded ${USERS} customers, ${counts?.entries ?? '?'} ledger entries, ${counts?.tallies ?? '?'} tallies in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { tokens, ids };
  } finally {
    await db.end();
  }
}

/** The month the API ranks now: China time's `YYYY-MM`. */
const chinaMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

/** The API's two statements for one caller, side by side as the API runs them. */
const sqlRound = (pool: pg.Pool, id: string | undefined) =>
  Promise.all([
    pool.query(numbered(RANKING_TOP_SQL), [chinaMonth(), 50, 'ALL', 50]),
    pool.query(numbered(RANKING_OWN_SQL), [id, chinaMonth(), 'ALL']),
  ]);

export async function rankingBenchmarks(apiEnv: Record<string, string>, apiEntry: string): Promise<Comparison[]> {
  if (!apiEnv.DATABASE_URL) {
    console.log('\n(the ranking benchmark needs real PostgreSQL: set DATABASE_URL)');
    return [];
  }
  const url = apiEnv.DATABASE_URL;
  const { tokens, ids } = await seed(url);
  const port = await freePort();
  const api = await startProcess([apiEntry], { ...apiEnv, PORT: String(port) }, `http://127.0.0.1:${port}/api/healthz`);
  const path = '/customer/v1/scoreRanking';
  const target = `http://127.0.0.1:${port}/api${path}`;
  try {
    const sequentialPool = new pg.Pool({ connectionString: url, max: 2 });
    const loopPool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
    try {
      const client = keepAliveGetter();
      // The API call and its two statements take turns, one caller, every call timed.
      const oneCaller = await measureSequentialPair(
        async (i) => {
          const res = await client.get(target, { authorization: `Bearer ${tokens[i % tokens.length] ?? ''}` });
          const body = res.body as { code?: number; data?: { monthObtainRank?: unknown[] } };
          if (res.status !== 200 || body.code !== 0 || body.data?.monthObtainRank?.length !== 50) {
            throw new Error(`HTTP ${res.status}, code ${String(body.code)}`);
          }
        },
        (i) => sqlRound(sequentialPool, ids[i % ids.length]),
      );
      client.close();
      const latencies: number[] = [];
      let n = 0;
      const sqlLoop = await measureLoop(async () => {
        const started = performance.now();
        await sqlRound(loopPool, ids[n++ % ids.length]);
        latencies.push(performance.now() - started);
      });
      return [
        {
          name: `Points ranking, ${USERS} customers: one caller's latency`,
          subject: `GET /api${path}`,
          baseline: 'the same two SQL statements through pg, taking turns with the subject',
          subjectResult: oneCaller.subject,
          baselineResult: oneCaller.baseline,
          mode: 'latency',
        },
        {
          name: `Points ranking, ${USERS} customers: throughput, ${CONNECTIONS} connections`,
          subject: `GET /api${path}`,
          baseline: `the same SQL, pool of ${CONNECTIONS}`,
          subjectResult: await measureApiLoad(target, tokens),
          baselineResult: { ...sqlLoop, ...percentiles(latencies) },
          mode: 'throughput',
        },
      ];
    } finally {
      await sequentialPool.end();
      await loopPool.end();
    }
  } finally {
    await stopProcess(api);
  }
}

/** autocannon with a different caller's token on each request. */
async function measureApiLoad(url: string, tokens: string[]): Promise<Measurement> {
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
