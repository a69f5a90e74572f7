// GET /api/healthz (Fastify + schema serialisation + a database round trip) against a bare
// node:http server answering the same JSON: the price of the framework and the database check.
import { freePort, measureHttp, startProcess, stopProcess, type Comparison } from './lib';

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ code: 0, errMsg: '', data: { status: 'ok', database: 'pglite', version: '0.0.0' } });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export async function healthzBenchmark(apiEnv: Record<string, string>, apiEntry: string): Promise<Comparison> {
  const apiPort = await freePort();
  const api = await startProcess([apiEntry], { ...apiEnv, PORT: String(apiPort) }, `http://127.0.0.1:${apiPort}/api/healthz`);
  let subjectResult;
  try {
    subjectResult = await measureHttp({ url: `http://127.0.0.1:${apiPort}/api/healthz` });
  } finally {
    await stopProcess(api);
  }
  const barePort = await freePort();
  const bare = await startProcess(['-e', BARE_SERVER], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  let baselineResult;
  try {
    baselineResult = await measureHttp({ url: `http://127.0.0.1:${barePort}/` });
  } finally {
    await stopProcess(bare);
  }
  return {
    name: 'GET /api/healthz vs a bare node:http server',
    subject: 'GET /api/healthz (Fastify, database check)',
    baseline: 'bare node:http, same JSON',
    subjectResult,
    baselineResult,
  };
}
