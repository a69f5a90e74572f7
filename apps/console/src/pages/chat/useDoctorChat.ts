// The doctor's conversation: one @glucoguard/ui/chat store for the open session (the same client
// the patient's screen uses), over the console's own chat operations; closed when the session changes.
import {
  createChatStore,
  createChatTransport,
  type ChatMessage,
  type ChatState,
  type ChatStore,
} from '@glucoguard/ui/chat';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api } from '../../api';

const IDLE: ChatState = {
  entries: [],
  status: 'closed',
  hasMore: false,
  loadingOlder: false,
  loaded: false,
  kicked: false,
  me: null,
};

/**
 * A store for `sessionId` (none while it is null). `onMessage` hears every message the connection
 * receives, of any of the doctor's sessions, so the list can move its unread counts.
 */
export function useDoctorChat(
  sessionId: string | null,
  onMessage: (message: ChatMessage) => void,
): { store: ChatStore | null; state: ChatState } {
  const [store, setStore] = useState<ChatStore | null>(null);
  const listener = useRef(onMessage);
  listener.current = onMessage;
  useEffect(() => {
    if (sessionId === null) {
      return undefined;
    }
    // The server's provider picks the transport at connect: the API's WebSocket, or Tencent Cloud
    // IM (its SDK loaded only then), where a send goes through the console's send (ADR 0125).
    const transport = createChatTransport({
      local: { origin: window.location.origin },
      tencent: {
        send: async (session, clientId, payload) =>
          (await api.POST('/console/v1/chat/send', { body: { sessionId: session, clientId, payload } })).message,
      },
    });
    const unsubscribe = transport.onMessage((message) => listener.current(message));
    const created = createChatStore({
      transport,
      sessionId,
      querySig: () => api.GET('/console/v1/chat/sig'),
      loadHistory: (lastMessageTime) =>
        api.GET('/console/v1/chat/messages', {
          params: { query: lastMessageTime === undefined ? { sessionId } : { sessionId, lastMessageTime } },
        }),
      markRead: () => {
        void api.POST('/console/v1/chat/read', { body: { sessionId } }).catch(() => undefined);
      },
    });
    setStore(created);
    void created.start();
    // A dead socket can stay open long after the network is gone: the browser's offline and online
    // events close it at once (sends fail visibly) and reconnect as soon as the network is back.
    const lost = () => created.networkLost();
    const back = () => created.networkBack();
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
      unsubscribe();
      created.stop();
      setStore(null);
    };
  }, [sessionId]);
  const state = useSyncExternalStore(
    (notify) => store?.subscribe(notify) ?? (() => undefined),
    () => store?.getState() ?? IDLE,
  );
  return { store, state };
}
