// `npm run bench`: each benchmark measures our code and a baseline in the same run and prints
// the ratio. Uses real PostgreSQL when DATABASE_URL is set (a database of its own, gg_bench),
// else the embedded PGlite. Results also go to bench/results/latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  freePort,
  printComparison,
  startProcess,
  stopProcess,
  type Comparison,
} from './lib';
import { healthzBenchmark } from './healthz.bench';
import { writeBenchmark } from './write.bench';
import { serverTimeBenchmarks } from './servertime.bench';
import { sugarBenchmarks } from './sugar.bench';
import { rankingBenchmarks } from './ranking.bench';
import { gatewayBenchmarks } from './gateway.bench';
import { floodBenchmarks } from './flood.bench';
import { webhooksBenchmarks } from './webhooks.bench';
import { changesCatchupBenchmarks } from './changes-catchup.bench';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiEntry = process.env.BENCH_API_ENTRY ?? join(root, 'apps/api/dist/server.js');
const dataDir = mkdtempSync(join(tmpdir(), 'gg-bench-'));
const env: Record<string, string> = {
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  GATEWAY_TOKEN: randomBytes(32).toString('hex'),
  PUBLIC_BASE_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  WEB_DIST: '/nonexistent',
  DATABASE_URL: '',
};

let dropBenchDb = async () => {};
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists gg_bench with (force)');
  await admin.query('create database gg_bench');
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/gg_bench';
  env.DATABASE_URL = url.toString();
  dropBenchDb = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query('drop database if exists gg_bench with (force)');
    await c.end();
  };
  // The API migrates its database as it starts. Starting it once here gives every benchmark the
  // schema, whichever of them BENCH_ONLY runs first (the sugar and ranking seeds write tables directly).
  const port = await freePort();
  await stopProcess(
    await startProcess([apiEntry], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/api/healthz`),
  );
}

console.log(
  `Benchmarks: ${DURATION_SECONDS} s each after a 1 s warm-up, ${CONNECTIONS} concurrent connections, database ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, Node ${process.versions.node}.`,
);
const results: Comparison[] = [];
try {
  // BENCH_ONLY=gateway (a comma-separated list of servertime, healthz, write, sugar, ranking, gateway, flood, webhooks, changes) runs just those.
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
  const wanted = (name: string) => only === null || only.has(name);
  if (wanted('servertime')) {
    for (const result of await serverTimeBenchmarks(env, apiEntry, dataDir)) {
      printComparison(result);
      results.push(result);
    }
  }
  for (const [name, bench] of [
    ['healthz', () => healthzBenchmark(env, apiEntry, dataDir)],
    ['write', () => writeBenchmark(env, apiEntry, dataDir)],
  ] as const) {
    if (!wanted(name)) {
      continue;
    }
    const result = await bench();
    printComparison(result);
    results.push(result);
  }
  if (!process.env.BENCH_SKIP_SUGAR && wanted('sugar')) {
    for (const result of await sugarBenchmarks(env, apiEntry)) {
      printComparison(result);
      results.push(result);
    }
  }
  if (!process.env.BENCH_SKIP_RANKING && wanted('ranking')) {
    for (const result of await rankingBenchmarks(env, apiEntry)) {
      printComparison(result);
      results.push(result);
    }
  }
  if (!process.env.BENCH_SKIP_GATEWAY && wanted('gateway')) {
    for (const result of await gatewayBenchmarks(env, apiEntry)) {
      printComparison(result);
      results.push(result);
    }
  }
  if (wanted('flood')) {
    for (const result of await floodBenchmarks(env, apiEntry)) {
      printComparison(result);
      results.push(result);
    }
  }
  if (wanted('webhooks')) {
    // The API in this process on a database of its own (bench/webhooks.bench.ts).
    for (const result of await webhooksBenchmarks()) {
      printComparison(result);
      results.push(result);
    }
  }
  if (wanted('changes')) {
    // The change feed's catch-up and a sparse client's empty polls, the API in this process on a
    // database of its own (bench/changes-catchup.bench.ts).
    for (const result of await changesCatchupBenchmarks()) {
      printComparison(result);
      results.push(result);
    }
  }
} finally {
  await dropBenchDb();
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/latest.json'),
  JSON.stringify(
    results.map((r) => ({ ...r, ratio: r.subjectResult.perSecond / r.baselineResult.perSecond })),
    null,
    2,
  ),
);
