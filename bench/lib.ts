// Shared pieces of the benchmarks: start a process, wait for it, drive load, print ratios.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';

export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export interface Measurement {
  /** Completed operations per second. */
  perSecond: number;
  /** Latency percentiles in milliseconds, when measured (autocannon reports 97.5 % as its p95 stand-in). */
  p50Ms?: number;
  p95Ms?: number;
  p99Ms?: number;
  errors: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a node process and waits until `healthUrl` answers; its stdout goes to `stdout` (a file descriptor) or nowhere. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  healthUrl: string,
  stdout: number | 'ignore' = 'ignore',
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(healthUrl)).ok) {
        return child;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${healthUrl} did not answer within 60 s`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A GET from one caller over one kept-alive connection, answering the parsed JSON body and the
 * status. node:http rather than fetch: fetch's own work per call (about half a millisecond here)
 * would be counted against the API, where the SQL baselines use pg, the leanest client there is.
 */
export function keepAliveGetter(): {
  get: (url: string, headers?: Record<string, string>) => Promise<{ status: number; body: unknown }>;
  close: () => void;
} {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (url, headers = {}) =>
      new Promise((resolve, reject) => {
        http
          .get(url, { agent, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              try {
                resolve({
                  status: res.statusCode ?? 0,
                  body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
                });
              } catch (error) {
                reject(error instanceof Error ? error : new Error(String(error)));
              }
            });
          })
          .on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}

/** Drives HTTP load with autocannon for the benchmark duration (after a one-second warm-up). */
export async function measureHttp(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
}): Promise<Measurement> {
  const base = {
    url: options.url,
    method: options.method ?? 'GET',
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json' },
    ...(options.body !== undefined && { body: options.body }),
  };
  await autocannon({ ...base, duration: 1 });
  const result = await autocannon({ ...base, duration: DURATION_SECONDS });
  return { perSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Runs `operation` from `CONNECTIONS` concurrent loops for the benchmark duration. */
export async function measureLoop(operation: () => Promise<unknown>): Promise<Measurement> {
  const runFor = async (seconds: number) => {
    let done = 0;
    let errors = 0;
    const stopAt = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < stopAt) {
          try {
            await operation();
            done += 1;
          } catch {
            errors += 1;
          }
        }
      }),
    );
    return { perSecond: done / seconds, errors };
  };
  await runFor(1);
  return runFor(DURATION_SECONDS);
}

/**
 * Exact percentiles of a list of latencies, in milliseconds to two decimals: a call of about a
 * millisecond rounded to one decimal could move a p95 ratio near 2× by a tenth either way.
 */
export function percentiles(latencies: number[]): Pick<Measurement, 'p50Ms' | 'p95Ms' | 'p99Ms'> {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 100) / 100;
  return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) };
}

/** Seconds of warm-up before each measured stretch of one caller (BENCH_WARMUP_SECONDS). */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/**
 * One caller's latency of a subject and its baseline, measured side by side: the two calls take
 * turns (subject, baseline, then baseline, subject, …) for twice the benchmark duration, after a
 * warm-up taken the same way, and every call is timed. Whatever the machine is doing meanwhile (its pace drifts
 * within a run here) falls on both alike, and neither gets caches the other warmed for it.
 * `perSecond` is calls per second of the caller's own time (1,000 / mean latency in ms).
 */
export async function measureSequentialPair(
  subject: (i: number) => Promise<unknown>,
  baseline: (i: number) => Promise<unknown>,
): Promise<{ subject: Measurement; baseline: Measurement }> {
  const runFor = async (seconds: number) => {
    const latencies: [number[], number[]] = [[], []];
    const errors: [number, number] = [0, 0];
    const operations = [subject, baseline] as const;
    const stopAt = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < stopAt; i++) {
      // ABBA order: neither always reads what the other has just brought into the caches.
      for (const k of i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
        const started = performance.now();
        try {
          await operations[k](i);
          latencies[k].push(performance.now() - started);
        } catch {
          errors[k] += 1;
        }
      }
    }
    const measurement = (k: 0 | 1): Measurement => {
      const total = latencies[k].reduce((sum, ms) => sum + ms, 0);
      return {
        perSecond: total > 0 ? (latencies[k].length * 1000) / total : 0,
        errors: errors[k],
        ...percentiles(latencies[k]),
      };
    };
    return { subject: measurement(0), baseline: measurement(1) };
  };
  await runFor(WARMUP_SECONDS);
  return runFor(DURATION_SECONDS * 2);
}

export interface Comparison {
  name: string;
  subject: string;
  baseline: string;
  subjectResult: Measurement;
  baselineResult: Measurement;
  /** What is compared: throughput under concurrent load (default) or one caller's latency. */
  mode?: 'throughput' | 'latency';
  /** Further lines printed under the ratio (e.g. where the CPU went). */
  notes?: string[];
}

export function printComparison(c: Comparison): void {
  const ratio = c.subjectResult.perSecond / c.baselineResult.perSecond;
  const fmt = (m: Measurement) =>
    `${m.perSecond.toFixed(0).padStart(7)} ops/s${m.p50Ms === undefined ? '' : `, p50 ${m.p50Ms} ms`}${m.p95Ms === undefined ? '' : `, p95 ${m.p95Ms} ms`}${m.p99Ms === undefined ? '' : `, p99 ${m.p99Ms} ms`}${m.errors ? `, ${m.errors} errors` : ''}`;
  console.log(`\n${c.name}`);
  console.log(`  subject   ${c.subject.padEnd(42)} ${fmt(c.subjectResult)}`);
  console.log(`  baseline  ${c.baseline.padEnd(42)} ${fmt(c.baselineResult)}`);
  console.log(
    `  ratio     subject / baseline = ${ratio.toFixed(3)}${c.mode === 'latency' ? ` (calls per second, one caller); p95 ${c.subjectResult.p95Ms ?? '?'} ms vs ${c.baselineResult.p95Ms ?? '?'} ms = ${((c.subjectResult.p95Ms ?? 0) / (c.baselineResult.p95Ms || 1)).toFixed(2)}×` : ''}`,
  );
  for (const note of c.notes ?? []) {
    console.log(`  ${note}`);
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used, from Linux's /proc; null where there is none. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) {
    return null;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used in user and in system (kernel) mode (null without /proc). */
export function processCpuSplit(pid: number | undefined): { user: number; system: number } | null {
  if (pid === undefined) {
    return null;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / CLOCK_TICKS_PER_SECOND, system: Number(fields[12]) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU seconds used by every PostgreSQL server process on this machine (null without /proc). */
export function postgresCpuSeconds(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') {
        total += processCpuSeconds(Number(pid)) ?? 0;
      }
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Where the CPU went during a measured stretch: call `start()` before it and `stop(operations)`
 * after, for a line of CPU milliseconds per 1,000 operations by each named process.
 */
export function cpuMeter(parts: Record<string, () => number | null>) {
  let before: Record<string, number | null> = {};
  const read = () => Object.fromEntries(Object.entries(parts).map(([name, get]) => [name, get()]));
  return {
    start() {
      before = read();
    },
    stop(operations: number): string {
      const after = read();
      const shares = Object.keys(parts).map((name) => {
        const a = after[name];
        const b = before[name];
        return a === null || b === null || a === undefined || b === undefined || operations === 0
          ? `${name} ?`
          : `${name} ${(((a - b) * 1000 * 1000) / operations).toFixed(0)}`;
      });
      return `CPU ms per 1,000: ${shares.join(', ')}`;
    },
  };
}

export interface HttpTarget {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** The server's process id: its CPU time per request is measured too (Linux /proc). */
  pid?: number;
}

/**
 * Throughput of a subject and its baseline under the same load, measured side by side: both
 * servers run at once and autocannon drives them in turns of one second (subject, baseline, then
 * baseline, subject, …), `2 × BENCH_SECONDS` turns each after a one-second warm-up of each. This
 * machine's pace drifts and other work comes and goes within seconds; short turns let both sides
 * see it alike. Requests per second are totals over each side's own turns; `pairedRatios` are the
 * subject-to-baseline ratios of each adjacent pair of turns (their median shrugs off a burst of
 * other work that fell on one side).
 */
export async function measureHttpPair(
  subject: HttpTarget,
  baseline: HttpTarget,
  rounds = 2 * DURATION_SECONDS,
): Promise<{
  subject: Measurement;
  baseline: Measurement;
  pairedRatios: number[];
  cpuMicrosPerRequest: [number | null, number | null];
}> {
  const run = async (target: HttpTarget, duration: number) =>
    autocannon({
      url: target.url,
      method: target.method ?? 'GET',
      connections: CONNECTIONS,
      headers: { 'content-type': 'application/json' },
      ...(target.body !== undefined && { body: target.body }),
      duration,
    });
  await run(subject, 1);
  await run(baseline, 1);
  const totals = [
    { requests: 0, seconds: 0, p99: [] as number[], errors: 0, cpuSeconds: 0 as number | null },
    { requests: 0, seconds: 0, p99: [] as number[], errors: 0, cpuSeconds: 0 as number | null },
  ];
  const pairedRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const rates: [number, number] = [0, 0];
    for (const k of i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      const target = k === 0 ? subject : baseline;
      const cpuBefore = processCpuSeconds(target.pid);
      const result = await run(target, 1);
      const cpuAfter = processCpuSeconds(target.pid);
      const side = totals[k]!;
      side.cpuSeconds =
        side.cpuSeconds === null || cpuBefore === null || cpuAfter === null
          ? null
          : side.cpuSeconds + cpuAfter - cpuBefore;
      side.requests += result.requests.total;
      side.seconds += result.duration;
      side.p99.push(result.latency.p99);
      side.errors += result.errors + result.non2xx;
      rates[k] = result.requests.total / result.duration;
    }
    pairedRatios.push(rates[0] / rates[1]);
  }
  const measurement = (k: 0 | 1): Measurement => {
    const side = totals[k]!;
    const sorted = [...side.p99].sort((a, b) => a - b);
    return {
      perSecond: side.requests / side.seconds,
      p99Ms: sorted[Math.floor(sorted.length / 2)],
      errors: side.errors,
    };
  };
  const cpuMicros = (k: 0 | 1) => {
    const side = totals[k]!;
    return side.cpuSeconds === null || side.requests === 0 || (k === 0 ? subject : baseline).pid === undefined
      ? null
      : (side.cpuSeconds * 1e6) / side.requests;
  };
  return {
    subject: measurement(0),
    baseline: measurement(1),
    pairedRatios,
    cpuMicrosPerRequest: [cpuMicros(0), cpuMicros(1)],
  };
}

/**
 * Notes for a pair measured by measureHttpPair: the median and quartiles of its paired one-second
 * ratios, and each server's CPU time per request. When other work shares the machine, throughput
 * moves with whatever else runs; CPU time per request moves far less, and the baseline's CPU per
 * request over the subject's is the rate the subject would reach on a CPU of its own.
 */
export function describePair(pair: {
  pairedRatios: number[];
  cpuMicrosPerRequest: [number | null, number | null];
}): string[] {
  const sorted = [...pair.pairedRatios].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.round(q * (sorted.length - 1))] ?? 0).toFixed(2);
  const notes = [
    `paired one-second turns: median ratio ${at(0.5)} (quartiles ${at(0.25)}–${at(0.75)}) of ${sorted.length}`,
  ];
  const [subject, baseline] = pair.cpuMicrosPerRequest;
  if (subject !== null && baseline !== null) {
    notes.push(
      `server CPU per request: subject ${subject.toFixed(1)} µs, baseline ${baseline.toFixed(1)} µs, baseline / subject = ${(baseline / subject).toFixed(3)}`,
    );
  }
  return notes;
}

/**
 * A database of the bench's own on the PostgreSQL of DATABASE_URL (`${name}_${pid}`, made afresh),
 * and how to drop it; without DATABASE_URL none (the API runs on PGlite) and nothing to drop.
 */
export async function ownDatabase(
  name: string,
): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { databaseUrl: undefined, drop: async () => {} };
  }
  const database = `${name}_${process.pid}`;
  const dropStatement = `drop database if exists "${database}" with (force)`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(dropStatement);
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(dropStatement);
      await c.end();
    },
  };
}
