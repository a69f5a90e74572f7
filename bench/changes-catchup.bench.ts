// The change feed's catch-up (issue 23, docs/adr/0221-change-feed-ordered-by-transaction.md): an
// integrator that was down reads BENCH_CHANGES (100,000) changes from the start, page by page through
// GET /api/open/v1/changes with its access token, once per page size of BENCH_CHANGES_LIMITS
// (`100,1000`). The changes belong to BENCH_CHANGES_PATIENTS (1,000) patients, of whom the client
// was granted readings.read by four in five (the rest are filtered out, as on a shared server).
// Printed: the time to catch up, pages, rows per page, rows per second and each page's latency.
// Then a client granted by one patient who has no changes (review s9 #7): BENCH_CHANGES_POLLS (200)
// empty polls, the way an integrator polls every minute — the page statement as the API runs it
// for such a client (patient by patient through (customer_id, xid, id)) against the plan that walks
// the table in (xid, id) order (ChangesRepository.page's other plan, which every client used
// before), and the API's own poll in the notes.
// BENCH_ONLY=changes in npm run bench.
// Baseline: the repository's own page statement (ChangesRepository.page) run directly on the
// database with the same cursors — what the API adds is the token check, the rate-limit count, the
// mapping and the JSON.
//
// Seeding writes the rows with ChangesRepository.append (the statement the subscribers use), 5,000
// per statement; each row's payload is an OpenReading as the subscribers write it. The API runs in
// this process (apps/api built from source, as the integration tests start it), on embedded PGlite,
// or on PostgreSQL (a database of its own) when DATABASE_URL is set. Alone:
//   npx tsx --conditions=@glucoguard/source bench/changes-catchup.bench.ts
// No assertion on time: the figures are printed.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CHANGE_FEED_START, decodeChangeCursor, encodeChangeCursor, openDateTime } from '@glucoguard/domain';
import { createServer } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { ChangesRepository, type NewChange } from '../apps/api/src/contexts/open/changes/changes.repository';
import { nativeQuery } from '../apps/api/src/lib/db';
import { ownDatabase, percentiles, printComparison, type Comparison } from './lib';
import { benchClient, benchGrant, benchToken } from './open-fixtures';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 100_000);
const PATIENTS = Number(process.env.BENCH_CHANGES_PATIENTS ?? 1000);
const LIMITS = (process.env.BENCH_CHANGES_LIMITS ?? '100,1000').split(',').map(Number);
const POLLS = Number(process.env.BENCH_CHANGES_POLLS ?? 200);
const SEED_BATCH = 5000;

/** A reading change as the subscribers write it. */
function readingChange(customerId: string, n: number, at: Date): NewChange {
  const id = `glucose-${n + 1}`;
  return {
    customerId,
    resourceType: 'reading',
    resourceId: id,
    op: n % 10 === 9 ? 'updated' : 'created',
    payload: {
      id,
      kind: 'glucose',
      patientId: customerId,
      measuredAt: openDateTime(at),
      source: 'self',
      glucose: { mmolL: 5 + (n % 50) / 10, timeType: 1 + (n % 8) },
    },
    occurredAt: at,
  };
}

export async function changesCatchupBenchmarks(onResult?: (result: Comparison) => void): Promise<Comparison[]> {
  const { databaseUrl, drop } = await ownDatabase('gg_bench_changes');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const app = await createServer(config);
  const results: Comparison[] = [];
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const now = new Date();
    const em = app.orm.em.fork();
    const clientId = benchClient(em, now, {
      name: '追平测试',
      organisation: '基准测试',
      redirectUris: ['https://bench.example/callback'],
      grantTypes: ['authorization_code', 'refresh_token'],
      // The catch-up must not be throttled: it is the reading, not the limit, that is measured.
      rateLimitPerMinute: 1_000_000,
    });
    const patients = Array.from({ length: PATIENTS }, () => randomUUID());
    // Four patients in five granted; the token's grant is the first patient's (the feed reads
    // every granted patient of the client).
    const grants = patients.flatMap((customerId, i) =>
      i % 5 !== 4 ? [{ id: benchGrant(em, now, clientId, customerId), customerId }] : [],
    );
    const token = benchToken(em, now, clientId, grants[0]!);
    await em.flush();

    const seedStart = performance.now();
    for (let from = 0; from < CHANGES; from += SEED_BATCH) {
      const rows: NewChange[] = [];
      for (let n = from; n < Math.min(CHANGES, from + SEED_BATCH); n += 1) {
        rows.push(readingChange(patients[n % PATIENTS]!, n, new Date(now.getTime() - (CHANGES - n) * 1000)));
      }
      await app.orm.em.fork().transactional((tx) => new ChangesRepository(tx).append(rows));
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;

    for (const limit of LIMITS) {
      // Subject: the endpoint, page after page from the start.
      const latencies: number[] = [];
      let rows = 0;
      let pages = 0;
      let errors = 0;
      let cursor: string | undefined;
      const start = performance.now();
      for (;;) {
        const url = new URL(`${baseUrl}/open/v1/changes`);
        url.searchParams.set('limit', String(limit));
        if (cursor) {
          url.searchParams.set('cursor', cursor);
        }
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { data?: { changes: unknown[]; nextCursor: string; hasMore: boolean } };
        latencies.push(performance.now() - t);
        if (!res.ok || !body.data) {
          errors += 1;
          break;
        }
        pages += 1;
        rows += body.data.changes.length;
        cursor = body.data.nextCursor;
        if (!body.data.hasMore) {
          break;
        }
      }
      const seconds = (performance.now() - start) / 1000;

      // Baseline: the repository's page statement alone, with the same cursors.
      const baseLatencies: number[] = [];
      let baseRows = 0;
      let after = CHANGE_FEED_START;
      const baseStart = performance.now();
      for (;;) {
        const t = performance.now();
        const page = await new ChangesRepository(app.orm.em.fork()).page(clientId, 'readings.read', after, limit + 1);
        baseLatencies.push(performance.now() - t);
        const kept = page.slice(0, limit);
        baseRows += kept.length;
        const last = kept[kept.length - 1];
        after = last ? (decodeChangeCursor(encodeChangeCursor(last)) ?? after) : after;
        if (page.length <= limit) {
          break;
        }
      }
      const baseSeconds = (performance.now() - baseStart) / 1000;

      const result: Comparison = {
        name: `Change feed catch-up: ${CHANGES.toLocaleString('en')} changes of ${PATIENTS} patients (4 in 5 granted), ${limit} a page`,
        subject: `GET /open/v1/changes?limit=${limit} (rows/s)`,
        baseline: 'ChangesRepository.page statement (rows/s)',
        subjectResult: { perSecond: rows / seconds, ...percentiles(latencies), errors },
        baselineResult: { perSecond: baseRows / baseSeconds, ...percentiles(baseLatencies), errors: 0 },
        notes: [
          `caught up ${rows.toLocaleString('en')} rows in ${seconds.toFixed(2)} s over ${pages} pages (${(rows / Math.max(pages, 1)).toFixed(0)} rows a page); statement alone ${baseSeconds.toFixed(2)} s for ${baseRows.toLocaleString('en')} rows`,
          `seeded ${CHANGES.toLocaleString('en')} rows in ${seedSeconds.toFixed(2)} s (${SEED_BATCH} per statement); database ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
        ],
      };
      onResult?.(result);
      results.push(result);
    }

    // A client granted by one patient who has written nothing yet (a new consent): before review
    // s9 #7 each of its polls walked the whole table, since no row of it ever moved its cursor.
    // Its catch-up and POLLS empty polls: the page statement as the API now runs it (patient by
    // patient) against the walking plan with the same cursor, and the API's own poll.
    const sparseEm = app.orm.em.fork();
    const sparseId = benchClient(sparseEm, now, {
      name: '单人随访',
      organisation: '基准测试',
      redirectUris: ['https://bench.example/callback'],
      grantTypes: ['authorization_code', 'refresh_token'],
      rateLimitPerMinute: 1_000_000,
    });
    const sparsePatient = randomUUID();
    const sparseGrant = benchGrant(sparseEm, now, sparseId, sparsePatient);
    const sparseToken = benchToken(sparseEm, now, sparseId, { id: sparseGrant, customerId: sparsePatient });
    await sparseEm.flush();
    const poll = async (cursor: string | undefined) => {
      const url = new URL(`${baseUrl}/open/v1/changes`);
      if (cursor) {
        url.searchParams.set('cursor', cursor);
      }
      const res = await fetch(url, { headers: { authorization: `Bearer ${sparseToken}` } });
      const body = (await res.json()) as { data?: { changes: unknown[]; nextCursor: string; hasMore: boolean } };
      return res.ok && body.data && body.data.changes.length === 0 && !body.data.hasMore ? body.data : null;
    };
    const first = await poll(undefined);
    const cursorText = first?.nextCursor;
    const at = (cursorText && decodeChangeCursor(cursorText)) || CHANGE_FEED_START;
    const repo = () => new ChangesRepository(app.orm.em.fork());
    const planLatencies: number[] = [];
    const walkLatencies: number[] = [];
    const walkIndexedLatencies: number[] = [];
    const ROLLBACK = new Error('rollback');
    const apiLatencies: number[] = [];
    let errors = first ? 0 : 1;
    for (let i = 0; i < POLLS; i += 1) {
      // Taking turns, so whatever else the machine does falls on both alike.
      let t = performance.now();
      const rows = await repo().page(sparseId, 'readings.read', at, 101);
      planLatencies.push(performance.now() - t);
      errors += rows.length;
      t = performance.now();
      await repo().page(sparseId, 'readings.read', at, 101, 0);
      walkIndexedLatencies.push(performance.now() - t);
      // Before review s9 #7: the walking plan without the (customer_id, xid, id) index, dropped in
      // a transaction that is rolled back.
      await app.orm.em
        .fork()
        .transactional(async (tx) => {
          await nativeQuery(tx, 'drop index open_change_customer_id_xid_id_index', []);
          const u = performance.now();
          await new ChangesRepository(tx).page(sparseId, 'readings.read', at, 101, 0);
          walkLatencies.push(performance.now() - u);
          throw ROLLBACK;
        })
        .catch((e: unknown) => {
          if (e !== ROLLBACK) {
            throw e;
          }
        });
      t = performance.now();
      errors += (await poll(cursorText)) ? 0 : 1;
      apiLatencies.push(performance.now() - t);
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const api = percentiles(apiLatencies);
    const sparse: Comparison = {
      name: `Change feed, a client granted by 1 patient with no changes, ${CHANGES.toLocaleString('en')} changes of others: ${POLLS} empty polls`,
      subject: 'ChangesRepository.page as the API runs it (per patient; polls/s)',
      baseline: 'the walking plan without the (customer_id, xid, id) index, as before (polls/s)',
      mode: 'latency',
      subjectResult: { perSecond: (POLLS * 1000) / sum(planLatencies), ...percentiles(planLatencies), errors },
      baselineResult: { perSecond: (POLLS * 1000) / sum(walkLatencies), ...percentiles(walkLatencies), errors: 0 },
      notes: [
        `GET /open/v1/changes empty poll through the API: p50 ${api.p50Ms} ms, p95 ${api.p95Ms} ms`,
        `the walking plan with the index (the planner may drive it from the grant): p50 ${percentiles(walkIndexedLatencies).p50Ms} ms, p95 ${percentiles(walkIndexedLatencies).p95Ms} ms`,
        `database ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
      ],
    };
    onResult?.(sparse);
    results.push(sparse);
  } finally {
    await app.close();
    await drop();
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`Change feed catch-up: ${CHANGES} changes, Node ${process.versions.node}.`);
  await changesCatchupBenchmarks(printComparison);
}
