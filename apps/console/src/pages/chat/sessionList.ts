// How the doctor's session list moves when the connection hears a message: the session goes to the
// top with the message as its last line, and its unread count grows unless the doctor wrote it or
// has that session open.
import { chatMessageSummary, type ChatPayload } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { ChatMessage } from '@glucoguard/ui/chat';

export type ConsoleChatSession = Schema<'ConsoleChatSession'>;

/** The list after `message`, or null when its session is not in the list (read the list again). */
export function sessionsAfterMessage(
  sessions: readonly ConsoleChatSession[],
  message: ChatMessage,
  openId: string | null,
): ConsoleChatSession[] | null {
  const known = sessions.find((s) => s.sessionId === message.sessionId);
  if (!known) {
    return null;
  }
  const fromStaff = message.from.startsWith('s_');
  const updated: ConsoleChatSession = {
    ...known,
    lastMessage: {
      // The server's payload, one of the domain's kinds (the SDK's type is the flat union).
      summary: chatMessageSummary(message.payload as ChatPayload),
      time: message.time,
      from: message.from,
    },
    unreadCount: message.sessionId === openId || fromStaff ? known.unreadCount : known.unreadCount + 1,
  };
  return [updated, ...sessions.filter((s) => s.sessionId !== message.sessionId)];
}
