import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGES,
  chatMessageSummary,
  isChatClientId,
  validateClientChatMessage,
  type ChatCustomKind,
  type ChatPayload,
} from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { inTransaction, type Db } from '../../../lib/db';
import { assertUploadedBy, recordAudit } from '../../platform';
import { staffIdOf } from './chat.sig';
import type { ChatDelivery, ChatLogin } from './chat.hub';
import type { ChatMediaSigner } from './chat.media';
import { ChatRepository, type ChatMessageRow } from './chat.repository';

/**
 * How a stored message reaches the members' connections: with PostgreSQL it is announced inside
 * the transaction (`NOTIFY`, heard by every API process once it commits); with PGlite (one process)
 * it is handed to this process's hub after the commit.
 */
export interface ChatFanOut {
  inTransaction(tx: Db, delivery: ChatDelivery): Promise<void>;
  afterCommit(delivery: ChatDelivery): void;
  /** A connection opened: the identity's other connections, in every process, are kicked. */
  login(login: ChatLogin): Promise<void>;
  /** The identity may no longer chat: its connections, in every process, are told and closed. */
  end(imUserId: string): Promise<void>;
}

const badRequest = (message: string) => new AppError(ErrorCodes.badRequest, message);

/** Where a request came from, for the audit trail of a staff member's send. */
export interface ChatOrigin {
  ip: string | null;
  requestId: string | null;
}

/** The session's members when `imUserId` is one of them; otherwise the same 403 whether the session exists or not. */
export async function memberOf(db: Db, imUserId: string, sessionId: string) {
  const session = await new ChatRepository(db).session(sessionId);
  if (!session?.members.includes(imUserId)) {
    throw new AppError(ErrorCodes.forbidden, CHAT_MESSAGES.notMember, 403);
  }
  return session;
}

/**
 * A member sends a message (over the socket or HTTP). The sender is the caller's own chat identity
 * (from the session or the checked signature), never a value the client sent. A message already
 * stored under the sender's client id is answered as it was stored and not delivered again.
 */
export async function sendChatMessage(
  db: Db,
  fanOut: ChatFanOut,
  input: {
    from: string;
    sessionId: string;
    clientId: unknown;
    payload: ChatPayload;
    now: Date;
    /** Recorded with a staff member's send (a write into a patient's chat). */
    origin?: ChatOrigin;
    /** The answered message's file address is signed for the sender (chat.media.ts). */
    sign: ChatMediaSigner;
  },
): Promise<{ message: ChatMessageRow; duplicate: boolean }> {
  const answer = await storeChatMessage(db, fanOut, input);
  return { ...answer, message: input.sign(input.from, answer.message) };
}

async function storeChatMessage(
  db: Db,
  fanOut: ChatFanOut,
  input: { from: string; sessionId: string; clientId: unknown; payload: ChatPayload; now: Date; origin?: ChatOrigin },
): Promise<{ message: ChatMessageRow; duplicate: boolean }> {
  if (!isChatClientId(input.clientId)) {
    throw badRequest(CHAT_MESSAGES.clientIdInvalid);
  }
  const clientId = input.clientId;
  const session = await memberOf(db, input.from, input.sessionId);
  const existing = await new ChatRepository(db).byClientId(input.from, clientId);
  if (existing) {
    return sameMessage(existing, input.sessionId);
  }
  const verdict = validateClientChatMessage({ payload: input.payload, status: session.status });
  if (!verdict.ok) {
    throw badRequest(verdict.message);
  }
  if (input.payload.type === 'image' || input.payload.type === 'voice') {
    // The file becomes visible to every member: only its uploader may send it (ADR 0215).
    await assertUploadedBy(db, input.from, [input.payload.url]);
  }
  const stored = await inTransaction(db, async (tx) => {
    const repository = new ChatRepository(tx);
    const result = await repository.insertOnce({ ...input, clientId });
    if (result.inserted) {
      await auditStaffSend(tx, input, result.message.id);
      await fanOut.inTransaction(tx, { members: session.members, message: result.message });
    }
    return result;
  });
  if (!stored.inserted) {
    return sameMessage(stored.message, input.sessionId);
  }
  fanOut.afterCommit({ members: session.members, message: stored.message });
  return { message: stored.message, duplicate: false };
}

/**
 * A staff member's message is a write into a patient's chat: recorded in the audit trail in the
 * message's own transaction (over the socket as over HTTP), with the session's patient.
 */
async function auditStaffSend(
  tx: Db,
  input: { from: string; sessionId: string; payload: ChatPayload; now: Date; origin?: ChatOrigin },
  messageId: string,
): Promise<void> {
  const staffId = staffIdOf(input.from);
  if (!staffId) {
    return;
  }
  const patient = await new ChatRepository(tx).patientOf(input.sessionId);
  await recordAudit(
    tx,
    { kind: 'staff', id: staffId, ip: input.origin?.ip ?? null, requestId: input.origin?.requestId ?? null },
    {
      action: 'chat.send',
      patientId: patient ? customerIdOf(patient) : null,
      target: input.sessionId,
      detail: { messageId, type: input.payload.type },
    },
    input.now,
  );
}

/** The customer id behind a patient's chat identity (`c_<id>`), or null for another kind. */
export const customerIdOf = (imUserId: string): string | null => (imUserId.startsWith('c_') ? imUserId.slice(2) : null);

/** A resend: the stored message, provided the client id was used for this session. */
function sameMessage(message: ChatMessageRow, sessionId: string) {
  if (message.sessionId !== sessionId) {
    throw badRequest(CHAT_MESSAGES.clientIdInvalid);
  }
  return { message, duplicate: true };
}

/**
 * A page of a session's history (spec 3 §7: pageSize 10, sessionId, lastMessageTime): the 10
 * messages before `lastMessageTime` (all when absent), oldest first, with the session's totals.
 */
export async function chatHistory(
  db: Db,
  imUserId: string,
  query: { sessionId: string; lastMessageTime?: number; pageSize?: number },
  now: Date,
  sign: ChatMediaSigner,
) {
  await memberOf(db, imUserId, query.sessionId);
  const repository = new ChatRepository(db);
  const pageSize = query.pageSize ?? CHAT_HISTORY_PAGE_SIZE;
  // Before the far future when absent: the newest page, whatever the clock says.
  const before = new Date(query.lastMessageTime ?? now.getTime() + 365 * 86_400_000);
  const [items, totalNum] = await Promise.all([
    repository.before(query.sessionId, before, pageSize),
    repository.count(query.sessionId),
  ]);
  return {
    items: items.reverse().map((message) => sign(imUserId, message)),
    totalNum,
    totalPage: Math.ceil(totalNum / pageSize),
  };
}

/** The caller's unread messages per session (display capped at 99 by the client, domain `unreadBadge`). */
export async function chatUnread(db: Db, imUserId: string) {
  const sessions = await new ChatRepository(db).unreadCounts(imUserId);
  return {
    total: sessions.reduce((sum, s) => sum + s.unread, 0),
    sessions: sessions.map((s) => ({ sessionId: s.sessionId, unreadCount: s.unread })),
  };
}

/**
 * For a member's list of consultations: per session, the member's unread messages and the newest
 * message summarised as the chat list summarises it.
 */
export async function chatDigests(db: Db, imUserId: string, sessionIds: readonly string[]) {
  const repository = new ChatRepository(db);
  const [unread, last] = await Promise.all([repository.unreadCounts(imUserId), repository.lastMessages(sessionIds)]);
  const unreadOf = new Map(unread.map((u) => [u.sessionId, u.unread]));
  return new Map(
    sessionIds.map((sessionId) => {
      const message = last.get(sessionId);
      return [
        sessionId,
        {
          unreadCount: unreadOf.get(sessionId) ?? 0,
          lastMessage: message ? { summary: chatMessageSummary(message.payload), time: message.time } : null,
        },
      ] as const;
    }),
  );
}

/** Marks a session read for the caller (spec 3 §7 setSessionReaded). */
export async function markChatRead(db: Db, imUserId: string, sessionId: string): Promise<void> {
  await memberOf(db, imUserId, sessionId);
  await new ChatRepository(db).markRead(sessionId, imUserId);
}

/**
 * The server posts one of the spec's custom messages (startConsult, approveConsult, end-consult,
 * prescription, …) into a session, as `from` (a member: the patient or doctor whose step it is),
 * whatever the session's status. `key` makes it idempotent: a job or a retried request posting
 * the same step again stores and delivers it once. `status`, when given, is the session's new
 * status, set in the same transaction (approveConsult → 2, end-consult → 0).
 */
export async function postCustomChatMessage(
  db: Db,
  fanOut: ChatFanOut,
  input: {
    sessionId: string;
    from: string;
    key: string;
    data: ChatCustomKind;
    description: string;
    extension?: string;
    status?: number;
    now: Date;
  },
): Promise<{ message: ChatMessageRow; duplicate: boolean }> {
  const session = await memberOf(db, input.from, input.sessionId);
  const payload: ChatPayload = {
    type: 'custom',
    data: input.data,
    description: input.description,
    extension: input.extension ?? '',
  };
  const clientId = `sys_${input.key}`;
  if (!isChatClientId(clientId)) {
    throw new Error(`a custom message's key must make a client id: ${input.key}`);
  }
  const stored = await inTransaction(db, async (tx) => {
    const repository = new ChatRepository(tx);
    const result = await repository.insertOnce({
      sessionId: input.sessionId,
      from: input.from,
      clientId,
      payload,
      now: input.now,
    });
    if (result.inserted) {
      if (input.status !== undefined) {
        await repository.setStatus(input.sessionId, input.status);
      }
      await fanOut.inTransaction(tx, { members: session.members, message: result.message });
    }
    return result;
  });
  if (stored.inserted) {
    fanOut.afterCommit({ members: session.members, message: stored.message });
  }
  return { message: stored.message, duplicate: !stored.inserted };
}

/** Opens a session with its members: the consultation module's entry (and the tests'); `id` when the caller chose it. */
export async function openChatSession(
  db: Db,
  input: { id?: string; sessionType: number; status: number; members: readonly { imUserId: string; type: number }[] },
): Promise<string> {
  const { members, ...session } = input;
  return new ChatRepository(db).openSession(session, members);
}

/** Adds a member to a session (a doctor joining the consultation's chat on accepting it); once. */
export async function joinChatSession(db: Db, sessionId: string, member: { imUserId: string; type: number }) {
  await new ChatRepository(db).join(sessionId, member);
}

/** The default and largest page of a patient's consultation chats. */
const MY_SESSIONS_PAGE_SIZE = 10;

/**
 * A page of the caller's (a patient's) chat sessions, the latest activity first: each with its
 * doctor's name, the last message summarised (12 characters) and the caller's unread count.
 */
export async function myChatSessions(db: Db, imUserId: string, page: { pageNo?: number; pageSize?: number }) {
  const pageSize = page.pageSize ?? MY_SESSIONS_PAGE_SIZE;
  const pageNo = page.pageNo ?? 1;
  const repository = new ChatRepository(db);
  const { rows, total, unreadTotal } = await repository.memberSessions(imUserId, pageSize, (pageNo - 1) * pageSize);
  const doctors = await repository.doctorsOf(rows.map((row) => row.sessionId));
  return {
    items: rows.map((row) => {
      const doctor = doctors.get(row.sessionId);
      return {
        sessionId: row.sessionId,
        sessionType: row.sessionType,
        status: row.status,
        doctor: doctor ?? null,
        lastMessage: row.lastMessage
          ? { summary: chatMessageSummary(row.lastMessage.payload), time: row.lastMessage.time }
          : null,
        unreadCount: row.unread,
      };
    }),
    totalNum: total,
    totalPage: Math.ceil(total / pageSize),
    unreadTotal,
  };
}
