import type { ChatPayload } from '@glucoguard/domain';
import type { EntityManager } from '@mikro-orm/core';
import { CHAT_MEMBER_TYPE } from '@glucoguard/domain';
import { nativeQuery } from '../../../lib/db';
import { Customer } from '../../identity';
import { ChatMember, ChatSession } from './chat.entity';

/** A stored message as the chat hands it out. */
export interface ChatMessageRow {
  id: string;
  sessionId: string;
  from: string;
  clientId: string;
  payload: ChatPayload;
  /** Milliseconds since the epoch; strictly increasing inside a session. */
  time: number;
}

interface RawMessage {
  id: string;
  session_id: string;
  from_im_user_id: string;
  client_id: string;
  payload: ChatPayload | string;
  sent_at: Date | string;
}

const toRow = (raw: RawMessage): ChatMessageRow => ({
  id: raw.id,
  sessionId: raw.session_id,
  from: raw.from_im_user_id,
  clientId: raw.client_id,
  payload: typeof raw.payload === 'string' ? (JSON.parse(raw.payload) as ChatPayload) : raw.payload,
  time: new Date(raw.sent_at).getTime(),
});

const COLUMNS = 'id, session_id, from_im_user_id, client_id, payload, sent_at';

/** Per session of the member `$1`: the messages from others after what the member has read. */
const UNREAD_SQL = `select m.session_id, count(msg.id) as unread
         from chat_member m
         left join chat_message msg
           on msg.session_id = m.session_id
          and msg.from_im_user_id <> m.im_user_id
          and (m.read_until is null or msg.sent_at > m.read_until)
        where m.im_user_id = $1
        group by m.session_id`;

/** A session as its member's list shows it. */
export interface MemberSessionRow {
  sessionId: string;
  sessionType: number;
  status: number;
  createdAt: Date;
  /** The patient member's chat identity. */
  patient: string | null;
  lastMessage: { from: string; payload: ChatPayload; time: number } | null;
  unread: number;
}

interface RawMemberSession {
  id: string;
  session_type: number;
  status: number;
  created_at: Date | string;
  patient: string | null;
  last_from: string | null;
  last_payload: ChatPayload | string | null;
  last_at: Date | string | null;
  unread: string | number;
}

/** Storage of chat sessions, their members and messages. */
export class ChatRepository {
  constructor(private readonly em: EntityManager) {}

  /** Opens a session with its members (the consultation calls this; tests too). */
  async openSession(
    input: { id?: string; sessionType: number; status: number },
    members: readonly { imUserId: string; type: number }[],
  ): Promise<string> {
    const session = this.em.create(ChatSession, { ...input, lastMessageAt: null, createdAt: new Date() });
    for (const member of members) {
      this.em.create(ChatMember, {
        sessionId: session.id,
        imUserId: member.imUserId,
        type: member.type,
        readUntil: null,
      });
    }
    await this.em.flush();
    return session.id;
  }

  /** A session's status and members, or null when there is no such session. */
  async session(sessionId: string): Promise<{ status: number; members: string[] } | null> {
    const session = await this.em.findOne(ChatSession, { id: sessionId }, { fields: ['status'] });
    if (!session) {
      return null;
    }
    const members = await this.em.find(
      ChatMember,
      { sessionId },
      { fields: ['imUserId'], orderBy: { imUserId: 'asc' } },
    );
    return { status: session.status, members: members.map((m) => m.imUserId) };
  }

  /** Adds a member to a session, unless it is one already (a doctor joining when accepting). */
  async join(sessionId: string, member: { imUserId: string; type: number }): Promise<void> {
    await nativeQuery(
      this.em,
      'insert into chat_member (session_id, im_user_id, type, read_until) values ($1, $2, $3, null) on conflict do nothing',
      [sessionId, member.imUserId, member.type],
    );
  }

  /** Sets a session's status (the consultation's steps). */
  async setStatus(sessionId: string, status: number): Promise<void> {
    await this.em.nativeUpdate(ChatSession, { id: sessionId }, { status });
  }

  /** The message a sender already stored under a client id, if any. */
  async byClientId(from: string, clientId: string): Promise<ChatMessageRow | null> {
    const [raw] = await nativeQuery<RawMessage>(
      this.em,
      `select ${COLUMNS} from chat_message where from_im_user_id = $1 and client_id = $2`,
      [from, clientId],
    );
    return raw ? toRow(raw) : null;
  }

  /**
   * Stores a message once per (sender, client id): the session's clock moves to a time strictly
   * after its last message (which also queues concurrent sends of a session one after another),
   * then the insert does nothing when the client id is already stored. Returns the stored row and
   * whether this call inserted it. Run inside a transaction.
   */
  async insertOnce(input: {
    sessionId: string;
    from: string;
    clientId: string;
    payload: ChatPayload;
    now: Date;
  }): Promise<{ message: ChatMessageRow; inserted: boolean }> {
    const [clock] = await nativeQuery<{ sent_at: Date | string }>(
      this.em,
      `update chat_session
          set last_message_at = greatest($2::timestamptz, coalesce(last_message_at + interval '1 millisecond', $2::timestamptz))
        where id = $1
        returning last_message_at as sent_at`,
      [input.sessionId, input.now.toISOString()],
    );
    if (!clock) {
      throw new Error(`chat session ${input.sessionId} vanished`);
    }
    const [raw] = await nativeQuery<RawMessage>(
      this.em,
      `insert into chat_message (id, session_id, from_im_user_id, client_id, type, payload, sent_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb, $6)
       on conflict (from_im_user_id, client_id) do nothing
       returning ${COLUMNS}`,
      [input.sessionId, input.from, input.clientId, input.payload.type, JSON.stringify(input.payload), clock.sent_at],
    );
    if (raw) {
      return { message: toRow(raw), inserted: true };
    }
    const existing = await this.byClientId(input.from, input.clientId);
    if (!existing) {
      throw new Error('a conflicting chat message is not visible');
    }
    return { message: existing, inserted: false };
  }

  /** Up to `limit` messages of a session sent before `before`, newest first. */
  async before(sessionId: string, before: Date, limit: number): Promise<ChatMessageRow[]> {
    const rows = await nativeQuery<RawMessage>(
      this.em,
      `select ${COLUMNS} from chat_message where session_id = $1 and sent_at < $2 order by sent_at desc limit $3`,
      [sessionId, before.toISOString(), limit],
    );
    return rows.map(toRow);
  }

  /** How many messages a session holds. */
  async count(sessionId: string): Promise<number> {
    const [row] = await nativeQuery<{ n: string | number }>(
      this.em,
      'select count(*) as n from chat_message where session_id = $1',
      [sessionId],
    );
    return Number(row?.n ?? 0);
  }

  /** Per session of a member: messages from others after what the member has read. */
  async unreadCounts(imUserId: string): Promise<{ sessionId: string; unread: number }[]> {
    const rows = await nativeQuery<{ session_id: string; unread: string | number }>(
      this.em,
      `${UNREAD_SQL} order by m.session_id`,
      [imUserId],
    );
    return rows.map((row) => ({ sessionId: row.session_id, unread: Number(row.unread) }));
  }

  /** The newest message of each of the sessions, by session id (sessions without one are absent). */
  async lastMessages(sessionIds: readonly string[]): Promise<Map<string, { payload: ChatPayload; time: number }>> {
    if (sessionIds.length === 0) {
      return new Map();
    }
    const rows = await nativeQuery<{ session_id: string; payload: unknown; sent_at: string | Date }>(
      this.em,
      `select distinct on (session_id) session_id, payload, sent_at from chat_message
        where session_id = any($1::uuid[]) order by session_id, sent_at desc`,
      [[...sessionIds]],
    );
    return new Map(
      rows.map((row) => [
        row.session_id,
        {
          payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as ChatPayload,
          time: new Date(row.sent_at).getTime(),
        },
      ]),
    );
  }

  /** The patient member's chat identity of a session (null when it has none). */
  /** A session `imUserId` is a member of with a message carrying the file at `path`, or null. */
  async sessionWithFile(imUserId: string, path: string): Promise<string | null> {
    const [row] = await nativeQuery<{ session_id: string }>(
      this.em,
      `select msg.session_id
         from chat_member m
         join chat_message msg on msg.session_id = m.session_id
        where m.im_user_id = $1 and msg.type in ('image', 'voice') and msg.payload->>'url' = $2
        limit 1`,
      [imUserId, path],
    );
    return row?.session_id ?? null;
  }

  async patientOf(sessionId: string): Promise<string | null> {
    const patient = await this.em.findOne(
      ChatMember,
      { sessionId, type: CHAT_MEMBER_TYPE.patient },
      { fields: ['imUserId'], orderBy: { imUserId: 'asc' } },
    );
    return patient?.imUserId ?? null;
  }

  /**
   * A page of the sessions `imUserId` is a member of, the latest activity first: each with its
   * patient member, its newest message and the member's unread count; and how many there are.
   */
  async memberSessions(
    imUserId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: MemberSessionRow[]; total: number; unreadTotal: number }> {
    const rows = await nativeQuery<RawMemberSession>(
      this.em,
      `select s.id, s.session_type, s.status, s.created_at,
              (select p.im_user_id from chat_member p
                where p.session_id = s.id and p.type = $2 order by p.im_user_id limit 1) as patient,
              last.from_im_user_id as last_from, last.payload as last_payload, last.sent_at as last_at,
              (select count(*) from chat_message u
                where u.session_id = s.id and u.from_im_user_id <> m.im_user_id
                  and (m.read_until is null or u.sent_at > m.read_until)) as unread
         from chat_member m
         join chat_session s on s.id = m.session_id
         left join lateral (
           select from_im_user_id, payload, sent_at from chat_message
            where session_id = s.id order by sent_at desc limit 1
         ) last on true
        where m.im_user_id = $1
        order by coalesce(s.last_message_at, s.created_at) desc, s.id
        limit $3 offset $4`,
      [imUserId, CHAT_MEMBER_TYPE.patient, limit, offset],
    );
    const [count] = await nativeQuery<{ n: string | number; unread: string | number | null }>(
      this.em,
      `select count(*) as n, (select coalesce(sum(c.unread), 0) from (${UNREAD_SQL}) c) as unread
         from chat_member where im_user_id = $1`,
      [imUserId],
    );
    return {
      rows: rows.map((raw) => ({
        sessionId: raw.id,
        sessionType: raw.session_type,
        status: raw.status,
        createdAt: new Date(raw.created_at),
        patient: raw.patient,
        lastMessage:
          raw.last_payload === null || raw.last_at === null || raw.last_from === null
            ? null
            : {
                from: raw.last_from,
                payload:
                  typeof raw.last_payload === 'string'
                    ? (JSON.parse(raw.last_payload) as ChatPayload)
                    : raw.last_payload,
                time: new Date(raw.last_at).getTime(),
              },
        unread: Number(raw.unread),
      })),
      total: Number(count?.n ?? 0),
      unreadTotal: Number(count?.unread ?? 0),
    };
  }

  /** The nickname and picture of the customers behind chat identities `c_<id>`, by customer id. */
  async customers(customerIds: readonly string[]): Promise<Map<string, { nickname: string; headimgurl: string }>> {
    if (customerIds.length === 0) {
      return new Map();
    }
    const found = await this.em.find(
      Customer,
      { id: { $in: [...customerIds] } },
      { fields: ['id', 'nickname', 'headimgurl'] },
    );
    return new Map(found.map((c) => [c.id, { nickname: c.nickname, headimgurl: c.headimgurl }]));
  }

  /**
   * The doctor member of each session with the name a patient knows them by: the care directory's
   * doctor linked to the staff account, else the account's display name ('' for a customer peer).
   */
  async doctorsOf(
    sessionIds: readonly string[],
  ): Promise<Map<string, { imUserId: string; name: string; title: string; hospital: string }>> {
    if (sessionIds.length === 0) {
      return new Map();
    }
    const rows = await nativeQuery<{
      session_id: string;
      im_user_id: string;
      name: string | null;
      title: string | null;
      hospital: string | null;
    }>(
      this.em,
      `select m.session_id, m.im_user_id, coalesce(d.name, s.display_name) as name, d.title, d.hospital
         from chat_member m
         left join staff s on m.im_user_id = 's_' || s.id::text
         left join doctor d on d.id = s.doctor_id
        where m.session_id = any($1::uuid[]) and m.type = $2
        order by m.im_user_id`,
      [[...sessionIds], CHAT_MEMBER_TYPE.doctor],
    );
    const doctors = new Map<string, { imUserId: string; name: string; title: string; hospital: string }>();
    for (const row of rows) {
      if (!doctors.has(row.session_id)) {
        doctors.set(row.session_id, {
          imUserId: row.im_user_id,
          name: row.name ?? '',
          title: row.title ?? '',
          hospital: row.hospital ?? '',
        });
      }
    }
    return doctors;
  }

  /** Marks everything in the session read for the member (up to its newest message). */
  async markRead(sessionId: string, imUserId: string): Promise<void> {
    await nativeQuery(
      this.em,
      `update chat_member m set read_until = s.last_message_at
         from chat_session s
        where s.id = m.session_id and m.session_id = $1 and m.im_user_id = $2 and s.last_message_at is not null`,
      [sessionId, imUserId],
    );
  }
}

/** Announces a stored message to every API process (delivered when the transaction commits). */
export async function announceChatMessage(em: EntityManager, channel: string, payload: string): Promise<void> {
  await nativeQuery(em, 'select pg_notify($1, $2)', [channel, payload]);
}
