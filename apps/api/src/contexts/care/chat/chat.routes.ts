import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CHAT_MESSAGES, freshChatSendBudget, roleMay, takeChatSend, type ChatPayload } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { liveStaffRole } from '../../identity';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { registeredCustomerId } from '../../../lib/session-context';
import type { ChatFanOut } from './chat.service';
import { chatHistory, chatUnread, markChatRead, myChatSessions, sendChatMessage } from './chat.service';
import { ACCESS_ENDED_CLOSE_CODE, type ChatHub } from './chat.hub';
import type { ChatMediaSigner } from './chat.media';
import type { TencentChatRelay } from './chat.tencent';
import { customerImUserId, LOCAL_SDK_APP_ID, signChat, staffIdOf, verifyChatSig } from './chat.sig';

/** The chat's transport in this process (the chat plugin builds it). */
export interface ChatTransport {
  hub: ChatHub;
  fanOut: ChatFanOut;
  /** With CHAT_PROVIDER=tencent: signs for and relays every stored message to Tencent Cloud IM. */
  tencent: TencentChatRelay | null;
  /** Signs a message's file address for the member it is given to (chat.media.ts). */
  sign: ChatMediaSigner;
}

/** The WebSocket's path under /api; its query carries the `sig` querySig gave. */
export const CHAT_SOCKET_PATH = '/consult/v1/chatSocket';

/** A frame a client sends on the socket. */
interface SendFrame {
  type: 'send';
  sessionId: string;
  clientId: string;
  payload: ChatPayload;
}

const isSendFrame = (value: unknown): value is SendFrame =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'send' &&
  typeof (value as { sessionId?: unknown }).sessionId === 'string' &&
  typeof (value as { payload?: unknown }).payload === 'object' &&
  (value as { payload?: unknown }).payload !== null;

/** The largest frame a client may send (a 500-character text and its envelope fit many times). */
const MAX_FRAME_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The chat signature of `imUserId` (a customer's from querySig, a doctor's from consoleChatSig), for
 * the configured provider: the local WebSocket's signed token, or with Tencent Cloud IM a UserSig
 * for the identity's account (imported first; domain `tencentChatUserId`).
 */
export async function chatSigFor(app: FastifyInstance, imUserId: string) {
  const tencent = app.chat.tencent;
  const { sig, expireTime } = tencent
    ? await tencent.sign(imUserId)
    : signChat(app.providers.sessionSecret, imUserId, app.providers.clock());
  return {
    sdkAppId: tencent ? tencent.sdkAppId : LOCAL_SDK_APP_ID,
    sig,
    imUserId,
    expireTime,
    provider: tencent ? ('tencent' as const) : ('local' as const),
    socketPath: `/api${CHAT_SOCKET_PATH}`,
  };
}

/** Chat (spec 3 §7 consultation and chat calls) and its WebSocket. */
export function chatRoutes(app: FastifyInstance, transport: ChatTransport) {
  const me = (request: { session: Parameters<typeof registeredCustomerId>[0] }) =>
    customerImUserId(registeredCustomerId(request.session));

  app.operation('querySig', async (request) => chatSigFor(app, me(request)));

  app.operation('pagedQueryMessageList', async (request) =>
    chatHistory(app.em, me(request), request.query, app.providers.clock(), transport.sign),
  );

  app.operation('queryUnreadCount', async (request) => chatUnread(app.em, me(request)));

  app.operation('queryMyChatSessions', async (request) => myChatSessions(app.em, me(request), request.query));

  app.operation('setSessionReaded', async (request) => {
    await markChatRead(app.em, me(request), request.body.sessionId);
    return null;
  });

  app.operation('sendChatMessage', async (request) => {
    const { message, duplicate } = await sendChatMessage(app.em, transport.fanOut, {
      from: me(request),
      sessionId: request.body.sessionId,
      clientId: request.body.clientId,
      payload: request.body.payload,
      now: app.providers.clock(),
      sign: transport.sign,
    });
    return { message, duplicate };
  });

  // The socket: a browser's WebSocket cannot send the Bearer token, so the signature from querySig
  // (signed, expiring, for one chat identity) is its credential. Frames: the client sends
  // {type:'send', sessionId, clientId, payload}; the server answers {type:'ack', clientId, message,
  // duplicate} or {type:'error', clientId, code, errMsg}, and pushes {type:'message', message} to
  // every connection of the session's members.
  // @fastify/websocket in a scope of its own: it adds an onRequest hook and wraps the handler of
  // every route in the scope it is registered in, which the other routes need not pay for.
  app.register(async (sockets) => {
    await sockets.register(websocket, { options: { maxPayload: 64 * 1024 } });
    socketRoute(sockets, transport);
  });
}

/**
 * Whether a chat identity may still chat when its socket opens: a staff member's signature outlives
 * a disable or a role change (whose open sockets end at once, ADR 0143), so it is checked again.
 */
async function mayChat(db: Db, imUserId: string): Promise<boolean> {
  const staffId = staffIdOf(imUserId);
  if (staffId === null) {
    return true;
  }
  const role = await liveStaffRole(db, staffId);
  return role !== null && roleMay(role, 'chat.own');
}

/** The socket route (registered in the WebSocket plugin's own scope). */
function socketRoute(app: FastifyInstance, transport: ChatTransport) {
  app.route({
    method: 'GET',
    url: CHAT_SOCKET_PATH,
    config: { operationId: 'chatSocket' },
    // A plain HTTP request (no upgrade) is told to upgrade, in the envelope.
    handler: () => {
      throw new AppError(ErrorCodes.badRequest, '请使用 WebSocket 连接', 426);
    },
    wsHandler: (socket, request) => {
      const sig = (request.query as { sig?: unknown }).sig;
      const imUserId = verifyChatSig(app.providers.sessionSecret, sig, app.providers.clock());
      if (!imUserId) {
        socket.close(4401, 'invalid or expired sig');
        return;
      }
      const login = { imUserId, connectionId: randomUUID(), openedAt: Date.now() };
      // A send arriving before the check is answered waits for it.
      const admitted = mayChat(app.orm.em.fork(), imUserId).then(
        (may) => {
          if (!may) {
            socket.send(JSON.stringify({ type: 'kicked', errMsg: CHAT_MESSAGES.accessEnded }));
            socket.close(ACCESS_ENDED_CLOSE_CODE, 'access ended');
            return false;
          }
          transport.hub.add(login, socket);
          void transport.fanOut.login(login).catch((error: unknown) => {
            request.log.warn({ err: error }, 'chat login announcement failed');
          });
          return true;
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'chat admission failed');
          socket.close(1011, 'server error');
          return false;
        },
      );
      socket.on('close', () => transport.hub.remove(imUserId, socket));
      // This connection's send limit (domain takeChatSend); one connection per identity at a time
      // (the kick), so it limits the identity's sends over the socket too.
      let budget = freshChatSendBudget(app.providers.clock().getTime());
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        void (async () => {
          if (!(await admitted)) {
            return;
          }
          let clientId: unknown;
          try {
            if (isBinary || data.length > MAX_FRAME_BYTES) {
              throw new Error('frame');
            }
            const frame: unknown = JSON.parse(data.toString('utf8'));
            clientId = (frame as { clientId?: unknown } | null)?.clientId;
            if (!isSendFrame(frame) || !UUID.test(frame.sessionId)) {
              throw new Error('frame');
            }
            const taken = takeChatSend(budget, app.providers.clock().getTime());
            budget = taken.budget;
            if (!taken.allowed) {
              throw new AppError(ErrorCodes.tooManyRequests, CHAT_MESSAGES.tooFast, 429);
            }
            const result = await sendChatMessage(app.orm.em.fork(), transport.fanOut, {
              from: imUserId,
              sessionId: frame.sessionId,
              clientId: frame.clientId,
              payload: frame.payload,
              now: app.providers.clock(),
              origin: { ip: request.ip, requestId: String(request.id) },
              sign: transport.sign,
            });
            socket.send(JSON.stringify({ type: 'ack', clientId, ...result }));
          } catch (error) {
            const known = error instanceof AppError;
            if (!known && !(error instanceof SyntaxError) && !(error instanceof Error && error.message === 'frame')) {
              request.log.error({ err: error }, 'chat send failed');
            }
            socket.send(
              JSON.stringify({
                type: 'error',
                clientId: typeof clientId === 'string' ? clientId : null,
                code: known ? error.code : ErrorCodes.badRequest,
                errMsg: known ? error.errMsg : '消息格式错误',
              }),
            );
          }
        })();
      });
    },
  });
}
