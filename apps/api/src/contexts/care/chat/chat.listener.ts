import pg from 'pg';
import type { ChatDelivery, ChatLogin } from './chat.hub';

/** The channel a stored message is announced on (payload: a `ChatDelivery` as JSON, under 8000 bytes). */
export const CHAT_CHANNEL = 'chat_message';
/** The channel a new connection is announced on (payload: a `ChatLogin`): older ones of its identity are kicked. */
export const CHAT_LOGIN_CHANNEL = 'chat_login';
/** The channel an identity that may no longer chat is announced on (payload: its chat identity as JSON). */
export const CHAT_END_CHANNEL = 'chat_end';

/**
 * A connection of this process listening on `chat_message`: every API process behind one
 * PostgreSQL hears each stored message once and hands it to its hub. Reconnects after a loss
 * (messages announced meanwhile are read from history by the client on its reconnect).
 */
export function listenForChatMessages(options: {
  databaseUrl: string;
  deliver: (delivery: ChatDelivery) => void;
  login: (login: ChatLogin) => void;
  end: (imUserId: string) => void;
  onError: (error: unknown) => void;
}): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    retry = null;
    const current = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: 'glucoguard-chat-listener',
    });
    client = current;
    const drop = (error?: unknown) => {
      if (client !== current) {
        return;
      }
      client = null;
      if (error !== undefined) {
        options.onError(error);
      }
      current.removeAllListeners('notification');
      current.on('error', () => {});
      void current.end().catch(() => {});
      if (!closed) {
        retry = setTimeout(() => void connect(), 1000);
      }
    };
    current.on('notification', (message) => {
      try {
        const payload: unknown = JSON.parse(message.payload ?? '');
        if (message.channel === CHAT_LOGIN_CHANNEL) {
          options.login(payload as ChatLogin);
        } else if (message.channel === CHAT_END_CHANNEL) {
          options.end(String(payload));
        } else {
          options.deliver(payload as ChatDelivery);
        }
      } catch (error) {
        options.onError(error);
      }
    });
    current.on('error', drop);
    current.on('end', () => drop());
    try {
      await current.connect();
      await current.query(`listen ${CHAT_CHANNEL}`);
      await current.query(`listen ${CHAT_LOGIN_CHANNEL}`);
      await current.query(`listen ${CHAT_END_CHANNEL}`);
    } catch (error) {
      drop(error);
    }
  };

  return {
    ready: connect(),
    close: async () => {
      closed = true;
      if (retry) {
        clearTimeout(retry);
      }
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
