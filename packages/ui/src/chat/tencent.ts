// The `tencent` provider's transport (ADR 0124): Tencent Cloud IM's Web SDK (@tencentcloud/chat)
// receives, our API sends. A send goes through the API (sendChatMessage), which checks and stores
// it and relays it through Tencent's REST API; every member's SDK — the sender's other devices
// too — receives it as a custom message carrying the stored message, merged by id by the store.
// The SDK (its ES build, 471 KB, 100 KB brotli) is loaded by a dynamic import on the first
// connect, so the local mode's bundle never contains it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ES build's types, for every program that compiles this file
/// <reference path="./tencentcloud-chat-es.d.ts" />
import { CHAT_MESSAGES, decodeTencentChatData, tencentChatUserId } from '@glucoguard/domain';
import { CHAT_NETWORK_CODE } from './local-transport';
import { ChatSendError, isChatSendError } from './transport';
import type { ChatClientPayload, ChatMessage, ChatSig, ChatStatus, ChatTransport } from './transport';

/** An SDK event's payload as @tencentcloud/chat hands it to a listener. */
interface SdkEvent {
  data?: unknown;
}

/** The part of a @tencentcloud/chat instance this transport uses. */
export interface TencentChatInstance {
  login(options: { userID: string; userSig: string }): Promise<unknown>;
  logout(): Promise<unknown>;
  destroy(): Promise<unknown>;
  on(event: string, handler: (event: SdkEvent) => void): void;
  off(event: string, handler: (event: SdkEvent) => void): void;
  setLogLevel(level: number): void;
}

/** The part of the @tencentcloud/chat namespace this transport uses. */
export interface TencentChatSdk {
  create(options: { SDKAppID: number }): TencentChatInstance;
  EVENT: {
    SDK_READY: string;
    SDK_NOT_READY: string;
    MESSAGE_RECEIVED: string;
    KICKED_OUT: string;
    NET_STATE_CHANGE: string;
  };
  TYPES: {
    MSG_CUSTOM: string;
    NET_STATE_CONNECTED: string;
    NET_STATE_CONNECTING: string;
    KICKED_OUT_MULT_ACCOUNT: string;
    KICKED_OUT_MULT_DEVICE: string;
  };
}

export interface TencentTransportOptions {
  /** Sends through the API (sendChatMessage or the console's send): it resolves with the stored message. */
  send(sessionId: string, clientId: string, payload: ChatClientPayload): Promise<ChatMessage>;
  /** Loads the SDK; by default `import('@tencentcloud/chat')`, its own chunk, fetched only in this mode. */
  loadSdk?: () => Promise<TencentChatSdk>;
}

const loadTencentChat = async (): Promise<TencentChatSdk> => (await import('@tencentcloud/chat/index.es.js')).default;

/** A stored message carried in a custom message's Data, or undefined when it is not one of ours. */
export function chatMessageFromTencent(data: unknown): ChatMessage | undefined {
  const message = decodeTencentChatData(data);
  if (
    !message ||
    typeof message.id !== 'string' ||
    typeof message.sessionId !== 'string' ||
    typeof message.from !== 'string' ||
    typeof message.clientId !== 'string' ||
    typeof message.time !== 'number' ||
    typeof message.payload !== 'object' ||
    message.payload === null
  ) {
    return undefined;
  }
  return message as unknown as ChatMessage;
}

class Listeners<T extends unknown[]> {
  private readonly set = new Set<(...args: T) => void>();
  add(listener: (...args: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(...args: T): void {
    for (const listener of [...this.set]) {
      listener(...args);
    }
  }
}

/** The tencent provider's ChatTransport: one SDK instance, logged in with querySig's UserSig. */
export function createTencentTransport(options: TencentTransportOptions): ChatTransport {
  const loadSdk = options.loadSdk ?? loadTencentChat;
  const messages = new Listeners<[ChatMessage]>();
  const kicked = new Listeners<[]>();
  const statuses = new Listeners<[ChatStatus]>();
  let current: { chat: TencentChatInstance; detach: () => void } | undefined;

  const attach = (sdk: TencentChatSdk, chat: TencentChatInstance) => {
    const handlers: [string, (event: SdkEvent) => void][] = [
      [sdk.EVENT.SDK_READY, () => statuses.emit('open')],
      [sdk.EVENT.SDK_NOT_READY, () => statuses.emit('closed')],
      [
        sdk.EVENT.NET_STATE_CHANGE,
        (event) => {
          const state = (event.data as { state?: unknown } | undefined)?.state;
          statuses.emit(
            state === sdk.TYPES.NET_STATE_CONNECTED
              ? 'open'
              : state === sdk.TYPES.NET_STATE_CONNECTING
                ? 'connecting'
                : 'closed',
          );
        },
      ],
      [
        sdk.EVENT.MESSAGE_RECEIVED,
        (event) => {
          for (const received of Array.isArray(event.data) ? (event.data as unknown[]) : []) {
            const { type, payload } = (received ?? {}) as { type?: unknown; payload?: { data?: unknown } };
            const message = type === sdk.TYPES.MSG_CUSTOM ? chatMessageFromTencent(payload?.data) : undefined;
            if (message) {
              messages.emit(message);
            }
          }
        },
      ],
      [
        sdk.EVENT.KICKED_OUT,
        (event) => {
          const reason = (event.data as { type?: unknown } | undefined)?.type;
          // Another login of the same account is the spec's kick; an expired UserSig only closes,
          // and the store reconnects with a fresh querySig.
          if (reason === sdk.TYPES.KICKED_OUT_MULT_ACCOUNT || reason === sdk.TYPES.KICKED_OUT_MULT_DEVICE) {
            kicked.emit();
          }
          statuses.emit('closed');
        },
      ],
    ];
    for (const [name, handler] of handlers) {
      chat.on(name, handler);
    }
    return () => {
      for (const [name, handler] of handlers) {
        chat.off(name, handler);
      }
    };
  };

  const shutDown = () => {
    const previous = current;
    current = undefined;
    if (previous) {
      previous.detach();
      void previous.chat
        .logout()
        .catch(() => undefined)
        .then(() => previous.chat.destroy())
        .catch(() => undefined);
    }
  };

  return {
    async connect(sig: ChatSig) {
      if (sig.provider !== 'tencent') {
        throw new Error(`the tencent transport cannot use a "${sig.provider}" sig`);
      }
      shutDown();
      statuses.emit('connecting');
      const sdk = await loadSdk();
      const chat = sdk.create({ SDKAppID: sig.sdkAppId });
      chat.setLogLevel(1);
      const mine = { chat, detach: attach(sdk, chat) };
      current = mine;
      try {
        await chat.login({ userID: tencentChatUserId(sig.imUserId), userSig: sig.sig });
      } catch {
        if (current === mine) {
          shutDown();
          statuses.emit('closed');
        }
        throw new ChatSendError(CHAT_NETWORK_CODE, CHAT_MESSAGES.resendFailed);
      }
    },
    async send(sessionId, clientId, payload) {
      try {
        return await options.send(sessionId, clientId, payload);
      } catch (error) {
        throw isChatSendError(error)
          ? new ChatSendError(error.code, error.errMsg)
          : new ChatSendError(CHAT_NETWORK_CODE, CHAT_MESSAGES.resendFailed);
      }
    },
    onMessage: (listener) => messages.add(listener),
    onKicked: (listener) => kicked.add(listener),
    onStatus: (listener) => statuses.add(listener),
    close() {
      if (current) {
        shutDown();
        statuses.emit('closed');
      }
    },
  };
}
