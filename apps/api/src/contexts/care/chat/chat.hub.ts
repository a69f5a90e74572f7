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

/** The frame a member's connections get for a new message. */
export const messageFrame = (message: ChatMessageRow) => JSON.stringify({ type: 'message', message });

/**
 * This process's open chat connections by chat identity. A stored message reaches it once
 * (directly with PGlite, through the `chat_message` notification with PostgreSQL) and is written
 * to the connections of its session's members here; each process does the same for its own.
 */
export class ChatHub {
  private readonly connections = new Map<string, Set<ChatConnection>>();

  add(imUserId: string, connection: ChatConnection): void {
    const set = this.connections.get(imUserId) ?? new Set<ChatConnection>();
    set.add(connection);
    this.connections.set(imUserId, set);
  }

  remove(imUserId: string, connection: ChatConnection): void {
    const set = this.connections.get(imUserId);
    set?.delete(connection);
    if (set?.size === 0) {
      this.connections.delete(imUserId);
    }
  }

  deliver(delivery: ChatDelivery): void {
    const frame = messageFrame(delivery.message);
    for (const member of delivery.members) {
      for (const connection of this.connections.get(member) ?? []) {
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
