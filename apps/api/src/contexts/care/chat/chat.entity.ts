import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A chat session (spec 3 §3 Consult session): the consultation opens it with its members. `status`
 * mirrors the consultation's status (domain `CONSULT_STATUS`): clients may send only while it is 2.
 * `lastMessageAt` is the time of the newest message; every message's time is strictly later than
 * the one before in its session, so history pages by `lastMessageTime` never split or repeat one.
 */
export const ChatSessionSchema = defineEntity({
  name: 'ChatSession',
  tableName: 'chat_session',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    /** The spec's sessionType (1 a single consultation, others an interval service). */
    sessionType: p.smallint().default(1),
    status: p.smallint().default(1),
    lastMessageAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ChatSession extends ChatSessionSchema.class {}
ChatSessionSchema.setClass(ChatSession);

/**
 * A member of a session (spec 3 §3 Member): `imUserId` is the chat identity (`c<customer id>` for
 * a customer, `s<staff id>` for staff), `type` 0 patient, 1 doctor, 2 health manager. `readUntil`
 * is the time of the last message the member has read; later messages from others are unread.
 */
export const ChatMemberSchema = defineEntity({
  name: 'ChatMember',
  tableName: 'chat_member',
  indexes: [{ properties: ['imUserId'] }],
  properties: {
    sessionId: p.uuid().primary(),
    imUserId: p.string().length(40).primary(),
    type: p.smallint(),
    readUntil: p.datetime().nullable(),
  },
});
export class ChatMember extends ChatMemberSchema.class {}
ChatMemberSchema.setClass(ChatMember);

/**
 * A chat message. `clientId` is the sender's id for it: unique per sender, so a message resent
 * after a reconnect is stored (and delivered) once. `payload` is the domain's `ChatPayload`.
 */
export const ChatMessageSchema = defineEntity({
  name: 'ChatMessage',
  tableName: 'chat_message',
  uniques: [{ properties: ['fromImUserId', 'clientId'] }],
  indexes: [{ properties: ['sessionId', 'sentAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    sessionId: p.uuid(),
    fromImUserId: p.string().length(40),
    clientId: p.string().length(64),
    type: p.string().length(8),
    payload: p.json<Record<string, unknown>>(),
    sentAt: p.datetime(),
  },
});
export class ChatMessage extends ChatMessageSchema.class {}
ChatMessageSchema.setClass(ChatMessage);
