import type { ChatMediaSigner } from './chat.media';
import type { ChatMessageRow } from './chat.repository';

/** What the socket needs of a connection: send a text frame, close it. */
export interface ChatConnection {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A stored message and who should receive it. */
export interface ChatDelivery {
  members: string[];
  message: ChatMessageRow;
}

/** A connection that opened for a chat identity: every other connection of that identity is kicked. */
export interface ChatLogin {
  imUserId: string;
  connectionId: string;
  /** When it opened (ms, wall clock): only connections opened before it are kicked, whatever order the announcements arrive in. */
  openedAt: number;
}

/**
 * Whether `a` opened before `b`: by time, then (opened in the same millisecond) by connection id,
 * so every process agrees which of two connections is the newer one.
 */
const openedBefore = (a: ChatLogin, b: ChatLogin) =>
  a.openedAt < b.openedAt || (a.openedAt === b.openedAt && a.connectionId < b.connectionId);

/** The frame a kicked connection gets before it is closed (spec 3 §8: logged in elsewhere). */
export const kickedFrame = (errMsg: string) => JSON.stringify({ type: 'kicked', errMsg });
/** The close code of a kicked connection. */
export const KICKED_CLOSE_CODE = 4409;
/** The close code of a connection whose identity may no longer chat (and of a refused one). */
export const ACCESS_ENDED_CLOSE_CODE = 4403;

/** The frame a member's connections get for a new message. */
export const messageFrame = (message: ChatMessageRow) => JSON.stringify({ type: 'message', message });

/**
 * This process's open chat connections by chat identity. A stored message reaches it once
 * (directly with PGlite, through the `chat_message` notification with PostgreSQL) and is written
 * to the connections of its session's members here; each process does the same for its own.
 */
export class ChatHub {
  private readonly connections = new Map<string, Set<ChatConnection>>();
  private readonly logins = new WeakMap<ChatConnection, ChatLogin>();

  /** `sign` gives each member the message with its file address signed for them (chat.media.ts). */
  constructor(private readonly sign: ChatMediaSigner = (_viewer, message) => message) {}

  add(login: ChatLogin, connection: ChatConnection): void {
    const set = this.connections.get(login.imUserId) ?? new Set<ChatConnection>();
    set.add(connection);
    this.logins.set(connection, login);
    this.connections.set(login.imUserId, set);
  }

  /**
   * The same account signed in elsewhere (spec 3 §4: the multiple-account kick): every connection
   * of the identity in this process but the new one is told and closed.
   */
  kickOthers(login: ChatLogin, errMsg: string): void {
    const set = this.connections.get(login.imUserId);
    for (const connection of [...(set ?? [])]) {
      const own = this.logins.get(connection);
      if (own && openedBefore(own, login)) {
        connection.send(kickedFrame(errMsg));
        connection.close(KICKED_CLOSE_CODE, 'logged in elsewhere');
        this.remove(login.imUserId, connection);
      }
    }
  }

  /**
   * The identity may no longer chat (a staff account disabled or given another role): every
   * connection of it in this process is told and closed at once.
   */
  end(imUserId: string, errMsg: string): void {
    for (const connection of [...(this.connections.get(imUserId) ?? [])]) {
      connection.send(kickedFrame(errMsg));
      connection.close(ACCESS_ENDED_CLOSE_CODE, 'access ended');
    }
    this.connections.delete(imUserId);
  }

  remove(imUserId: string, connection: ChatConnection): void {
    const set = this.connections.get(imUserId);
    set?.delete(connection);
    if (set?.size === 0) {
      this.connections.delete(imUserId);
    }
  }

  deliver(delivery: ChatDelivery): void {
    for (const member of delivery.members) {
      const connections = this.connections.get(member);
      if (!connections) {
        continue;
      }
      const frame = messageFrame(this.sign(member, delivery.message));
      for (const connection of connections) {
        connection.send(frame);
      }
    }
  }

  closeAll(): void {
    for (const set of this.connections.values()) {
      for (const connection of set) {
        connection.close(1001, 'server closing');
      }
    }
    this.connections.clear();
  }
}
