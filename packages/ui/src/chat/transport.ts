// The chat's transport contract: one implementation per provider (local WebSocket in
// ./local-transport, Tencent Cloud IM in ./tencent). Headless: no React, no antd, no antd-mobile,
// so apps/web and apps/console share it.
import type { ChatPayload } from '@glucoguard/domain';
import type { operations, Schema } from '@glucoguard/sdk';

/** querySig's answer: who the caller is in the chat and how to connect (provider, sig, socketPath). */
export type ChatSig = operations['querySig']['responses']['200']['content']['application/json']['data'];

/** A stored chat message as the API and the socket give it (id, sessionId, from, clientId, time, payload). */
export type ChatMessage = Schema<'ChatMessage'>;

/** What a client may send: text, image or voice (custom messages come from the server). */
export type ChatClientPayload = Exclude<ChatPayload, { type: 'custom' }>;

export type { ChatPayload };

/** A refused or timed-out send, in the envelope's terms (`code`, `errMsg`). */
export class ChatSendError extends Error {
  constructor(
    readonly code: number,
    readonly errMsg: string,
  ) {
    super(errMsg);
    this.name = 'ChatSendError';
  }
}

/** The connection's state as a transport reports it. */
export type ChatStatus = 'connecting' | 'open' | 'closed';

/** One per provider. The store (./chat-store) does paging, merging, resend and reconnect on top. */
export interface ChatTransport {
  /** Opens (or re-opens) the connection with a fresh querySig answer. */
  connect(sig: ChatSig): Promise<void>;
  /** Sends; resolves with the stored message on ack, rejects with {code, errMsg} on refusal or timeout. */
  send(sessionId: string, clientId: string, payload: ChatClientPayload): Promise<ChatMessage>;
  onMessage(listener: (message: ChatMessage) => void): () => void;
  onKicked(listener: () => void): () => void;
  onStatus(listener: (status: ChatStatus) => void): () => void;
  close(): void;
}

/** Whether a value carries a {code, errMsg} refusal (what `send` rejects with). */
export function isChatSendError(value: unknown): value is { code: number; errMsg: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { errMsg?: unknown }).errMsg === 'string'
  );
}
