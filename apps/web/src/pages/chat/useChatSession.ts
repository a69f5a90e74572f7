// The chat screen's store: one @glucoguard/ui/chat store per open session, read with
// useSyncExternalStore; closed when the screen goes.
import { createChatStore, createChatTransport, type ChatState, type ChatStore } from '@glucoguard/ui/chat';
import { useEffect, useState, useSyncExternalStore } from 'react';
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

/** A store for `sessionId` (none while `enabled` is false: a visitor has no chat identity). */
export function useChatSession(sessionId: string, enabled: boolean): { store: ChatStore | null; state: ChatState } {
  const [store, setStore] = useState<ChatStore | null>(null);
  useEffect(() => {
    if (!enabled || sessionId === '') {
      return undefined;
    }
    const created = createChatStore({
      // The server's provider picks the transport at connect: the API's WebSocket, or Tencent Cloud
      // IM (its SDK loaded only then), where a send goes through the API (ADR 0125).
      transport: createChatTransport({
        local: { origin: window.location.origin },
        tencent: {
          send: async (session, clientId, payload) =>
            (await api().POST('/consult/v1/sendChatMessage', { body: { sessionId: session, clientId, payload } }))
              .message,
        },
      }),
      sessionId,
      querySig: () => api().GET('/consult/v1/querySig', { params: { query: {} } }),
      loadHistory: (lastMessageTime) =>
        api().GET('/consult/v1/pagedQueryMessageList', {
          params: { query: lastMessageTime === undefined ? { sessionId } : { sessionId, lastMessageTime } },
        }),
      // keepalive: leaving the chat at once (a full navigation) must not abort the mark, or the
      // messages just seen would count as unread on 我的.
      markRead: () => {
        void api()
          .POST('/consult/v1/setSessionReaded', { body: { sessionId }, keepalive: true })
          .catch(() => undefined);
      },
    });
    setStore(created);
    void created.start();
    // A phone that loses its network keeps a dead socket open for a long time: the browser's
    // offline and online events close it at once and reconnect as soon as the network is back.
    const lost = () => created.networkLost();
    const back = () => created.networkBack();
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
      created.stop();
      setStore(null);
    };
  }, [sessionId, enabled]);
  const state = useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => store?.getState() ?? IDLE,
  );
  return { store, state };
}
