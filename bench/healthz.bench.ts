// GET /api/healthz (Fastify, the request pipeline, serialisation, one `select 1` round trip)
// against a bare node:http server that makes the same round trip — `select 1` through `pg` (a pool
// of the API's size) on PostgreSQL, or through PGlite on a database of its own when the API embeds
// PGlite — and answers the same JSON: what remains is the price of the API's own request handling.
import { describePair, freePort, measureHttpPair, startProcess, stopProcess, type Comparison } from './lib';

const BARE_SERVER = `
import http from 'node:http';
const body = JSON.stringify({ code: 0, errMsg: '', data: { status: 'ok', database: process.env.DATABASE_URL ? 'postgresql' : 'pglite', version: '0.0.0' } });
let query;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = () => pool.query('select 1');
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: process.env.BARE_PGLITE_DIR });
  query = () => db.query('select 1');
}
http.createServer((req, res) => {
  query().then(() => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }, () => {
    res.writeHead(503);
    res.end();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export async function healthzBenchmark(
  apiEnv: Record<string, string>,
  apiEntry: string,
  dataDir: string,
): Promise<Comparison> {
  const apiPort = await freePort();
  const barePort = await freePort();
  const api = await startProcess(
    [apiEntry],
    { ...apiEnv, PORT: String(apiPort) },
    `http://127.0.0.1:${apiPort}/api/healthz`,
  );
  let pair;
  try {
    const bare = await startProcess(
      ['--input-type=module', '-e', BARE_SERVER],
      { PORT: String(barePort), DATABASE_URL: apiEnv.DATABASE_URL ?? '', BARE_PGLITE_DIR: `${dataDir}/bare-pglite` },
      `http://127.0.0.1:${barePort}/`,
    );
    try {
      pair = await measureHttpPair(
        { url: `http://127.0.0.1:${apiPort}/api/healthz`, pid: api.pid },
        { url: `http://127.0.0.1:${barePort}/`, pid: bare.pid },
      );
    } finally {
      await stopProcess(bare);
    }
  } finally {
    await stopProcess(api);
  }
  const database = apiEnv.DATABASE_URL ? 'pg' : 'PGlite';
  return {
    name: `GET /api/healthz vs a bare node:http server with the same select 1 through ${database}, taking turns`,
    subject: 'GET /api/healthz (Fastify, database check)',
    baseline: `bare node:http + select 1 (${database})`,
    subjectResult: pair.subject,
    baselineResult: pair.baseline,
    notes: describePair(pair),
  };
}
