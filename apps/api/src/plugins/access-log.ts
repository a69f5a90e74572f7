import fp from 'fastify-plugin';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * One access-log line per request, once the answer is sent: method and URL (sensitive query values
 * masked by the `req` serialiser), status and milliseconds, under the request's id. Fastify's own
 * controller writes two lines (incoming and completed); the incoming one is dropped.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** The longest a log line waits in the asynchronous destination's buffer. */
const FLUSH_EVERY_MS = 1000;

/**
 * The asynchronous log destination writes once it holds 4 KB; this writes what it holds at least
 * every second (a quiet server's lines still appear), and once more when the app closes.
 */
export default fp(
  (app: FastifyInstance) => {
    const log = app.log as Logger;
    const timer = setInterval(() => log.flush(), FLUSH_EVERY_MS);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      log.flush(() => done());
    });
  },
  { name: 'access-log' },
);
