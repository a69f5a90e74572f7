// The local provider's transport: the API's WebSocket (`socketPath?sig=…` from querySig).
import { CHAT_MESSAGES } from '@glucoguard/domain';
import { ChatSendError } from './transport';
import type { ChatClientPayload, ChatMessage, ChatSig, ChatStatus, ChatTransport } from './transport';

/** The close code the API gives a connection kicked by a newer login of the same account. */
export const CHAT_KICKED_CLOSE_CODE = 4409;
/** The close code of a bad or expired sig. */
export const CHAT_SIG_CLOSE_CODE = 4401;
/** How long a send waits for its ack before it counts as failed. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;
/** The code a send rejects with when the connection is not open, closes or the ack does not come. */
export const CHAT_NETWORK_CODE = -1;

/** A WebSocket as the browser (and the `ws` package in tests) gives it: only what we use. */
export interface ChatSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: { code: number }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface LocalTransportOptions {
  /** The API's origin (`https://host`); the socket URL is its ws(s) form plus the sig's socketPath. */
  origin: string;
  /** Makes a socket; the browser's WebSocket by default. */
  createSocket?: (url: string) => ChatSocket;
  ackTimeoutMs?: number;
}

interface Waiting {
  resolve: (message: ChatMessage) => void;
  reject: (error: ChatSendError) => void;
  timer: ReturnType<typeof setTimeout>;
}

type Frame =
  | { type: 'ack'; clientId: string; message: ChatMessage; duplicate: boolean }
  | { type: 'error'; clientId: string | null; code: number; errMsg: string }
  | { type: 'message'; message: ChatMessage }
  | { type: 'kicked'; errMsg: string };

const OPEN = 1;
const networkError = () => new ChatSendError(CHAT_NETWORK_CODE, CHAT_MESSAGES.resendFailed);

function parseFrame(data: unknown): Frame | undefined {
  if (typeof data !== 'string') {
    return undefined;
  }
  try {
    const frame = JSON.parse(data) as { type?: unknown } | null;
    return typeof frame?.type === 'string' ? (frame as Frame) : undefined;
  } catch {
    return undefined;
  }
}

/** The socket URL for a sig: the origin's ws(s) form, the sig's socketPath and `?sig=`. */
export function chatSocketUrl(origin: string, sig: ChatSig): string {
  const url = new URL(sig.socketPath, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('sig', sig.sig);
  return url.toString();
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

/** The local provider's ChatTransport over one WebSocket at a time. */
export function createLocalTransport(options: LocalTransportOptions): ChatTransport {
  const createSocket: (url: string) => ChatSocket = options.createSocket ?? ((url) => new WebSocket(url));
  const ackTimeoutMs = options.ackTimeoutMs ?? CHAT_ACK_TIMEOUT_MS;
  const messages = new Listeners<[ChatMessage]>();
  const kicked = new Listeners<[]>();
  const statuses = new Listeners<[ChatStatus]>();
  const waiting = new Map<string, Waiting>();
  let socket: ChatSocket | undefined;

  const failAll = () => {
    for (const [clientId, entry] of waiting) {
      clearTimeout(entry.timer);
      waiting.delete(clientId);
      entry.reject(networkError());
    }
  };

  const settle = (clientId: string | null, outcome: { message?: ChatMessage; error?: ChatSendError }) => {
    const entry = clientId === null ? undefined : waiting.get(clientId);
    if (!entry || clientId === null) {
      return;
    }
    clearTimeout(entry.timer);
    waiting.delete(clientId);
    if (outcome.message) {
      entry.resolve(outcome.message);
    } else {
      entry.reject(outcome.error ?? networkError());
    }
  };

  return {
    connect(sig) {
      const previous = socket;
      socket = undefined;
      previous?.close(1000, 'reconnect');
      failAll();
      statuses.emit('connecting');
      return new Promise<void>((resolve, reject) => {
        const current = createSocket(chatSocketUrl(options.origin, sig));
        socket = current;
        let opened = false;
        current.addEventListener('open', () => {
          if (socket !== current) {
            return;
          }
          opened = true;
          statuses.emit('open');
          resolve();
        });
        current.addEventListener('message', (event) => {
          const frame = parseFrame(event.data);
          if (socket !== current || !frame) {
            return;
          }
          if (frame.type === 'ack') {
            settle(frame.clientId, { message: frame.message });
          } else if (frame.type === 'error') {
            settle(frame.clientId, { error: new ChatSendError(frame.code, frame.errMsg) });
          } else if (frame.type === 'message') {
            messages.emit(frame.message);
          }
        });
        current.addEventListener('close', (event) => {
          if (socket !== current) {
            return;
          }
          socket = undefined;
          failAll();
          if (event.code === CHAT_KICKED_CLOSE_CODE) {
            kicked.emit();
          }
          statuses.emit('closed');
          if (!opened) {
            reject(networkError());
          }
        });
      });
    },
    send(sessionId, clientId, payload: ChatClientPayload) {
      return new Promise<ChatMessage>((resolve, reject) => {
        const current = socket;
        if (current?.readyState !== OPEN) {
          reject(networkError());
          return;
        }
        waiting.get(clientId)?.reject(networkError());
        const timer = setTimeout(() => settle(clientId, { error: networkError() }), ackTimeoutMs);
        waiting.set(clientId, { resolve, reject, timer });
        current.send(JSON.stringify({ type: 'send', sessionId, clientId, payload }));
      });
    },
    onMessage: (listener) => messages.add(listener),
    onKicked: (listener) => kicked.add(listener),
    onStatus: (listener) => statuses.add(listener),
    close() {
      const current = socket;
      socket = undefined;
      failAll();
      current?.close(1000, 'closed');
      if (current) {
        statuses.emit('closed');
      }
    },
  };
}
