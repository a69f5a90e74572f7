import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config';
import { pruneExpiredRows, type PruneRun } from '../contexts/platform/retention/retention.service';

declare module 'fastify' {
  interface FastifyInstance {
    retention: {
      /** Deletes what has outlived its keeping time now (one run at a time per process); tests call it. */
      runOnce(): Promise<PruneRun>;
    };
  }
}

export interface RetentionOptions {
  /** Milliseconds between runs; 0 runs only on demand (tests). */
  intervalMs: number;
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
 * window) a minute after start and then every interval. Nothing is remembered in memory: a restart
 * just runs again, and every process may run it, since each delete is bounded by time and the
 * processes take turns through an advisory lock (contexts/platform/retention).
 */
export default fp<RetentionOptions>(
  (app: FastifyInstance, { intervalMs }) => {
    let running: Promise<PruneRun> | null = null;
    const runOnce = () => {
      running ??= pruneExpiredRows(app.orm.em.fork(), app.providers.clock()).finally(() => {
        running = null;
      });
      return running;
    };
    const background = () => {
      void runOnce().then(
        (run) => {
          if (run.frontLogs + run.rateEvents > 0) {
            app.log.info(run, 'expired rows deleted');
          }
        },
        (error: unknown) => app.log.error({ err: error }, 'retention run failed'),
      );
    };
    const timers: NodeJS.Timeout[] = [];
    if (intervalMs > 0) {
      timers.push(setTimeout(background, Math.min(60_000, intervalMs)), setInterval(background, intervalMs));
      for (const timer of timers) {
        timer.unref();
      }
    }
    app.decorate('retention', { runOnce });
    app.addHook('onClose', async () => {
      for (const timer of timers) {
        clearTimeout(timer);
      }
      await running?.catch(() => undefined);
    });
  },
  { name: 'retention', dependencies: ['db', 'providers'] },
);
