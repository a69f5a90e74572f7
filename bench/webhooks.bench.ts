// Webhook deliveries per second (issue 23, docs/adr/0223-webhook-deliveries.md): 1,000 glucose
// readings recorded through the API (POST /api/sugarTest/v1/add from BENCH_CONNECTIONS callers) by a
// patient who granted a client readings.read, the client subscribed to reading.created at a
// receiver on this machine. Each reading becomes a delivery whose attempt is a durable job that
// signs and POSTs it. Measured: deliveries per second from the first reading sent to the last
// delivery received, each delivery's latency (its reading's request sent → received), and the
// readings' own rate with and without the subscription (what enqueueing costs the write); then a
// backlog — a bound meter's batch of as many readings stored in one transaction, every delivery due
// at once — and how fast the queue drains it.
// Baseline: the same 1,000 bodies signed the same way and POSTed to the same receiver straight from
// this process, as many at a time as the job queue runs (JOBS_CONCURRENCY): what a dispatcher with
// nothing to store would reach.
//
// The API runs in this process (apps/api built from source, as the integration tests start it), on
// embedded PGlite, or on PostgreSQL (a database of its own) when DATABASE_URL is set. Alone:
//   npx tsx --conditions=@glucoguard/source bench/webhooks.bench.ts
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openReadingId } from '@glucoguard/domain';
import { createApiClient, type ApiClient } from '@glucoguard/sdk';
import { createServer } from '../apps/api/src/app';
import { DEV_GATEWAY_TOKEN, loadConfig } from '../apps/api/src/config';
import { provisionDevice } from '../apps/api/src/contexts/devices/meter/meter.service';
import { createWebhook, deleteWebhook } from '../apps/api/src/contexts/open/webhooks/webhook.service';
import { webhookHeaders } from '../apps/api/src/contexts/open/webhooks/webhook.signing';
import { LocalSmsOutbox } from '../apps/api/src/providers/sms/local-outbox';
import { CONNECTIONS, ownDatabase, percentiles, printComparison, type Comparison } from './lib';
import { benchClient, benchGrant } from './open-fixtures';

const READINGS = Number(process.env.BENCH_WEBHOOK_READINGS ?? 1000);
const CONCURRENCIES = (process.env.BENCH_WEBHOOK_CONCURRENCY ?? '2,8').split(',').map(Number);

/** The integrator's receiver: answers 204 at once and notes when each delivery arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  let bodies = 0;
  let onCount: (() => void) | null = null;
  let target = Infinity;
  const server: Server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const at = performance.now();
      bodies += 1;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data?: { reading?: { id?: string } };
        };
        const id = body.data?.reading?.id;
        if (id) {
          arrivals.set(id, at);
        }
      } catch {
        // counted all the same
      }
      response.writeHead(204).end();
      if (bodies >= target && onCount) {
        onCount();
        onCount = null;
      }
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    reset: () => {
      arrivals.clear();
      bodies = 0;
    },
    /** Resolves once `count` POSTs have arrived since the last reset (rejects after `timeoutMs`). */
    until: (count: number, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (bodies >= count) {
          resolve();
          return;
        }
        target = count;
        const timer = setTimeout(
          () => reject(new Error(`only ${bodies} of ${count} deliveries within ${timeoutMs} ms`)),
          timeoutMs,
        );
        onCount = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** China time, the forms' format, `minutesAgo` before now. */
const chinaTime = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function registeredPatient(baseUrl: string, sms: LocalSmsOutbox): Promise<{ client: ApiClient; cid: string }> {
  const signIn = await createApiClient({ baseUrl }).GET('/wechat/v1/getHtmlAccessToken', {
    params: { query: { code: `device_${randomUUID().replaceAll('-', '')}`, sourceId: 4 } },
  });
  const client = createApiClient({ baseUrl, token: signIn.token, sourceId: 4 });
  const phone = `139${String(Date.now()).slice(-8)}`;
  await client.POST('/shortMsg/v1/getCode', { body: { phone } });
  const code = sms.list(phone)[0]?.code ?? '';
  const cid = await client.POST('/register/v1/bind', { body: { nickname: '压测用户', phone, validCode: code } });
  return { client, cid: String(cid) };
}

/** Records `count` readings from `CONNECTIONS` callers; answers each reading's id with when its request was sent. */
async function recordReadings(client: ApiClient, count: number, offsetMinutes: number) {
  const sent = new Map<string, number>();
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const i = next++;
        const at = performance.now();
        try {
          const saved = await client.POST('/sugarTest/v1/add', {
            body: { sugar: 5 + (i % 40) / 10, createTime: chinaTime(offsetMinutes + i), timeType: 1 },
          });
          sent.set(openReadingId('glucose', saved.testId), at);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { sent, errors, seconds: (performance.now() - started) / 1000, started };
}

/** The same bodies POSTed straight from here, signed the same way, `concurrency` at a time. */
async function directPosts(receiver: Receiver, bodies: string[], secret: string, concurrency: number) {
  receiver.reset();
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const response = await fetch(receiver.url, {
          method: 'POST',
          headers: webhookHeaders({ secret }, `msg_${randomUUID().replaceAll('-', '')}`, new Date(), body),
          body,
        }).catch(() => null);
        if (!response?.ok) {
          errors += 1;
        }
        await response?.body?.cancel().catch(() => {});
      }
    }),
  );
  return { perSecond: bodies.length / ((performance.now() - started) / 1000), errors };
}

async function benchAt(concurrency: number, receiver: Receiver): Promise<Comparison> {
  const { databaseUrl, drop } = await ownDatabase('gg_bench_webhooks');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    JOBS_CONCURRENCY: String(concurrency),
    JOBS_POLL_INTERVAL_MS: '500',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const sms = new LocalSmsOutbox({ perPhone: 5 });
  const app = await createServer(config, undefined, { sms });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const patient = await registeredPatient(baseUrl, sms);
    const em = app.orm.em.fork();
    const now = new Date();
    const clientId = benchClient(em, now, {
      name: '压测应用',
      organisation: '压测',
      redirectUris: [],
      grantTypes: ['client_credentials'],
      rateLimitPerMinute: 600,
    });
    benchGrant(em, now, clientId, patient.cid);
    await em.flush();

    // The write path alone: the same number of readings with no subscription to hear them.
    const plain = await recordReadings(patient.client, READINGS, 0);

    const caller = { clientId, grantId: null };
    const subscription = await createWebhook(
      app.orm.em.fork(),
      caller,
      { url: receiver.url, events: ['reading.created'] },
      { allowLoopbackHttp: true },
      new Date(),
    );
    receiver.reset();
    const delivered = receiver.until(READINGS, 600_000);
    const heard = await recordReadings(patient.client, READINGS, READINGS + 10);
    await delivered;
    const last = Math.max(...receiver.arrivals.values());
    const seconds = (last - heard.started) / 1000;
    const latencies = [...heard.sent].flatMap(([id, at]) => {
      const arrived = receiver.arrivals.get(id);
      return arrived === undefined ? [] : [arrived - at];
    });
    // A backlog: a bound meter's batch of READINGS readings stored in one transaction, so every
    // delivery is due at once; how fast the queue drains it.
    const imei = `864${String(Date.now()).slice(-11)}${concurrency % 10}`;
    const { bindCode } = await provisionDevice(app.orm.em.fork(), { imei, kind: 'glucose', model: 'GG-1' }, new Date());
    await patient.client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
    receiver.reset();
    const drained = receiver.until(READINGS, 600_000);
    const batchSent = performance.now();
    await createApiClient({ baseUrl }).POST('/internal/v1/meterReadings', {
      body: {
        messages: Array.from({ length: READINGS }, (_, i) => ({
          imei,
          payload: JSON.stringify({
            id: `b-${i}`,
            kind: 'glucose',
            value: 6.1,
            unit: 'mmol/L',
            measuredAt: `${chinaTime(3 * READINGS + i).replace(' ', 'T')}+08:00`,
          }),
        })),
      },
      headers: { 'X-Gateway-Token': DEV_GATEWAY_TOKEN },
    });
    const batchStored = performance.now();
    await drained;
    const drainSeconds = (Math.max(...receiver.arrivals.values()) - batchStored) / 1000;

    const bodies = [...receiver.arrivals.keys()].map((readingId) =>
      JSON.stringify({
        type: 'reading.created',
        timestamp: new Date().toISOString(),
        data: { patientId: patient.cid, reading: { readingId, kind: 'glucose' } },
      }),
    );
    await deleteWebhook(app.orm.em.fork(), caller, subscription.subscriptionId);
    const direct = await directPosts(receiver, bodies, subscription.secret, concurrency);
    return {
      name: `Webhook deliveries of ${READINGS} readings, JOBS_CONCURRENCY=${concurrency} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, API in this process)`,
      subject: 'reading → delivery job → signed POST',
      baseline: `the same POSTs signed here, ${concurrency} at a time`,
      subjectResult: {
        perSecond: READINGS / seconds,
        ...percentiles(latencies),
        errors: heard.errors + (READINGS - latencies.length),
      },
      baselineResult: { perSecond: direct.perSecond, errors: direct.errors },
      notes: [
        `readings recorded: ${(READINGS / heard.seconds).toFixed(0)}/s with the subscription, ${(READINGS / plain.seconds).toFixed(0)}/s without (${CONNECTIONS} callers; ${plain.errors + heard.errors} errors)`,
        `all ${latencies.length} deliveries received ${seconds.toFixed(1)} s after the first reading was sent; latency is reading sent → delivery received`,
        `backlog: ${READINGS} meter readings stored in one batch (${((batchStored - batchSent) / 1000).toFixed(1)} s), all delivered ${drainSeconds.toFixed(1)} s later: ${(READINGS / drainSeconds).toFixed(0)} deliveries/s`,
      ],
    };
  } finally {
    await app.close();
    await drop();
  }
}

export async function webhooksBenchmarks(onResult?: (result: Comparison) => void): Promise<Comparison[]> {
  const receiver = await startReceiver();
  const results: Comparison[] = [];
  try {
    for (const concurrency of CONCURRENCIES) {
      const result = await benchAt(concurrency, receiver);
      onResult?.(result);
      results.push(result);
    }
  } finally {
    await receiver.close();
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`Webhook deliveries: ${READINGS} readings, ${CONNECTIONS} callers, Node ${process.versions.node}.`);
  await webhooksBenchmarks(printComparison);
}
