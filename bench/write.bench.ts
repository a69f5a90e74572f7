// POST /api/front/v1/log (validation, ORM, one INSERT per request) against raw INSERTs of the
// same row into the same table through the database driver, at the same concurrency and with the
// same durability settings (the server's defaults: fsync and synchronous_commit on).
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { durablePgliteOptions } from '../apps/api/src/db/pglite-durable';
import { openDatabase } from '../apps/api/src/db/orm';
import { freePort, measureHttp, measureLoop, startProcess, stopProcess, type Comparison } from './lib';

const REPORT = {
  url: '/reportCenter/reportCenter',
  funName: 'loadReports',
  errName: 'TypeError',
  errMessage: "Cannot read properties of undefined (reading 'list')",
};
const INSERT = `insert into front_log (session_customer_id, claimed_customer_id, url, fun_name, err_name, err_message, request_id, app_code, user_agent, created_at)
  values (null, null, $1, $2, $3, $4, $5, 'wechat_xty', 'bench', now())`;
const params = () => [REPORT.url, REPORT.funName, REPORT.errName, REPORT.errMessage, crypto.randomUUID()];

export async function writeBenchmark(
  apiEnv: Record<string, string>,
  apiEntry: string,
  dataDir: string,
): Promise<Comparison> {
  const apiPort = await freePort();
  const api = await startProcess(
    [apiEntry],
    { ...apiEnv, PORT: String(apiPort) },
    `http://127.0.0.1:${apiPort}/api/healthz`,
  );
  let subjectResult;
  try {
    subjectResult = await measureHttp({
      url: `http://127.0.0.1:${apiPort}/api/front/v1/log`,
      method: 'POST',
      body: JSON.stringify(REPORT),
    });
  } finally {
    await stopProcess(api);
  }

  let baselineResult;
  let baseline: string;
  if (apiEnv.DATABASE_URL) {
    // Same database, same table, a pool of the size the API uses.
    const pool = new pg.Pool({ connectionString: apiEnv.DATABASE_URL, max: 10 });
    try {
      baselineResult = await measureLoop(() => pool.query(INSERT, params()));
    } finally {
      await pool.end();
    }
    baseline = 'raw INSERT through pg (PostgreSQL)';
  } else {
    // A PGlite database of its own on disk, migrated the same way.
    const orm = await openDatabase({ databaseUrl: undefined, pgliteDir: `${dataDir}/raw-pglite` });
    await orm.close();
    // With the API's own durability: fsync at every commit (apps/api/src/db/pglite-durable.ts).
    const db = await PGlite.create({
      dataDir: `${dataDir}/raw-pglite`,
      ...durablePgliteOptions(`${dataDir}/raw-pglite`),
    });
    try {
      baselineResult = await measureLoop(() => db.query(INSERT, params()));
    } finally {
      await db.close();
    }
    baseline = 'raw INSERT through PGlite';
  }
  return {
    name: `POST /api/front/v1/log vs raw inserts (${apiEnv.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    subject: 'POST /api/front/v1/log (HTTP, validation, ORM)',
    baseline,
    subjectResult,
    baselineResult,
  };
}
