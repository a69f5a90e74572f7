import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import { chatSigFor, type ChatTransport } from './chat.routes';
import { markChatRead, sendChatMessage } from './chat.service';
import { staffImUserId } from './chat.sig';
import { consoleChatHistory, consoleChatSessions } from './chatConsole.service';

/**
 * A doctor's chat in the console (tag `consoleChat`, permission `chat.own`): the doctor's own chat
 * identity `s_<staffId>` comes from the staff session, and every session is checked against it.
 */
export function consoleChatRoutes(app: FastifyInstance, transport: ChatTransport) {
  const now = () => app.providers.clock();

  app.operation('consoleChatSig', async (request) => chatSigFor(app, staffImUserId(request.staff.staffId)));

  app.operation('consoleChatSessions', async (request) =>
    consoleChatSessions(
      app.em,
      staffImUserId(request.staff.staffId),
      staffActor(request, request.staff),
      request.query,
      now(),
    ),
  );

  app.operation('consoleChatMessages', async (request) =>
    consoleChatHistory(
      app.em,
      staffImUserId(request.staff.staffId),
      staffActor(request, request.staff),
      request.query,
      now(),
    ),
  );

  app.operation('consoleChatSend', async (request) =>
    sendChatMessage(app.em, transport.fanOut, {
      from: staffImUserId(request.staff.staffId),
      sessionId: request.body.sessionId,
      clientId: request.body.clientId,
      payload: request.body.payload,
      now: now(),
      origin: { ip: request.ip, requestId: String(request.id) },
    }),
  );

  app.operation('consoleChatRead', async (request) => {
    await markChatRead(app.em, staffImUserId(request.staff.staffId), request.body.sessionId);
    return null;
  });
}
