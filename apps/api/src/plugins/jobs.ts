import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { JobQueue } from '../contexts/platform';
import { composeJobs } from '../composition';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (contexts/platform/jobs): its worker runs while the app is up. */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  databaseUrl: string | undefined;
  pollIntervalMs: number;
  concurrency: number;
  leaseCheckIntervalMs: number;
  /** The retention run's interval (RETENTION_INTERVAL_MS); 0: only on demand. */
  retentionIntervalMs: number;
}

/**
 * Starts the job queue with the app: the handlers are the composition root's (composeJobs), due
 * jobs (including those that fell due while the API was down) run from now on, and closing the app
 * stops claiming and lets running jobs finish.
 */
export default fp<JobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const queue = new JobQueue({
      pollIntervalMs: options.pollIntervalMs,
      concurrency: options.concurrency,
      leaseCheckIntervalMs: options.leaseCheckIntervalMs,
      clock: app.providers.clock,
      log: app.log,
    });
    composeJobs(queue, {
      retentionIntervalMs: options.retentionIntervalMs,
      payment: app.providers.payment,
      chatRelay: app.chat.tencent,
      chatFanOut: app.chat.fanOut,
      sms: app.providers.sms,
    });
    app.decorate('jobs', queue);
    await queue.start(app.orm.em, options.databaseUrl);
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'providers', 'chat'] },
);
