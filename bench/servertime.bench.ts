// GET /api/config/v1/getServerTime (no database) against a bare node:http server answering the
// same JSON: the price of the whole request pipeline (Fastify, hooks, validation, serialisation,
// the access log). Once with the API's default logging (info, one access-log line per request,
// written to a file as a real deployment's stdout would be) and once with logging off.
//
// Two bare servers run beside the API. The first answers the same JSON with the same headers as the
// API (its security headers, a fresh X-Request-Id): the same answer, byte for byte but for the ids,
// the date and the keep-alive timeout. The second is the baseline of the first measurements (until
// 2026-11-26), which sent the JSON with two headers only: about 730 bytes less per answer, none of
// Node's validation of the thirteen other headers, and less for the load generator to read, so it is
// printed too, for comparison with older figures.
import { closeSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  describePair,
  freePort,
  processCpuSplit,
  startProcess,
  stopProcess,
  type Comparison,
  type HttpTarget,
  type Measurement,
} from './lib';

/** HEADERS (JSON, name → value) are sent on every answer; a header named x-request-id gets a fresh UUID each time. */
const BARE_SERVER = `
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const extra = Object.entries(JSON.parse(process.env.HEADERS || '{}'));
const withId = extra.some(([name]) => name === 'x-request-id');
http.createServer((req, res) => {
  const now = new Date();
  const body = JSON.stringify({ code: 0, errMsg: '', data: { timestamp: now.getTime(), iso: now.toISOString(), timeZone: 'Asia/Shanghai' } });
  const headers = {};
  for (const [name, value] of extra) headers[name] = value;
  if (withId) headers['x-request-id'] = randomUUID();
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** Headers Node writes itself (or that describe this very body) are not copied to the bare server. */
const NODE_OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'transfer-encoding',
]);

/** The headers of the API's answer, in its order, for the bare server to send too. */
async function answerHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  await response.arrayBuffer();
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!NODE_OWN_HEADERS.has(name)) {
      headers[name] = value;
    }
  }
  return headers;
}

interface TurnsResult {
  measurements: Measurement[];
  /** CPU µs per request of each target (null without /proc). */
  cpuMicrosPerRequest: Array<number | null>;
  /** The same, split into user and system (kernel: socket and log writes) µs per request. */
  cpuSplitPerRequest: Array<{ user: number; system: number } | null>;
  /** Per round, each target's requests per second. */
  rates: number[][];
}

/**
 * measureHttpPair (lib.ts) for several servers: all run at once and autocannon drives them in turns
 * of one second, in order and then in reverse order, `2 × BENCH_SECONDS` turns each after a
 * one-second warm-up of each, so the subject and each baseline see the same machine.
 */
async function measureHttpTurns(targets: HttpTarget[], rounds = 2 * DURATION_SECONDS): Promise<TurnsResult> {
  const run = (target: HttpTarget, duration: number) =>
    autocannon({
      url: target.url,
      connections: CONNECTIONS,
      headers: { 'content-type': 'application/json' },
      duration,
    });
  for (const target of targets) {
    await run(target, 1);
  }
  const totals: Array<{
    requests: number;
    seconds: number;
    p99: number[];
    errors: number;
    cpu: { user: number; system: number } | null;
  }> = targets.map(() => ({ requests: 0, seconds: 0, p99: [], errors: 0, cpu: { user: 0, system: 0 } }));
  const rates: number[][] = [];
  for (let i = 0; i < rounds; i++) {
    const round: number[] = [];
    const order = targets.map((_, k) => k);
    for (const k of i % 2 === 0 ? order : order.reverse()) {
      const target = targets[k]!;
      const before = processCpuSplit(target.pid);
      const result = await run(target, 1);
      const after = processCpuSplit(target.pid);
      const side = totals[k]!;
      side.cpu =
        side.cpu === null || before === null || after === null
          ? null
          : { user: side.cpu.user + after.user - before.user, system: side.cpu.system + after.system - before.system };
      side.requests += result.requests.total;
      side.seconds += result.duration;
      side.p99.push(result.latency.p99);
      side.errors += result.errors + result.non2xx;
      round[k] = result.requests.total / result.duration;
    }
    rates.push(round);
  }
  return {
    measurements: totals.map((side) => {
      const sorted = [...side.p99].sort((a, b) => a - b);
      return {
        perSecond: side.requests / side.seconds,
        p99Ms: sorted[Math.floor(sorted.length / 2)],
        errors: side.errors,
      };
    }),
    cpuMicrosPerRequest: totals.map((side) =>
      side.cpu === null || side.requests === 0 ? null : ((side.cpu.user + side.cpu.system) * 1e6) / side.requests,
    ),
    cpuSplitPerRequest: totals.map((side) =>
      side.cpu === null || side.requests === 0
        ? null
        : { user: (side.cpu.user * 1e6) / side.requests, system: (side.cpu.system * 1e6) / side.requests },
    ),
    rates,
  };
}

export async function serverTimeBenchmarks(
  apiEnv: Record<string, string>,
  apiEntry: string,
  dataDir: string,
): Promise<Comparison[]> {
  const twoHeadersPort = await freePort();
  const twoHeaders = await startProcess(
    ['-e', BARE_SERVER],
    { PORT: String(twoHeadersPort) },
    `http://127.0.0.1:${twoHeadersPort}/`,
  );
  let sameHeaders: Awaited<ReturnType<typeof startProcess>> | undefined;
  let sameHeadersPort = 0;
  const results: Comparison[] = [];
  try {
    for (const logLevel of ['info', 'silent'] as const) {
      const apiPort = await freePort();
      const logPath = join(dataDir, `servertime-${logLevel}.log`);
      const logFd = openSync(logPath, 'w');
      const url = `http://127.0.0.1:${apiPort}/api/config/v1/getServerTime`;
      const api = await startProcess([apiEntry], { ...apiEnv, PORT: String(apiPort), LOG_LEVEL: logLevel }, url, logFd);
      let turns: TurnsResult;
      try {
        if (!sameHeaders) {
          sameHeadersPort = await freePort();
          sameHeaders = await startProcess(
            ['-e', BARE_SERVER],
            { PORT: String(sameHeadersPort), HEADERS: JSON.stringify(await answerHeaders(url)) },
            `http://127.0.0.1:${sameHeadersPort}/`,
          );
        }
        turns = await measureHttpTurns([
          { url, pid: api.pid },
          { url: `http://127.0.0.1:${sameHeadersPort}/`, pid: sameHeaders.pid },
          { url: `http://127.0.0.1:${twoHeadersPort}/`, pid: twoHeaders.pid },
        ]);
      } finally {
        await stopProcess(api);
        closeSync(logFd);
      }
      const split = (k: number) => {
        const cpu = turns.cpuSplitPerRequest[k];
        return cpu ? `${cpu.user.toFixed(1)} + ${cpu.system.toFixed(1)}` : 'n/a';
      };
      const against = (k: 1 | 2) => [
        ...describePair({
          pairedRatios: turns.rates.map((round) => round[0]! / round[k]!),
          cpuMicrosPerRequest: [turns.cpuMicrosPerRequest[0]!, turns.cpuMicrosPerRequest[k]!],
        }),
        `CPU µs per request, user + system: subject ${split(0)}, baseline ${split(k)}`,
      ];
      const logged =
        logLevel === 'info' ? [`access log written: ${(statSync(logPath).size / 1024 / 1024).toFixed(1)} MB`] : [];
      results.push(
        {
          name: `GET /api/config/v1/getServerTime (logging ${logLevel}) vs a bare node:http server sending the same answer (JSON and headers), taking turns`,
          subject: `getServerTime, LOG_LEVEL=${logLevel}`,
          baseline: 'bare node:http, same JSON and headers',
          subjectResult: turns.measurements[0]!,
          baselineResult: turns.measurements[1]!,
          notes: [...against(1), ...logged],
        },
        {
          name: `The same turns, against the earlier baseline: bare node:http sending the JSON with two headers (content-type, content-length)`,
          subject: `getServerTime, LOG_LEVEL=${logLevel}`,
          baseline: 'bare node:http, same JSON, two headers',
          subjectResult: turns.measurements[0]!,
          baselineResult: turns.measurements[2]!,
          notes: against(2),
        },
      );
    }
  } finally {
    await stopProcess(twoHeaders);
    if (sameHeaders) {
      await stopProcess(sameHeaders);
    }
  }
  return results;
}
