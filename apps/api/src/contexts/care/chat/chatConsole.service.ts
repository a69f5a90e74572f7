// A doctor's side of the chat in the console (docs/adr/0130-doctor-chat-in-the-console.md): the same
// sessions, messages and membership check as the patient's side, for the staff identity `s_<id>`,
// with every read of a patient's chat recorded in the audit trail.
import { chatMessageSummary } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { recordAudit, type AuditActor } from '../../platform';
import type { ChatMediaSigner } from './chat.media';
import { ChatRepository } from './chat.repository';
import { chatHistory, customerIdOf, memberOf } from './chat.service';

/** The default and largest page of a doctor's session list. */
const SESSION_PAGE_SIZE = 20;

/**
 * A page of the sessions the doctor (`imUserId`) is a member of, the latest activity first, each
 * with its patient's name and picture, its last message summarised and the doctor's unread count.
 */
export async function consoleChatSessions(
  db: Db,
  imUserId: string,
  actor: AuditActor,
  page: { pageNo?: number; pageSize?: number },
  now: Date,
) {
  const pageSize = page.pageSize ?? SESSION_PAGE_SIZE;
  const pageNo = page.pageNo ?? 1;
  const repository = new ChatRepository(db);
  const { rows, total, unreadTotal } = await repository.memberSessions(imUserId, pageSize, (pageNo - 1) * pageSize);
  const patientIds = rows.flatMap((row) => {
    const id = row.patient ? customerIdOf(row.patient) : null;
    return id ? [id] : [];
  });
  const customers = await repository.customers(patientIds);
  // The list shows patients' names and their last words: a read of patient data, recorded.
  await recordAudit(db, actor, { action: 'chat.list', detail: { pageNo, sessions: rows.length } }, now);
  return {
    items: rows.map((row) => {
      const customerId = row.patient ? customerIdOf(row.patient) : null;
      const customer = customerId ? customers.get(customerId) : undefined;
      return {
        sessionId: row.sessionId,
        sessionType: row.sessionType,
        status: row.status,
        patient:
          row.patient && customerId
            ? {
                imUserId: row.patient,
                customerId,
                nickname: customer?.nickname ?? '',
                headimgurl: customer?.headimgurl ?? '',
              }
            : null,
        lastMessage: row.lastMessage
          ? {
              summary: chatMessageSummary(row.lastMessage.payload),
              time: row.lastMessage.time,
              from: row.lastMessage.from,
            }
          : null,
        unreadCount: row.unread,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    totalNum: total,
    totalPage: Math.ceil(total / pageSize),
    unreadTotal,
  };
}

/**
 * A page of one of the doctor's sessions (as the patient's history), recorded as a read of the
 * session's patient's chat. A session the doctor is not a member of is refused before anything is
 * read or recorded, with the same 403 whether it exists or not.
 */
export async function consoleChatHistory(
  db: Db,
  imUserId: string,
  actor: AuditActor,
  query: { sessionId: string; lastMessageTime?: number; pageSize?: number },
  now: Date,
  sign: ChatMediaSigner,
) {
  await memberOf(db, imUserId, query.sessionId);
  const page = await chatHistory(db, imUserId, query, now, sign);
  const patient = await new ChatRepository(db).patientOf(query.sessionId);
  await recordAudit(
    db,
    actor,
    {
      action: 'chat.read',
      patientId: patient ? customerIdOf(patient) : null,
      target: query.sessionId,
      detail: { lastMessageTime: query.lastMessageTime ?? null, messages: page.items.length },
    },
    now,
  );
  return page;
}
