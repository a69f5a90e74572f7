// GET /api/config/v1/getServerTime (no database) against a bare node:http server answering the
// same JSON: the price of the whole request pipeline (Fastify, hooks, validation, serialisation,
// the access log). Once with the API's default logging (info, one access-log line per request,
// written to a file as a real deployment's stdout would be) and once with logging off.
import { closeSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describePair, freePort, measureHttpPair, startProcess, stopProcess, type Comparison } from './lib';

const BARE_SERVER = `
const http = require('node:http');
http.createServer((req, res) => {
  const now = new Date();
  const body = JSON.stringify({ code: 0, errMsg: '', data: { timestamp: now.getTime(), iso: now.toISOString(), timeZone: 'Asia/Shanghai' } });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export async function serverTimeBenchmarks(
  apiEnv: Record<string, string>,
  apiEntry: string,
  dataDir: string,
): Promise<Comparison[]> {
  const barePort = await freePort();
  const bare = await startProcess(['-e', BARE_SERVER], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  const results: Comparison[] = [];
  try {
    for (const logLevel of ['info', 'silent'] as const) {
      const apiPort = await freePort();
      const logPath = join(dataDir, `servertime-${logLevel}.log`);
      const logFd = openSync(logPath, 'w');
      const url = `http://127.0.0.1:${apiPort}/api/config/v1/getServerTime`;
      const api = await startProcess([apiEntry], { ...apiEnv, PORT: String(apiPort), LOG_LEVEL: logLevel }, url, logFd);
      let pair;
      try {
        pair = await measureHttpPair({ url, pid: api.pid }, { url: `http://127.0.0.1:${barePort}/`, pid: bare.pid });
      } finally {
        await stopProcess(api);
        closeSync(logFd);
      }
      results.push({
        name: `GET /api/config/v1/getServerTime (logging ${logLevel}) vs a bare node:http server, taking turns`,
        subject: `getServerTime, LOG_LEVEL=${logLevel}`,
        baseline: 'bare node:http, same JSON',
        subjectResult: pair.subject,
        baselineResult: pair.baseline,
        notes: [
          ...describePair(pair),
          ...(logLevel === 'info'
            ? [`access log written: ${(statSync(logPath).size / 1024 / 1024).toFixed(1)} MB`]
            : []),
        ],
      });
    }
  } finally {
    await stopProcess(bare);
  }
  return results;
}
