import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config';
import { readingEvents } from '../contexts/health';
import { dispatchNoticePushes, type PushRun } from '../contexts/social/notice/notice.push';

declare module 'fastify' {
  interface FastifyInstance {
    noticePush: {
      /** Sends what is due now (one run at a time per instance); tests call it to deliver deterministically. */
      runOnce(): Promise<PushRun>;
      /** Starts a run soon after a reading was saved, unless pushes run only on demand. */
      kick(): void;
    };
  }
}

export interface NoticePushOptions {
  /** Milliseconds between runs; 0 runs only on demand (tests). */
  intervalMs: number;
}

/** NOTICE_PUSH_INTERVAL_MS: 5000 by default, 0 (on demand) under NODE_ENV=test. */
export function noticePushIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.NOTICE_PUSH_INTERVAL_MS;
  if (raw === undefined || raw === '') {
    return env.NODE_ENV === 'test' ? 0 : 5000;
  }
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new ConfigError([
      `NOTICE_PUSH_INTERVAL_MS must be a whole number of milliseconds (0 = only on demand), got "${raw}".`,
    ]);
  }
  return ms;
}

/** Apps built in this process (tests build many): each subscribes its own kick under its own name. */
let instances = 0;

/** Sends queued reading notices through the notice pusher: every `intervalMs` and right after a save. */
export default fp<NoticePushOptions>(
  (app: FastifyInstance, { intervalMs }) => {
    let running: Promise<PushRun> | null = null;
    const runOnce = () => {
      running ??= dispatchNoticePushes(app.orm.em.fork(), app.providers.noticePusher, app.providers.clock()).finally(
        () => {
          running = null;
        },
      );
      return running;
    };
    const background = () => {
      void runOnce().catch((error: unknown) => app.log.error({ err: error }, 'notice push run failed'));
    };
    const timer = intervalMs > 0 ? setInterval(background, intervalMs) : null;
    timer?.unref();
    const kick = () => (intervalMs > 0 ? background() : undefined);
    app.decorate('noticePush', { runOnce, kick });
    // A glucose or pressure reading typed into a form: its followers' pushes go out right after the
    // commit rather than at the next interval (a meter's wait for the interval, as they always have).
    const subscriber = `notice-push#${(instances += 1)}`;
    readingEvents.subscribe('ReadingRecorded', subscriber, async (_tx, events) =>
      events.some((e) => e.source !== 'meter' && (e.reading.kind === 'glucose' || e.reading.kind === 'pressure'))
        ? kick
        : undefined,
    );
    app.addHook('onClose', async () => {
      readingEvents.unsubscribe('ReadingRecorded', subscriber);
      if (timer) {
        clearInterval(timer);
      }
      await running?.catch(() => undefined);
    });
  },
  { name: 'notice-push', dependencies: ['db', 'providers'] },
);
