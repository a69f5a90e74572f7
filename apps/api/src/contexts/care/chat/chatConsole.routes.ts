import type { FastifyInstance } from 'fastify';
import { UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { staffActor } from '../../identity';
import {
  recordPrivateUpload,
  staffUploader,
  storeImage,
  storeVoice,
  takeRateLimit,
  UPLOAD_BODY_LIMIT,
  UPLOAD_LIMITS,
  VOICE_BODY_LIMIT,
} from '../../platform';
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
      transport.sign,
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
      sign: transport.sign,
    }),
  );

  // A picture for an image message: the patient's upload rules, counted per staff member, into the
  // chat's private folder (its address is signed per member once the message is sent, ADR 0142).
  app.operation(
    'consoleChatUploadImage',
    async (request) => {
      await takeRateLimit(app.em, 'upload', `staff:${request.staff.staffId}`, UPLOAD_LIMITS, now());
      const stored = await storeImage(app.providers.storage, {
        base64: request.body.data,
        businessCode: UPLOAD_BUSINESS_CODE.chat,
        now: now(),
      });
      await recordPrivateUpload(app.em, staffUploader(request.staff.staffId), stored.path, now());
      return { path: stored.path };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  // A voice clip the doctor recorded (MediaRecorder): the patient's uploadVoice rules, counted per staff member.
  app.operation(
    'consoleChatUploadVoice',
    async (request) => {
      await takeRateLimit(app.em, 'upload', `staff:${request.staff.staffId}`, UPLOAD_LIMITS, now());
      const stored = await storeVoice(app.providers.storage, { base64: request.body.data, now: now() });
      await recordPrivateUpload(app.em, staffUploader(request.staff.staffId), stored.path, now());
      return { path: stored.path };
    },
    { bodyLimit: VOICE_BODY_LIMIT },
  );

  app.operation('consoleChatRead', async (request) => {
    await markChatRead(app.em, staffImUserId(request.staff.staffId), request.body.sessionId);
    return null;
  });
}
