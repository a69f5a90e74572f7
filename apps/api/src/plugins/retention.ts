import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config';
import { pruneExpiredRows, type PruneRun } from '../contexts/platform';

declare module 'fastify' {
  interface FastifyInstance {
    retention: {
      /** Deletes what has outlived its keeping time now (one run at a time per process); tests call it. */
      runOnce(): Promise<PruneRun>;
    };
  }
}

/** RETENTION_INTERVAL_MS: an hour by default, 0 (on demand) under NODE_ENV=test. */
export function retentionIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.RETENTION_INTERVAL_MS;
  if (raw === undefined || raw === '') {
    return env.NODE_ENV === 'test' ? 0 : 60 * 60 * 1000;
  }
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new ConfigError([
      `RETENTION_INTERVAL_MS must be a whole number of milliseconds (0 = only on demand), got "${raw}".`,
    ]);
  }
  return ms;
}

/**
 * Deletes expired rows (front-log reports after 30 days, rate-limit events after their longest
 * window) on demand. The recurring run is the durable job `platform.retention.prune`
 * (composition.ts, plugins/jobs.ts): one occurrence per interval across every API process, and one
 * that fell due while the API was down runs at start. Each delete is bounded by time, so a run
 * repeated after a crash is safe.
 */
export default fp(
  (app: FastifyInstance) => {
    let running: Promise<PruneRun> | null = null;
    const runOnce = () => {
      running ??= pruneExpiredRows(app.orm.em.fork(), app.providers.clock()).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('retention', { runOnce });
    app.addHook('onClose', async () => {
      await running?.catch(() => undefined);
    });
  },
  { name: 'retention', dependencies: ['db', 'providers'] },
);
