// The chat client's store for one session on top of a ChatTransport: history paging by
// lastMessageTime, one entry per message whichever way it arrives (ack, push, history), pending →
// failed with resend, the 1 s send throttle, the kick, and reconnecting with backoff followed by a
// history catch-up. Headless: a React screen reads it with useSyncExternalStore.
import { CHAT_HISTORY_PAGE_SIZE, chatSendAllowed } from '@glucoguard/domain';
import { CHAT_NETWORK_CODE } from './local-transport';
import type { ChatClientPayload, ChatMessage, ChatSig, ChatStatus, ChatTransport } from './transport';
import { ChatSendError, isChatSendError } from './transport';

/** One line of the conversation: a stored message, or one of ours still sending or failed. */
export interface ChatEntry {
  /** `from` + clientId: unique per message (the server stores a sender's client id once). */
  key: string;
  clientId: string;
  from: string;
  payload: ChatMessage['payload'];
  /** The stored time, or for an unsent one the time it was written. */
  time: number;
  state: 'sent' | 'pending' | 'failed';
  /** The stored message's id once the server has it. */
  id?: string;
  /** Why the last send failed. */
  error?: ChatSendError;
}

export interface ChatState {
  entries: readonly ChatEntry[];
  status: ChatStatus;
  /** An older page may exist (the last page read was full). */
  hasMore: boolean;
  loadingOlder: boolean;
  /** The first history page has arrived. */
  loaded: boolean;
  /** The same account connected elsewhere: no reconnecting until the screen is opened again. */
  kicked: boolean;
  /** Setting up failed (querySig or the first page) with this refusal. */
  setupError?: ChatSendError;
  /** The caller's chat identity (querySig's imUserId) once known: entries `from` it are the caller's. */
  me: string | null;
}

export interface ChatHistoryPage {
  items: readonly ChatMessage[];
}

export interface ChatStoreOptions {
  transport: ChatTransport;
  sessionId: string;
  querySig: () => Promise<ChatSig>;
  /** A page of history before `lastMessageTime` (the newest page without it), oldest first. */
  loadHistory: (lastMessageTime: number | undefined) => Promise<ChatHistoryPage>;
  /** Called when messages from others arrive while the screen shows them (setSessionReaded). */
  markRead?: () => void;
  now?: () => number;
  newClientId?: () => string;
  /** Reconnect delays in ms; the last one repeats. */
  backoffMs?: readonly number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export const CHAT_RECONNECT_BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;
/** How many pages a catch-up after a reconnect reads at most before it stops looking further back. */
const CATCH_UP_MAX_PAGES = 20;

export type ChatSendOutcome = 'sent' | 'failed' | 'throttled';

export interface ChatStore {
  getState(): ChatState;
  subscribe(listener: () => void): () => void;
  /** Connects and reads the newest page. */
  start(): Promise<void>;
  /** Sends a new message (throttled to one a second); resolves when it is stored or failed. */
  send(payload: ChatClientPayload): Promise<ChatSendOutcome>;
  /** Sends a failed message again with its own client id (stored once whatever happens). */
  resend(key: string): Promise<ChatSendOutcome>;
  /** Reads the page before the oldest message shown. */
  loadOlder(): Promise<void>;
  /**
   * The device says the network is gone (the browser's `offline` event): the connection is closed
   * at once instead of waiting for it to time out, so sends fail visibly and reconnecting starts.
   */
  networkLost(): void;
  /** The network is back (`online`): reconnect now rather than at the next backoff step. */
  networkBack(): void;
  stop(): void;
}

const keyOf = (from: string, clientId: string) => `${from}\u0000${clientId}`;

const toError = (error: unknown): ChatSendError =>
  error instanceof ChatSendError
    ? error
    : isChatSendError(error)
      ? new ChatSendError(error.code, error.errMsg)
      : new ChatSendError(CHAT_NETWORK_CODE, '未知错误');

function randomClientId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `m${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const byTime = (a: ChatEntry, b: ChatEntry) =>
  // Stored messages in their stored order; ours still on their way after them.
  (a.state === 'sent' ? 0 : 1) - (b.state === 'sent' ? 0 : 1) || a.time - b.time;

export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { transport, sessionId } = options;
  const now = options.now ?? (() => Date.now());
  const newClientId = options.newClientId ?? randomClientId;
  const backoff = options.backoffMs ?? CHAT_RECONNECT_BACKOFF_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  const byKey = new Map<string, ChatEntry>();
  const listeners = new Set<() => void>();
  let state: ChatState = {
    entries: [],
    status: 'closed',
    hasMore: false,
    loadingOlder: false,
    loaded: false,
    kicked: false,
    me: null,
  };
  let lastSentAt: number | undefined;
  let stopped = false;
  let attempt = 0;
  let reconnectTimer: unknown;
  let unsubscribe: (() => void)[] = [];

  const publish = (patch: Partial<ChatState> = {}) => {
    state = { ...state, ...patch, entries: patch.entries ?? [...byKey.values()].sort(byTime) };
    for (const listener of [...listeners]) {
      listener();
    }
  };

  /** Takes stored messages in: each replaces whatever entry has its sender and client id. */
  const merge = (messages: readonly ChatMessage[]) => {
    let fromOthers = false;
    for (const message of messages) {
      if (message.sessionId !== sessionId) {
        continue;
      }
      const key = keyOf(message.from, message.clientId);
      const known = byKey.get(key);
      if (known?.state === 'sent' && known.id === message.id) {
        continue;
      }
      fromOthers ||= message.from !== state.me && known === undefined;
      byKey.set(key, {
        key,
        clientId: message.clientId,
        from: message.from,
        payload: message.payload,
        time: message.time,
        state: 'sent',
        id: message.id,
      });
    }
    if (fromOthers) {
      options.markRead?.();
    }
  };

  const oldestStoredTime = () => {
    let oldest: number | undefined;
    for (const entry of byKey.values()) {
      if (entry.state === 'sent' && (oldest === undefined || entry.time < oldest)) {
        oldest = entry.time;
      }
    }
    return oldest;
  };

  const newestStoredTime = () => {
    let newest: number | undefined;
    for (const entry of byKey.values()) {
      if (entry.state === 'sent' && (newest === undefined || entry.time > newest)) {
        newest = entry.time;
      }
    }
    return newest;
  };

  const deliver = async (entry: ChatEntry): Promise<ChatSendOutcome> => {
    byKey.set(entry.key, { ...entry, state: 'pending', error: undefined });
    publish();
    try {
      const message = await transport.send(sessionId, entry.clientId, entry.payload as ChatClientPayload);
      merge([message]);
      publish();
      return 'sent';
    } catch (error) {
      const current = byKey.get(entry.key);
      if (current?.state === 'pending') {
        byKey.set(entry.key, { ...current, state: 'failed', error: toError(error) });
        publish();
      }
      return byKey.get(entry.key)?.state === 'sent' ? 'sent' : 'failed';
    }
  };

  /**
   * After a reconnect: reads pages from the newest back until one reaches a message already shown
   * (or the start), so whatever arrived while the socket was down is shown once. Then messages of
   * ours that failed for want of a connection go again under their own client ids.
   */
  const catchUp = async () => {
    const newest = newestStoredTime();
    let before: number | undefined;
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
      const { items } = await options.loadHistory(before);
      merge(items);
      const first = items[0];
      if (!first || items.length < CHAT_HISTORY_PAGE_SIZE || newest === undefined || first.time <= newest) {
        break;
      }
      before = first.time;
    }
    publish();
    const unsent = [...byKey.values()].filter(
      (entry) => entry.state === 'failed' && entry.error?.code === CHAT_NETWORK_CODE,
    );
    for (const entry of unsent) {
      await deliver(entry);
    }
  };

  const scheduleReconnect = () => {
    if (stopped || state.kicked || reconnectTimer !== undefined) {
      return;
    }
    const delay = backoff[Math.min(attempt, backoff.length - 1)] ?? 1000;
    attempt += 1;
    reconnectTimer = setTimer(() => {
      reconnectTimer = undefined;
      void reconnect();
    }, delay);
  };

  const connect = async () => {
    const sig = await options.querySig();
    if (stopped) {
      return;
    }
    if (state.me !== sig.imUserId) {
      publish({ me: sig.imUserId });
    }
    await transport.connect(sig);
  };

  const reconnect = async () => {
    if (stopped || state.kicked) {
      return;
    }
    try {
      await connect();
      attempt = 0;
      await catchUp();
    } catch {
      scheduleReconnect();
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      stopped = false;
      unsubscribe = [
        transport.onMessage((message) => {
          merge([message]);
          publish();
        }),
        transport.onKicked(() => {
          publish({ kicked: true });
        }),
        transport.onStatus((status) => {
          publish({ status });
          if (status === 'closed' && state.loaded) {
            scheduleReconnect();
          }
        }),
      ];
      try {
        // Subscribe, then read: a message posted while the socket opens is in the page, one posted
        // after it arrives on the socket, and both land on one entry by their key. Read side by side,
        // a message posted between the read and the subscription (a doctor's accept just as the
        // patient opens the chat) would be missing until the next reconnect.
        await connect();
        const page = await options.loadHistory(undefined);
        merge(page.items);
        publish({ loaded: true, hasMore: page.items.length >= CHAT_HISTORY_PAGE_SIZE });
      } catch (error) {
        if (state.loaded || byKey.size > 0) {
          scheduleReconnect();
          return;
        }
        publish({ setupError: toError(error) });
      }
    },
    async send(payload) {
      const me = state.me;
      if (me === null) {
        return 'failed';
      }
      const at = now();
      if (!chatSendAllowed(lastSentAt, at)) {
        return 'throttled';
      }
      lastSentAt = at;
      const clientId = newClientId();
      const key = keyOf(me, clientId);
      return deliver({ key, clientId, from: me, payload, time: at, state: 'pending' });
    },
    async resend(key) {
      const entry = byKey.get(key);
      if (entry?.state !== 'failed') {
        return entry?.state === 'sent' ? 'sent' : 'failed';
      }
      return deliver(entry);
    },
    async loadOlder() {
      if (state.loadingOlder || !state.hasMore) {
        return;
      }
      publish({ loadingOlder: true });
      try {
        const { items } = await options.loadHistory(oldestStoredTime());
        merge(items);
        publish({ loadingOlder: false, hasMore: items.length >= CHAT_HISTORY_PAGE_SIZE });
      } catch {
        publish({ loadingOlder: false });
      }
    },
    networkLost() {
      if (!stopped && state.status !== 'closed') {
        transport.close();
      }
    },
    networkBack() {
      if (stopped || state.kicked || !state.loaded || state.status === 'open') {
        return;
      }
      if (reconnectTimer !== undefined) {
        clearTimer(reconnectTimer);
        reconnectTimer = undefined;
      }
      attempt = 0;
      void reconnect();
    },
    stop() {
      stopped = true;
      if (reconnectTimer !== undefined) {
        clearTimer(reconnectTimer);
        reconnectTimer = undefined;
      }
      for (const off of unsubscribe) {
        off();
      }
      unsubscribe = [];
      transport.close();
    },
  };
}
