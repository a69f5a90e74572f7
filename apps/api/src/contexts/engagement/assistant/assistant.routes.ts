import type { FastifyInstance } from 'fastify';
import { ASSISTANT_SEND_FAILED } from '@glucoguard/domain';
import { prepareQuestion } from './assistant.service';

const event = (name: string | null, data: unknown) =>
  `${name === null ? '' : `event: ${name}\n`}data: ${JSON.stringify(data)}\n\n`;

export function assistantRoutes(app: FastifyInstance) {
  /**
   * POST /united-ai/message/send (spec 1 §7.2): the answer streams as server-sent events. Checks
   * run first and fail with the usual envelope; then the reply is hijacked and written chunk by
   * chunk. A closed connection aborts the provider (the local generator stops, an upstream model
   * request is aborted).
   */
  app.operation('sendAiMessage', async (request, reply) => {
    const question = await prepareQuestion(app.em, request.session, request.body, app.providers.clock());
    const controller = new AbortController();
    const res = reply.raw;
    res.on('close', () => {
      if (!res.writableFinished) {
        controller.abort();
      }
    });
    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) must pass every chunk on at once.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    try {
      for await (const text of app.providers.assistant.stream(question, controller.signal)) {
        if (controller.signal.aborted) {
          break;
        }
        res.write(event(null, { text }));
      }
      if (!controller.signal.aborted) {
        res.write(event('done', {}));
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        request.log.warn({ err: error, provider: app.providers.assistant.name }, 'assistant answer failed');
        res.write(event('error', { errMsg: ASSISTANT_SEND_FAILED }));
      }
    } finally {
      res.end();
    }
    return reply;
  });
}
